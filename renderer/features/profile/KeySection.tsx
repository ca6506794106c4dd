import { useId, useRef, useState } from 'react';
import type { ProfileSummary } from '../../../electron/shared/contract';
import { thrownMessage } from '../../lib/errorKinds';
import { KeyInTransit, useClearProfileKey, useSetProfileKey } from '../../queries/profileKey';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { FieldNotes } from '../../ui/FormFields';
import { keyStatusText } from './ProfileBadges';

/**
 * A profile's API key, write-only, the way a password manager treats a password.
 *
 * The key lives only in the password input's own DOM value: the input is uncontrolled, so
 * the key is in no React state, prop or query cache. It is
 * read at the moment of saving, handed to the host in a one-shot holder, and the input is
 * emptied when the call settles, whether it succeeded or not; it is never shown again, not
 * even masked. What the user sees afterwards is where the key is kept, never the key.
 * For the same reason Clear asks first: a cleared key cannot be had back from here.
 */
export function KeySection({ profile }: { profile: ProfileSummary }) {
  const setKey = useSetProfileKey();
  const clearKey = useClearProfileKey();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), error: useId(), status: useId(), heading: useId() };
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearButtonRef, clearCancelled] = useFocusBackOnCancel<HTMLButtonElement>(confirmingClear);
  const busy = setKey.isPending || clearKey.isPending;

  function save() {
    const input = inputRef.current;
    if (!input || busy) return;
    if (input.value.trim() === '') {
      setError('Paste the key first.');
      input.focus();
      return;
    }
    setError(null);
    setKey.mutate(
      { profileId: profile.id, key: new KeyInTransit(input.value), forBaseUrl: profile.baseUrl },
      {
        onSuccess: (result) => {
          if (!result.ok) setError(result.error.message);
        },
        onError: (thrown) => setError(thrownMessage(thrown)),
        onSettled: () => {
          input.value = '';
          // Let go of the (already emptied) mutation so it leaves the cache at once (gcTime 0).
          setKey.reset();
        },
      },
    );
  }

  function clear() {
    setConfirmingClear(false);
    setError(null);
    clearKey.mutate(
      { profileId: profile.id },
      {
        onSuccess: (result) => {
          if (!result.ok) setError(result.error.message);
        },
        onError: (thrown) => setError(thrownMessage(thrown)),
        // The Clear key button goes away with the key: keep focus in the section.
        onSettled: () => inputRef.current?.focus(),
      },
    );
  }

  return (
    <section className="profile-section" aria-labelledby={ids.heading}>
      <h4 id={ids.heading} className="section-title">
        Key
      </h4>
      <p id={ids.status} role="status" className={profile.key.set ? 'key-status key-status-set' : 'key-status'}>
        {keyStatusText(profile.key)}
      </p>
      {profile.key.set && profile.key.origin && (
        <p className="muted small">
          Sent only to <span className="mono">{profile.key.origin}</span>, the server it was saved for.
        </p>
      )}
      <form
        className="key-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={ids.input}>API key</label>
          <input
            ref={inputRef}
            id={ids.input}
            type="password"
            className="input mono"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={profile.key.set ? 'Paste a new key to replace the current one' : 'Paste the key'}
            // Read-only, not disabled, while saving: a disabled input would drop the focus.
            readOnly={busy}
            data-focus="api-key"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.error} ${ids.status}` : ids.status}
            onChange={() => setError(null)}
          />
          <FieldNotes ids={ids} error={error} />
        </div>
        <div className="actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {profile.key.set ? 'Replace key' : 'Save key'}
          </button>
          {profile.key.set && !confirmingClear && (
            <button ref={clearButtonRef} type="button" className="button-quiet" disabled={busy} onClick={() => setConfirmingClear(true)}>
              Clear key
            </button>
          )}
        </div>
        {profile.key.set && confirmingClear && (
          <ConfirmStep
            label="Confirm clear key"
            confirmLabel="Yes, clear key"
            onCancel={() => {
              clearCancelled();
              setConfirmingClear(false);
            }}
            onConfirm={clear}
            pending={busy}
          >
            Clear the key of <strong>{profile.name}</strong>? Agent Explorer never shows a saved key, so it cannot be
            recovered from here: you will need the key again to use this profile.
          </ConfirmStep>
        )}
      </form>
    </section>
  );
}
