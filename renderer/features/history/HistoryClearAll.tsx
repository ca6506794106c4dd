import { useId, useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { useClearHistory, useHistoryCounts } from './queries/historyManage';
import { FailureLine } from '../../ui/ErrorPanel';

const entries = (count: number) => (count === 1 ? '1 entry' : `${count.toLocaleString()} entries`);

/** What Clear all would delete, in a sentence: how many go, and what happens to the pinned ones. */
function clearSentence(total: number, pinned: number, alsoPinned: boolean): string {
  if (total === 0) return 'The history is empty: there is nothing to clear.';
  if (pinned === 0) return `Delete all ${entries(total)} in the history? This cannot be undone.`;
  if (alsoPinned)
    return (
      `Delete all ${entries(total)} in the history, the ` +
      `${pinned === 1 ? 'pinned one' : `${pinned.toLocaleString()} pinned ones`} too? This cannot be undone.`
    );
  const going = total - pinned;
  const kept = pinned === 1 ? 'The pinned entry is kept.' : `The ${pinned.toLocaleString()} pinned entries are kept.`;
  return going === 0
    ? `Every entry is pinned, so nothing would be deleted. ${kept}`
    : `Delete ${entries(going)} from the history? ${kept} This cannot be undone.`;
}

/**
 * Clear all, in the History card's head. The confirmation counts what goes (asked of the host
 * when it opens: the list holds only the pages loaded) and keeps pinned entries unless the user
 * ticks otherwise, since pinning is how a user says "keep this".
 */
export function HistoryClearAll({ onCleared }: { onCleared: (keepPinned: boolean, deleted: number) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [alsoPinned, setAlsoPinned] = useState(false);
  const counts = useHistoryCounts(confirming);
  const clear = useClearHistory();
  const [openerRef, focusBack] = useFocusBackOnCancel<HTMLButtonElement>(confirming);
  const checkboxId = useId();
  const close = () => {
    focusBack();
    setConfirming(false);
    setAlsoPinned(false);
  };
  if (!confirming) {
    return (
      <button ref={openerRef} type="button" className="button-quiet button-small button-danger" onClick={() => setConfirming(true)}>
        Clear all
      </button>
    );
  }
  const total = counts.data?.total ?? 0;
  const pinned = counts.data?.pinned ?? 0;
  const nothing = counts.data !== undefined && (total === 0 || (pinned === total && !alsoPinned));
  return (
    <div className="history-clear-all">
      <ConfirmStep
        label="Confirm clear all"
        confirmLabel="Clear all"
        pending={!counts.data || nothing || clear.isPending}
        onCancel={close}
        onConfirm={() =>
          clear.mutate(
            { keepPinned: !alsoPinned },
            {
              onSuccess: ({ deleted }) => {
                onCleared(!alsoPinned, deleted);
                close();
              },
            },
          )
        }
      >
        {counts.isError
          ? `The history could not be counted: ${thrownMessage(counts.error)}`
          : counts.data
            ? clearSentence(total, pinned, alsoPinned)
            : 'Counting the entries…'}{' '}
        {/* A long history takes seconds to clear: said while it runs (the section's status line says when it is done). */}
        <span aria-live="polite">{clear.isPending ? `Deleting ${entries(alsoPinned ? total : total - pinned)}…` : ''}</span>
        {pinned > 0 && (
          <span className="history-clear-pinned">
            <input id={checkboxId} type="checkbox" checked={alsoPinned} onChange={(event) => setAlsoPinned(event.target.checked)} />{' '}
            <label htmlFor={checkboxId}>Also delete pinned entries</label>
          </span>
        )}
      </ConfirmStep>
      <FailureLine failed={clear.isError} error={clear.error} />
    </div>
  );
}
