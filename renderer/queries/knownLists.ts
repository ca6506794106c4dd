import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Api } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { queryKeys } from './keys';
import { useProfiles } from './profiles';

/** The agents known for a profile; waits (skipToken) until the active profile is known. */
export function knownAgentsQuery(api: Api, profileId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.knownAgents(profileId ?? ''),
    queryFn: profileId === undefined ? skipToken : () => api.listKnownAgents(),
    retry: false,
  });
}

/** The guidelines known for a profile; waits (skipToken) until the active profile is known. */
export function knownGuidelinesQuery(api: Api, profileId: string | undefined) {
  return queryOptions({
    queryKey: queryKeys.knownGuidelines(profileId ?? ''),
    queryFn: profileId === undefined ? skipToken : () => api.listKnownGuidelines(),
    retry: false,
  });
}

/** The known agents of the active profile. */
export function useKnownAgents() {
  return useQuery(knownAgentsQuery(useHost(), useProfiles().data?.activeProfileId));
}

/** The known guidelines of the active profile. */
export function useKnownGuidelines() {
  return useQuery(knownGuidelinesQuery(useHost(), useProfiles().data?.activeProfileId));
}
