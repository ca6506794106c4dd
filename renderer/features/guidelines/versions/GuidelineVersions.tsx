import { useEffect, useState } from 'react';
import { useGuidelineVersions, useLibraryChanges, useLibraryList } from '../queries/library';
import { LazyCompareVersions } from './LazyCompareVersions';

/**
 * The top of the Guideline region for a guideline in the library: what changed since it was
 * last read, and a **Compare versions** button once two or more versions are kept.
 *
 * A version shown here is a version read: when the library says the one on screen is newer than
 * the one last read, it is marked read at once (the library list's "Changed since you last read
 * it" goes), and this view says, for as long as it shows that version, which version was read
 * before, with Compare versions starting from it.
 */
export function GuidelineVersions({ profileId, guidelineId }: { profileId: string | undefined; guidelineId: string | null }) {
  const [open, setOpen] = useState(false);
  const entry = useLibraryList(profileId).data?.find((candidate) => candidate.guidelineId === guidelineId);
  const ref =
    profileId !== undefined && guidelineId !== null && entry !== undefined && entry.latestVersion >= 2 ? { profileId, guidelineId } : null;
  const versions = useGuidelineVersions(ref).data;
  const { markRead } = useLibraryChanges();
  // The version read before the one on screen, kept while this guideline's latest version is shown.
  const [readBefore, setReadBefore] = useState<{ key: string; version: number | null } | null>(null);
  const key = entry ? `${profileId}\n${guidelineId}\n${entry.latestVersion}` : null;
  const changed = entry?.changedSinceRead === true;
  const { mutate: markAsRead } = markRead;
  // Noted while rendering (React's way to keep state derived from props), marked read once per version.
  if (changed && entry && key !== null && readBefore?.key !== key) setReadBefore({ key, version: entry.readVersion });
  useEffect(() => {
    if (changed && profileId !== undefined && guidelineId !== null) markAsRead({ profileId, guidelineId });
  }, [changed, key, profileId, guidelineId, markAsRead]);
  if (!entry || profileId === undefined || guidelineId === null) return null;
  const latest = entry.latestVersion;
  const before = readBefore?.key === key ? readBefore : null;
  // Start from the version read before when there is one, else the one before the latest.
  const from = before?.version != null && before.version < latest ? before.version : latest - 1;
  return (
    <div className="guideline-versions">
      <div className="cluster guideline-versions-bar">
        {before && (
          <p className="chip chip-warning" role="note">
            Changed since you last read it
            {before.version !== null ? ` (you read version ${before.version}; this is version ${latest})` : ''}
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
