import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Api, ProfilesState, ProfileSummary } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiMutation, apiQuery } from '../../../host/api';
import { PROFILE_DEPENDENT_METHODS, queryKeys } from '../../history/queries/keys';

/** The profiles and which one is active. */
export const profilesQuery = (api: Api) => apiQuery(api, 'listProfiles', undefined);

/**
 * Puts a new profiles state from the host into the cache and marks every profile-dependent
 * answer stale. `refetchType: 'none'` matters: when the active profile has just changed, the
 * mounted queries still hold the *old* profile's keys, and refetching them now would file the
 * new profile's answers under the old profile's id. The re-render moves them to keys with the
 * new id, which fetch (or, if cached and now stale, refetch) by themselves. When the active
 * profile is unchanged, nothing is refetched behind the user's back: what is on screen stays
 * what they asked for, and the next time it is asked for it comes fresh.
 */
export async function applyProfilesState(queryClient: QueryClient, state: ProfilesState): Promise<void> {
  queryClient.setQueryData(queryKeys.profiles(), state);
  await markProfileAnswersStale(queryClient);
}

/** For a change whose answer carries the new profiles state (`{ state }`): stores it as `applyProfilesState` does. */
export function storeAnsweredState({ state }: { state: ProfilesState }, _request: unknown, queryClient: QueryClient): Promise<void> {
  return applyProfilesState(queryClient, state);
}

/** Marks every profile-dependent answer stale without refetching it (see `applyProfilesState`). */
export async function markProfileAnswersStale(queryClient: QueryClient): Promise<void> {
  await Promise.all(PROFILE_DEPENDENT_METHODS.map((method) => queryClient.invalidateQueries({ queryKey: [method], refetchType: 'none' })));
}

/** Switching profile. On success the returned state replaces the cached profiles (see `applyProfilesState`). */
export const selectProfileMutation = (api: Api) =>
  apiMutation(api, 'selectProfile', { onValue: (state, _request, client) => applyProfilesState(client, state) });

/** The profiles query. */
export const useProfiles = () => useQuery(profilesQuery(useHost()));

/** The active profile, or undefined until the profiles have loaded. */
export function useActiveProfile(): ProfileSummary | undefined {
  const { data } = useProfiles();
  return data?.profiles.find((profile) => profile.id === data.activeProfileId);
}

/** The mutation that switches the active profile. */
export const useSelectProfile = () => useMutation(selectProfileMutation(useHost()));
