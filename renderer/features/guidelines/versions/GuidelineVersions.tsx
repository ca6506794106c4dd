import { useState } from 'react';
import { useGuidelineVersions, useLibraryList } from '../queries/library';
import { LazyCompareVersions } from './LazyCompareVersions';

/**
 * The top of the Guideline region for a guideline in the library: "Changed since you last read
 * it" when a version newer than the one last read was kept (the same flag the library list shows,
 * read from the same entry, so the two always agree), and a **Compare versions** button once two
 * or more versions are kept.
 */
export function GuidelineVersions({ profileId, guidelineId }: { profileId: string | undefined; guidelineId: string | null }) {
  const [open, setOpen] = useState(false);
  const entry = useLibraryList(profileId).data?.find((candidate) => candidate.guidelineId === guidelineId);
  const ref =
    profileId !== undefined && guidelineId !== null && entry !== undefined && entry.latestVersion >= 2 ? { profileId, guidelineId } : null;
  const versions = useGuidelineVersions(ref).data;
  if (!entry || profileId === undefined || guidelineId === null) return null;
  const latest = entry.latestVersion;
  // Start from the version last read when it is older than the latest, else the one before it.
  const from = entry.readVersion !== null && entry.readVersion < latest ? entry.readVersion : latest - 1;
  return (
    <div className="guideline-versions">
      <div className="cluster guideline-versions-bar">
        {entry.changedSinceRead && (
          <p className="chip chip-warning" role="note">
            Changed since you last read it
            {entry.readVersion !== null ? ` (you read version ${entry.readVersion}; this is version ${latest})` : ''}
          </p>
        )}
        {versions && versions.length >= 2 && (
          <button type="button" className="button-quiet button-small" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            Compare versions
          </button>
        )}
      </div>
      {open && versions && versions.length >= 2 && (
        <LazyCompareVersions
          key={`${guidelineId}\n${latest}`}
          profileId={profileId}
          guidelineId={guidelineId}
          versions={versions}
          initial={[from, latest]}
        />
      )}
    </div>
  );
}
