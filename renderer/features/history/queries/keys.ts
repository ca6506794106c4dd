import type { ApiMethod, GuidelineRequest } from '../../../../electron/shared/api';
import { apiKey } from '../../../host/api';

/**
 * The keys other modules read or write directly (built as every key is: apiKey), with the active
 * profile id where the answer depends on which profile is active.
 */
export const queryKeys = {
  profiles: () => apiKey('listProfiles'),
  knownAgents: (profileId: string) => apiKey('listKnownAgents', undefined, { profileId }),
  knownGuidelines: (profileId: string) => apiKey('listKnownGuidelines', undefined, { profileId }),
  guideline: (request: GuidelineRequest, profileId: string) => apiKey('getGuideline', request, { profileId }),
};

/** Methods whose answers change with the active profile: refreshed by `selectProfile`. */
export const PROFILE_DEPENDENT_METHODS = ['listKnownAgents', 'listKnownGuidelines', 'getGuideline'] as const satisfies readonly ApiMethod[];
