import { usePayloadDraft } from './payloadDraft';

/**
 * The placeholders an answer shows unfilled (`Hi {customer_name},`): the agent's prompt has a
 * `{name}` the payload did not fill. Each is said in words, with a button that adds the key to
 * the request tab's payload when there is one to add it to. The names come from the answer and
 * are shown as text, like the rest of it.
 */
export function UnfilledPlaceholders({ names }: { names: readonly string[] }) {
  const draft = usePayloadDraft();
  if (names.length === 0) return null;
  return (
    <ul className="list-stack answer-unfilled" aria-label="Unfilled placeholders">
      {names.map((name) => (
        <li key={name} className="field-warning">
          The answer shows <code className="mono">{`{${name}}`}</code> unfilled: add it to the payload.{' '}
          {draft?.keys?.includes(name) ? (
            <span className="muted">It is in the payload now: invoke again to fill it.</span>
          ) : (
            draft?.keys && (
              <button type="button" className="button-quiet small" onClick={() => draft.addKey(name)}>
                Add {name} to the payload
              </button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}
