import { useId } from 'react';

/**
 * The keys the host learned from answered requests, for review. They are marked "learned",
 * apart from the placeholders the user entered or the Sandbox knows, because a request with a
 * misspelt key is answered like any other: each one the agent's placeholders do not contain is
 * "not confirmed" until the user confirms it (it joins the placeholders) or removes it. Both
 * change the form; saving the entry applies them.
 */
export function LearnedKeys({
  learnedKeys,
  removed,
  isPlaceholder,
  onConfirm,
  onRemove,
}: {
  learnedKeys: readonly string[];
  /** How many learned keys the review removed so far (saved with the entry). */
  removed: number;
  isPlaceholder: (key: string) => boolean;
  onConfirm: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const labelId = useId();
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        Learned keys
      </span>
      {learnedKeys.length === 0 ? (
        <p className="muted small">
          {removed > 0 ? 'None left.' : 'None yet: keys are learned from requests the platform answered with success.'}
        </p>
      ) : (
        <>
          <p className="field-hint">
            Payload keys of requests the platform answered. A misspelt key is answered and learned too: confirm the right ones (they become
            placeholders), remove the others, then save the entry.
          </p>
          {learnedKeys.some((key) => !isPlaceholder(key)) && (
            <p className="field-hint">Keys not confirmed stay on this machine: an exported workspace file leaves them out.</p>
          )}
          <ul className="learned-keys" aria-labelledby={labelId}>
            {learnedKeys.map((key) => {
              const confirmed = isPlaceholder(key);
              return (
                <li key={key} className="learned-key">
                  <code className="mono">{key}</code> <span className="chip">learned</span>{' '}
                  {confirmed ? (
                    <span className="chip">placeholder</span>
                  ) : (
                    <>
                      <span className="chip chip-warning">not confirmed</span>{' '}
                      <button type="button" className="button-quiet small" aria-label={`Confirm ${key}`} onClick={() => onConfirm(key)}>
                        Confirm
                      </button>
                    </>
                  )}{' '}
                  <button type="button" className="button-quiet small" aria-label={`Remove ${key}`} onClick={() => onRemove(key)}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {removed > 0 && (
        <p className="field-warning" role="status">
          {removed === 1 ? '1 learned key is' : `${removed} learned keys are`} removed when you save the entry.
        </p>
      )}
    </div>
  );
}
