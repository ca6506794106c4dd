import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, DetectRequest, KeyStatus, ProfileRef, ProfileSecretName, ProfileSecretRef, ProfilesState } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { applyProfilesState, markProfileAnswersStale } from './profiles';
import { queryKeys } from './keys';

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
  queryClient.setQueryData<ProfilesState>(queryKeys.profiles(), (state) =>
    state && {
      ...state,
      profiles: state.profiles.map((profile) =>
        profile.id !== profileId ? profile : name === 'key' ? { ...profile, key } : { ...profile, secrets: { ...profile.secrets, [name]: key } },
      ),
    },
  );
}

/**
 * After a key change: the new status goes into the cached profile, the profiles are fetched
 * again (the host is the authority, e.g. on warnings), and profile-dependent answers are
 * marked stale, since they were got with the old key.
 */
async function afterKeyChange(queryClient: QueryClient, profileId: string, key: KeyStatus, name: 'key' | ProfileSecretName = 'key'): Promise<void> {
  patchKeyStatus(queryClient, profileId, key, name);
  await Promise.all([markProfileAnswersStale(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.profiles() })]);
}

/** Sets or replaces a profile's key. */
export function setProfileKeyMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['setProfileKey'],
    mutationFn: ({ profileId, key, forBaseUrl }: SetKeyVariables) =>
      api.setProfileKey({ profileId, key: key.take(), ...(forBaseUrl === undefined ? {} : { forBaseUrl }) }),
    retry: false,
    gcTime: 0,
    onSuccess: async (result, { profileId }) => {
      if (result.ok) await afterKeyChange(queryClient, profileId, result.value);
    },
  });
}

/** Clears a profile's key. */
export function clearProfileKeyMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['clearProfileKey'],
    mutationFn: (request: ProfileRef) => api.clearProfileKey(request),
    retry: false,
    onSuccess: async (result, { profileId }) => {
      if (result.ok) await afterKeyChange(queryClient, profileId, result.value);
    },
  });
}

/** What a secret's Save button sends: the profile, which secret, and the value in its one-shot holder. */
export interface SetSecretVariables {
  profileId: string;
  name: ProfileSecretName;
  value: KeyInTransit;
}

/** Sets or replaces the proxy password or the certificate's passphrase. */
export function setProfileSecretMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['setProfileSecret'],
    mutationFn: ({ profileId, name, value }: SetSecretVariables) => api.setProfileSecret({ profileId, name, value: value.take() }),
    retry: false,
    gcTime: 0,
    onSuccess: async (result, { profileId, name }) => {
      if (result.ok) await afterKeyChange(queryClient, profileId, result.value, name);
    },
  });
}

/** Clears the proxy password or the certificate's passphrase. */
export function clearProfileSecretMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['clearProfileSecret'],
    mutationFn: (request: ProfileSecretRef) => api.clearProfileSecret(request),
    retry: false,
    onSuccess: async (result, { profileId, name }) => {
      if (result.ok) await afterKeyChange(queryClient, profileId, result.value, name);
    },
  });
}

/**
 * Detect: the host tries each key presentation with a GET of a guideline (no side effects,
 * unlike an invoke) and saves the first one not refused; its answer carries the new state.
 */
export function detectKeyPresentationMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['detectKeyPresentation'],
    mutationFn: (request: DetectRequest) => api.detectKeyPresentation(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value.state);
    },
  });
}

/** The set-key mutation. */
export function useSetProfileKey() {
  return useMutation(setProfileKeyMutation(useHost(), useQueryClient()));
}

/** The clear-key mutation. */
export function useClearProfileKey() {
  return useMutation(clearProfileKeyMutation(useHost(), useQueryClient()));
}

/** The set-secret mutation (proxy password, certificate passphrase). */
export function useSetProfileSecret() {
  return useMutation(setProfileSecretMutation(useHost(), useQueryClient()));
}

/** The clear-secret mutation. */
export function useClearProfileSecret() {
  return useMutation(clearProfileSecretMutation(useHost(), useQueryClient()));
}

/** The Detect mutation. */
export function useDetectKeyPresentation() {
  return useMutation(detectKeyPresentationMutation(useHost(), useQueryClient()));
}
