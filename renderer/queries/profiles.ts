import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, ProfileSummary, SelectProfileRequest } from '../../electron/shared/contract';
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
 * Switching profile. On success the returned state replaces the cached profiles, and every
 * profile-dependent answer is marked stale. `refetchType: 'none'` matters: at this instant the
 * mounted queries still hold the *old* profile's keys, and refetching them now would file the
 * new profile's answers under the old profile's id. The re-render moves them to keys with the
 * new id, which fetch (or, if cached and now stale, refetch) by themselves.
 */
export function selectProfileMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['selectProfile'],
    mutationFn: (request: SelectProfileRequest) => api.selectProfile(request),
    retry: false,
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(queryKeys.profiles(), result.value);
      await Promise.all(
        PROFILE_DEPENDENT_METHODS.map((method) =>
          queryClient.invalidateQueries({ queryKey: [method], refetchType: 'none' }),
        ),
      );
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
