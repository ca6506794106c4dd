import { useId, useState, type Ref } from 'react';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { useDeleteHistoryEntries } from './queries/historyManage';

import { NewSuiteFromHistoryButton } from '../runs/NewSuiteFromHistory';
import { ExportReportButton } from './ExportReport';
import { FailureLine } from '../../ui/ErrorPanel';

const entries = (count: number) => (count === 1 ? '1 entry' : `${count.toLocaleString()} entries`);

/** Why Compare cannot be used with this many selected, or null when it can (exactly two). */
function compareHint(count: number): string | null {
  if (count === 2) return null;
  if (count < 2) return 'Select two entries to compare.';
  return `Select two entries to compare (${count} are selected).`;
}

/**
 * What can be done with the selected history entries, shown while any are selected. Each
 * action takes the ids in the order they were selected (Compare shows the first on the left).
 * Compare needs exactly two: otherwise it is disabled and a visible hint, which it is also
 * described by, says why. Delete selected asks first, naming how many go and how many of them
 * are pinned.
 */
export function HistorySelectionBar({
  selected,
  pinnedSelected,
  onClear,
  onDeleted,
  onCompare,
  compareRef,
}: {
  selected: readonly number[];
  /** How many of the selected entries are known to be pinned (from the rows loaded). */
  pinnedSelected: number;
  onClear: () => void;
  onDeleted: (ids: number[]) => void;
  onCompare: (ids: readonly [number, number]) => void;
  /** The Compare button, so closing a comparison can give it focus back. */
  compareRef?: Ref<HTMLButtonElement>;
}) {
  const hintId = useId();
  const remove = useDeleteHistoryEntries();
  const [confirming, setConfirming] = useState(false);
  const [deleteRef, focusBack] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  if (selected.length === 0) return null;
  const hint = compareHint(selected.length);
  const [first, second] = selected;
  return (
    <div className="cluster history-selection-bar" role="group" aria-label="Selected entries">
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
      <NewSuiteFromHistoryButton ids={selected} />
      <button type="button" className="button-quiet button-small" onClick={onClear}>
        Clear selection
      </button>
      {hint !== null && (
        <span id={hintId} className="small muted">
          {hint}
        </span>
      )}
      {!confirming && (
        <button ref={deleteRef} type="button" className="button-quiet button-small button-danger" onClick={() => setConfirming(true)}>
          Delete selected
        </button>
      )}
      {confirming && (
        <ConfirmStep
          label="Confirm delete selected"
          confirmLabel={`Delete ${entries(selected.length)}`}
          pending={remove.isPending}
          onCancel={() => {
            focusBack();
            setConfirming(false);
          }}
          onConfirm={() => {
            const ids = [...selected];
            remove.mutate(
              { ids },
              {
                onSuccess: () => {
                  setConfirming(false);
                  onDeleted(ids);
                },
              },
            );
          }}
        >
          Delete {selected.length === 1 ? 'the selected entry' : `the ${selected.length.toLocaleString()} selected entries`}
          {pinnedSelected > 0
            ? selected.length === 1
              ? ', although it is pinned'
              : `, ${pinnedSelected === 1 ? 'one of them pinned' : `${pinnedSelected} of them pinned`}`
            : ''}
          ? This cannot be undone.
        </ConfirmStep>
      )}
      <FailureLine failed={remove.isError} error={remove.error} />
    </div>
  );
}
