import { useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { useDeleteHistoryEntries } from '../../queries/historyManage';

const entries = (count: number) => (count === 1 ? '1 entry' : `${count.toLocaleString()} entries`);

/**
 * What can be done with the selected history entries, shown while any are selected. Each
 * action takes the ids in the order they were selected (Compare shows the first on the left).
 * Delete selected asks first, naming how many go and how many of them are pinned.
 */
export function HistorySelectionBar({
  selected,
  pinnedSelected,
  onClear,
  onDeleted,
}: {
  selected: readonly number[];
  /** How many of the selected entries are known to be pinned (from the rows loaded). */
  pinnedSelected: number;
  onClear: () => void;
  onDeleted: (ids: number[]) => void;
}) {
  const remove = useDeleteHistoryEntries();
  const [confirming, setConfirming] = useState(false);
  const [deleteRef, focusBack] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  if (selected.length === 0) return null;
  return (
    <div className="history-selection-bar" role="group" aria-label="Selected entries">
      <span className="small" aria-live="polite">
        {selected.length === 1 ? '1 entry selected' : `${selected.length} entries selected`}
      </span>
      <button type="button" className="button-quiet button-small" onClick={onClear}>
        Clear selection
      </button>
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
            remove.mutate({ ids }, { onSuccess: () => {
              setConfirming(false);
              onDeleted(ids);
            } });
          }}
        >
          Delete {selected.length === 1 ? 'the selected entry' : `the ${selected.length.toLocaleString()} selected entries`}
          {pinnedSelected > 0 ? selected.length === 1 ? ', although it is pinned' : `, ${pinnedSelected === 1 ? 'one of them pinned' : `${pinnedSelected} of them pinned`}` : ''}? This cannot be undone.
        </ConfirmStep>
      )}
      {remove.isError && (
        <p role="alert" className="field-error">
          {thrownMessage(remove.error)}
        </p>
      )}
    </div>
  );
}
