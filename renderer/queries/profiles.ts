import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, ProfilesState, ProfileSummary, SelectProfileRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { PROFILE_DEPENDENT_METHODS, queryKeys } from './keys';

/** The profiles and which one is active. */
export function profilesQuery(api: Api) {
  return queryOptions({
    queryKey: queryKeys.profiles(),
    queryFn: () => api.listProfiles(),
    retry: false,
  });
}

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

/** Marks every profile-dependent answer stale without refetching it (see `applyProfilesState`). */
export async function markProfileAnswersStale(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    PROFILE_DEPENDENT_METHODS.map((method) => queryClient.invalidateQueries({ queryKey: [method], refetchType: 'none' })),
  );
}

/** Switching profile. On success the returned state replaces the cached profiles (see `applyProfilesState`). */
export function selectProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['selectProfile'],
    mutationFn: (request: SelectProfileRequest) => api.selectProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (result.ok) await applyProfilesState(queryClient, result.value);
    },
  });
}

/** The profiles query. */
export function useProfiles() {
  return useQuery(profilesQuery(useHost()));
}

/** The active profile, or undefined until the profiles have loaded. */
export function useActiveProfile(): ProfileSummary | undefined {
  const { data } = useProfiles();
  return data?.profiles.find((profile) => profile.id === data.activeProfileId);
}

/** The mutation that switches the active profile. */
export function useSelectProfile() {
  const api = useHost();
  const queryClient = useQueryClient();
  return useMutation(selectProfileMutation(api, queryClient));
}
