import { useState } from 'react';
import type { KeyIndicatorsData, KeyTypo } from '../../../lib/agentKnowledge';
import { thrownMessage } from '../../../lib/errorKinds';
import { useCatalog, useSaveCatalogAgent } from '../../catalog/queries/catalog';
import { useProfiles } from '../../profile/queries/profiles';

/**
 * How the payload's keys compare with what is known of the agent: placeholders it lacks
 * (the prompt would keep a hole), keys that are new (a typo, or never sent before), and keys
 * only learned from an answered request, never confirmed. The last stay flagged because the
 * platform answers a request with a misspelt key as readily as a right one; Confirm makes the
 * key one of the agent's placeholders in the catalog. A key a small edit away from a missing
 * placeholder gets "did you mean …?" and a button that renames it in the text (`onRename`).
 * Shown only for agents the app knows something about; for any other agent every key would be
 * "new", which says nothing.
 */
export function KeyIndicators({
  missing,
  newKeys,
  unconfirmed,
  typos,
  agentId,
  onRename,
}: KeyIndicatorsData & { onRename: (typo: KeyTypo) => void }) {
  if (missing.length === 0 && newKeys.length === 0 && unconfirmed.length === 0 && typos.length === 0) return null;
  return (
    <div className="key-indicators">
      {typos.map((typo) => (
        <p key={typo.key} className="field-warning key-typo">
          <code className="chip chip-warning mono">{typo.key}</code> is not a placeholder of this agent: did you mean{' '}
          <code className="mono">{typo.suggestion}</code>?{' '}
          <button type="button" className="button-quiet small" onClick={() => onRename(typo)}>
            Rename to {typo.suggestion}
          </button>
        </p>
      ))}
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
      {unconfirmed.length > 0 && <UnconfirmedKeys keys={unconfirmed} agentId={agentId} />}
    </div>
  );
}

/** Learned keys the agent's placeholders do not contain, each with a Confirm button. */
function UnconfirmedKeys({ keys, agentId }: { keys: readonly string[]; agentId: string }) {
  const profileId = useProfiles().data?.activeProfileId;
  const entry = useCatalog().data?.find((candidate) => candidate.agentId === agentId) ?? null;
  const save = useSaveCatalogAgent();
  const [error, setError] = useState<string | null>(null);

  function confirm(key: string) {
    if (!entry || profileId === undefined) return;
    setError(null);
    const { agentId: id, name, notes, tags, placeholders } = entry;
    save.mutate(
      { profileId, request: { agentId: id, name, notes, tags, placeholders: [...placeholders, key] } },
      {
        onSuccess: (result) => {
          if (!result.ok) setError(result.error.message);
        },
        onError: (thrown) => setError(thrownMessage(thrown)),
      },
    );
  }

  return (
    <>
      <p className="field-hint key-unconfirmed-list">
        <span>Learned, not confirmed (check the spelling):</span>
        {keys.map((name) => (
          <span key={name} className="key-unconfirmed">
            <code className="chip chip-warning mono">{name}</code>
            {entry && (
              <button
                type="button"
                className="button-quiet small"
                disabled={save.isPending}
                onClick={() => confirm(name)}
                aria-label={`Confirm ${name}`}
              >
                Confirm
              </button>
            )}
          </span>
        ))}
      </p>
      {error && (
        <p className="inline-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
