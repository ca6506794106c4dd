/**
 * How the payload's keys compare with what is known of the agent: placeholders it lacks
 * (the prompt would keep a hole) and keys that are new (a typo, or never sent before).
 * Shown only for agents the app knows something about; for any other agent every key
 * would be "new", which says nothing.
 */
export function KeyIndicators({ missing, newKeys }: { missing: readonly string[]; newKeys: readonly string[] }) {
  if (missing.length === 0 && newKeys.length === 0) return null;
  return (
    <div className="key-indicators">
      {missing.length > 0 && (
        <p className="field-hint key-missing-list">
          <span>Missing placeholders:</span>
          {missing.map((name) => (
            <code key={name} className="chip chip-warning mono">
              {name}
            </code>
          ))}
        </p>
      )}
      {newKeys.length > 0 && (
        <p className="field-hint">
          <span>New keys, not known for this agent:</span>
          {newKeys.map((name) => (
            <code key={name} className="chip mono">
              {name}
            </code>
          ))}
        </p>
      )}
    </div>
  );
}
