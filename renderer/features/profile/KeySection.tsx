import { useId, type RefObject } from 'react';
import type { ProfileSummary } from '../../../electron/shared/api';
import { useClearProfileKey, useSetProfileKey } from './queries/profileKey';
import { keyStatusText } from './ProfileBadges';
import { SecretInput, WriteOnlySecret, type SecretActions } from './WriteOnlySecret';

/**
 * A profile's API key, write-only (see WriteOnlySecret). The key is given with the base URL on
 * screen, so the host refuses it if the profile has moved to another server meanwhile.
 */
export function KeySection({ profile }: { profile: ProfileSummary }) {
  const setKey = useSetProfileKey();
  const clearKey = useClearProfileKey();
  const actions: SecretActions = {
    busy: setKey.isPending || clearKey.isPending,
    set: (key, callbacks) =>
      setKey.mutate(
        { profileId: profile.id, key, forBaseUrl: profile.baseUrl },
        {
          ...callbacks,
          onSettled: () => {
            callbacks.onSettled();
            // Let go of the (already emptied) mutation so it leaves the cache at once (gcTime 0).
            setKey.reset();
          },
        },
      ),
    clear: (callbacks) => clearKey.mutate({ profileId: profile.id }, callbacks),
  };
  return (
    <WriteOnlySecret
      status={profile.key}
      statusText={keyStatusText(profile.key)}
      note={
        profile.key.set &&
        profile.key.origin && (
          <p className="muted small">
            Sent only to <span className="mono">{profile.key.origin}</span>, the server it was saved for.
          </p>
        )
      }
      focusName="api-key"
      actions={actions}
      words={{
        heading: 'Key',
        label: 'API key',
        noun: 'API key',
        placeholder: { unset: 'Paste the key', set: 'Paste a new key to replace the current one' },
        empty: 'Paste the key first.',
        save: 'Save key',
        replace: 'Replace key',
        clear: 'Clear key',
        confirmGroup: 'Confirm clear key',
        confirm: 'Yes, clear key',
        clearQuestion: (
          <>
            Clear the key of <strong>{profile.name}</strong>? Agent Explorer never shows a saved key, so it cannot be recovered from here:
            you will need the key again to use this profile.
          </>
        ),
      }}
    />
  );
}

/**
 * The key in the New profile form, beside the name and URL. Optional, and write-only like the
 * Key section: a password input never filled from anything, read once when the profile is made
 * (see NewProfilePanel).
 */
export function NewProfileKeyField({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const ids = { input: useId(), hint: useId() };
  return (
    <div className="field">
      <label htmlFor={ids.input}>API key</label>
      <SecretInput
        inputRef={inputRef}
        id={ids.input}
        placeholder="Paste the key (optional)"
        focusName="new-api-key"
        noun="API key"
        describedBy={ids.hint}
      />
      <p id={ids.hint} className="field-hint">
        Optional. Saved when the profile is created, sent only to this base URL, and never shown again.
      </p>
    </div>
  );
}
