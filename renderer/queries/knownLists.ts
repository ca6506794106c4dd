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

/**
 * The known guidelines of any profile, for suggestions (Detect). The host answers
 * `listKnownGuidelines` for the active profile only, so for another profile this only reads
 * what is already cached under its id and never fetches: a fetch would file the active
 * profile's list under the wrong id.
 */
export function useKnownGuidelinesOf(profileId: string) {
  const active = useProfiles().data?.activeProfileId;
  return useQuery({ ...knownGuidelinesQuery(useHost(), profileId), enabled: profileId === active });
}
