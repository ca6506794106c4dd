import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { Api, KeyStatus, ProfileSecretName, ProfilesState } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiMutation } from '../../../host/api';
import { markProfileAnswersStale, storeAnsweredState } from './profiles';
import { queryKeys } from '../../history/queries/keys';

/**
 * The API key, write-only. The renderer can set, replace and clear a key, and learns only
 * `KeyStatus` back; nothing here can read a key. The profile's other secrets (the proxy
 * password, the certificate's passphrase) go the same way, in the same holder.
 *
 * The key must not outlive the call in the renderer either. TanStack Query keeps every
 * mutation's `variables` in its mutation cache (for `gcTime` after the last observer goes),
 * so the key is not passed as a plain string: it travels in a `KeyInTransit`, which hands it
 * over once, to the host call, and is empty from then on. `gcTime: 0` drops even the empty
 * holder as soon as nothing observes the mutation.
 */
export class KeyInTransit {
  #key: string | null;

  constructor(key: string) {
    this.#key = key;
  }

  /** The key, once; afterwards an empty string. */
  take(): string {
    const key = this.#key ?? '';
    this.#key = null;
    return key;
  }

  /** Never serialised: logging or persisting the variables shows a marker, not the key. */
  toJSON(): string {
    return '[key]';
  }

  /** Never turned into text either (template strings, error messages). */
  toString(): string {
    return '[key]';
  }
}

/** What the Save key button sends: the profile and the key in its one-shot holder. */
export interface SetKeyVariables {
  profileId: string;
  key: KeyInTransit;
  /** The base URL shown when the key was given: the host refuses the key if the profile has moved since. */
  forBaseUrl?: string;
}

/**
 * Puts a key's (or another secret's) status on the cached profile, so the status line changes
 * without waiting for a refetch.
 */
function patchKeyStatus(queryClient: QueryClient, profileId: string, key: KeyStatus, name: 'key' | ProfileSecretName = 'key'): void {
  queryClient.setQueryData<ProfilesState>(
    queryKeys.profiles(),
    (state) =>
      state && {
        ...state,
        profiles: state.profiles.map((profile) =>
          profile.id !== profileId
            ? profile
            : name === 'key'
              ? { ...profile, key }
              : { ...profile, secrets: { ...profile.secrets, [name]: key } },
        ),
      },
  );
}

/**
 * After a key change: the new status goes into the cached profile, the profiles are fetched
 * again (the host is the authority, e.g. on warnings), and profile-dependent answers are
 * marked stale, since they were got with the old key.
 */
async function afterKeyChange(
  queryClient: QueryClient,
  profileId: string,
  key: KeyStatus,
  name: 'key' | ProfileSecretName = 'key',
): Promise<void> {
  patchKeyStatus(queryClient, profileId, key, name);
  await Promise.all([markProfileAnswersStale(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.profiles() })]);
}

/** Sets or replaces a profile's key. */
export const setProfileKeyMutation = (api: Api) =>
  apiMutation(api, 'setProfileKey', {
    send: ({ profileId, key, forBaseUrl }: SetKeyVariables) => ({
      profileId,
      key: key.take(),
      ...(forBaseUrl === undefined ? {} : { forBaseUrl }),
    }),
    gcTime: 0,
    onValue: (status, { profileId }, client) => afterKeyChange(client, profileId, status),
  });

/** Clears a profile's key. */
export const clearProfileKeyMutation = (api: Api) =>
  apiMutation(api, 'clearProfileKey', { onValue: (status, { profileId }, client) => afterKeyChange(client, profileId, status) });

/** What a secret's Save button sends: the profile, which secret, and the value in its one-shot holder. */
export interface SetSecretVariables {
  profileId: string;
  name: ProfileSecretName;
  value: KeyInTransit;
}

/** Sets or replaces the proxy password or the certificate's passphrase. */
const setProfileSecretMutation = (api: Api) =>
  apiMutation(api, 'setProfileSecret', {
    send: ({ profileId, name, value }: SetSecretVariables) => ({ profileId, name, value: value.take() }),
    gcTime: 0,
    onValue: (status, { profileId, name }, client) => afterKeyChange(client, profileId, status, name),
  });

/** Clears the proxy password or the certificate's passphrase. */
const clearProfileSecretMutation = (api: Api) =>
  apiMutation(api, 'clearProfileSecret', {
    onValue: (status, { profileId, name }, client) => afterKeyChange(client, profileId, status, name),
  });

/**
 * Detect: the host tries each key presentation with a GET of a guideline (no side effects,
 * unlike an invoke) and saves the first one not refused; its answer carries the new state.
 */
export const detectKeyPresentationMutation = (api: Api) => apiMutation(api, 'detectKeyPresentation', { onValue: storeAnsweredState });

export const useSetProfileKey = () => useMutation(setProfileKeyMutation(useHost()));
export const useClearProfileKey = () => useMutation(clearProfileKeyMutation(useHost()));
/** The set-secret mutation (proxy password, certificate passphrase). */
export const useSetProfileSecret = () => useMutation(setProfileSecretMutation(useHost()));
export const useClearProfileSecret = () => useMutation(clearProfileSecretMutation(useHost()));
export const useDetectKeyPresentation = () => useMutation(detectKeyPresentationMutation(useHost()));
