import { useId, type Ref } from 'react';
import { ExportReportButton } from './ExportReport';

/** Why Compare cannot be used with this many selected, or null when it can (exactly two). */
export function compareHint(count: number): string | null {
  if (count === 2) return null;
  if (count < 2) return 'Select two entries to compare.';
  return `Select two entries to compare (${count} are selected).`;
}

/**
 * What can be done with the selected history entries, shown while any are selected. Each
 * action takes the ids in the order they were selected (Compare shows the first on the left).
 * Compare needs exactly two: otherwise it is disabled and a visible hint, which it is also
 * described by, says why.
 */
export function HistorySelectionBar({
  selected,
  onClear,
  onCompare,
  compareRef,
}: {
  selected: readonly number[];
  onClear: () => void;
  onCompare: (ids: readonly [number, number]) => void;
  /** The Compare button, so closing a comparison can give it focus back. */
  compareRef?: Ref<HTMLButtonElement>;
}) {
  const hintId = useId();
  if (selected.length === 0) return null;
  const hint = compareHint(selected.length);
  const [first, second] = selected;
  return (
    <div className="history-selection-bar" role="group" aria-label="Selected entries">
      <span className="small" aria-live="polite">
        {selected.length === 1 ? '1 entry selected' : `${selected.length} entries selected`}
      </span>
      <button
        ref={compareRef}
        type="button"
        className="button-quiet button-small"
        disabled={hint !== null}
        aria-describedby={hint === null ? undefined : hintId}
        onClick={() => {
          if (first !== undefined && second !== undefined && hint === null) onCompare([first, second]);
        }}
      >
        Compare
      </button>
      <ExportReportButton ids={selected} />
      <button type="button" className="button-quiet button-small" onClick={onClear}>
        Clear selection
      </button>
      {hint !== null && (
        <span id={hintId} className="small muted">
          {hint}
        </span>
      )}
    </div>
  );
}
