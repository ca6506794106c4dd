import { useId, useMemo, useState } from 'react';
import type { GuidelineVersionSummary } from '../../../../electron/shared/api';
import { useGuidelineCopy } from '../queries/library';
import { shownTime } from '../library/libraryText';
import { blockDiff, sourceDiff, VERSION_LIMITS } from './blockDiff';
import { deadlineIn } from '../../history/wordDiff';
import { RenderedVersionDiff, SourceVersionDiff } from './VersionDiffView';

const versionLabel = (summary: GuidelineVersionSummary) => `Version ${summary.version}, fetched ${shownTime(summary.fetchedAt)}`;

function VersionPicker({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number;
  versions: GuidelineVersionSummary[];
  onChange: (version: number) => void;
}) {
  const id = useId();
  return (
    <div className="field field-inline">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {versions.map((summary) => (
          <option key={summary.version} value={summary.version}>
            {versionLabel(summary)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A diff between any two kept versions of a guideline: both picked by the person, starting from
 * the version last read (or the one before the latest) against the latest. Shown rendered (the
 * text with its changes marked) or as source (the markdown, line by line).
 */
export function CompareVersions({
  profileId,
  guidelineId,
  versions,
  initial,
}: {
  profileId: string;
  guidelineId: string;
  /** Newest first, at least two. */
  versions: GuidelineVersionSummary[];
  initial: readonly [number, number];
}) {
  const [[from, to], setPair] = useState<readonly [number, number]>(initial);
  const [view, setView] = useState<'rendered' | 'source'>('rendered');
  const before = useGuidelineCopy({ profileId, guidelineId, version: from });
  const after = useGuidelineCopy({ profileId, guidelineId, version: to });
  const beforeText = before.data?.ok ? before.data.value.guideline.content : null;
  const afterText = after.data?.ok ? after.data.value.guideline.content : null;
  const diffs = useMemo(() => {
    if (beforeText === null || afterText === null) return null;
    // One budget for both views, as History's Compare shares one across its texts.
    const deadline = deadlineIn(VERSION_LIMITS.budgetMs);
    return {
      blocks: blockDiff(beforeText, afterText, VERSION_LIMITS, deadline),
      source: sourceDiff(beforeText, afterText, VERSION_LIMITS, deadline),
    };
  }, [beforeText, afterText]);
  const failed = [before.data, after.data].find((data) => data !== undefined && !data.ok);

  return (
    <section className="compare-versions" aria-label="Version comparison">
      <div className="compare-versions-pickers">
        <VersionPicker label="Compare" value={from} versions={versions} onChange={(version) => setPair([version, to])} />
        <VersionPicker label="with" value={to} versions={versions} onChange={(version) => setPair([from, version])} />
        <div className="segmented" role="group" aria-label="Show the diff">
          <button
            type="button"
            className="button-quiet button-small"
            aria-pressed={view === 'rendered'}
            onClick={() => setView('rendered')}
          >
            Rendered
          </button>
          <button type="button" className="button-quiet button-small" aria-pressed={view === 'source'} onClick={() => setView('source')}>
            Source
          </button>
        </div>
      </div>
      <p className="diff-legend small">
        Marked in words as well as colour: <ins className="diff-added">added</ins> text is underlined and labelled Added,{' '}
        <del className="diff-removed">removed</del> text struck through and labelled Removed.
      </p>
      {failed && !failed.ok && <p className="inline-error">Could not read a kept version: {failed.error.message}</p>}
      {!failed && diffs === null && (
        <p role="status" className="muted">
          Reading the kept versions…
        </p>
      )}
      {diffs && from === to && <p className="muted small">The same version is picked twice: pick another to see changes.</p>}
      {diffs && (view === 'rendered' ? <RenderedVersionDiff diff={diffs.blocks} /> : <SourceVersionDiff diff={diffs.source} />)}
    </section>
  );
}
