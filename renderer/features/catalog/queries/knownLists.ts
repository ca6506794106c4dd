import { useQuery } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiQuery } from '../../../host/api';
import { useProfiles } from '../../profile/queries/profiles';

/** The agents known for a profile; waits until the active profile is known. */
export const knownAgentsQuery = (api: Api, profileId: string | undefined) =>
  apiQuery(api, 'listKnownAgents', undefined, { scope: profileId === undefined ? null : { profileId } });

/** The guidelines known for a profile; waits until the active profile is known. */
export const knownGuidelinesQuery = (api: Api, profileId: string | undefined) =>
  apiQuery(api, 'listKnownGuidelines', undefined, { scope: profileId === undefined ? null : { profileId } });

/** The known agents of the active profile. */
export const useKnownAgents = () => useQuery(knownAgentsQuery(useHost(), useProfiles().data?.activeProfileId));

/** The known guidelines of the active profile. */
export const useKnownGuidelines = () => useQuery(knownGuidelinesQuery(useHost(), useProfiles().data?.activeProfileId));

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
