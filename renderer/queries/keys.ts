import type { ApiMethod, GuidelineRequest } from '../../electron/shared/contract';

/**
 * Query keys, built from the contract method name, its argument, and the active profile id
 * where the answer depends on which profile is active. Starting every key with the method
 * name lets a mutation invalidate all answers of one method with `[method]`.
 */
export const queryKeys = {
  appInfo: () => ['getAppInfo'] as const,
  profiles: () => ['listProfiles'] as const,
  knownAgents: (profileId: string) => ['listKnownAgents', { profileId }] as const,
  knownGuidelines: (profileId: string) => ['listKnownGuidelines', { profileId }] as const,
  guideline: (request: GuidelineRequest, profileId: string) => ['getGuideline', request, { profileId }] as const,
};

/** Methods whose answers change with the active profile: refreshed by `selectProfile`. */
export const PROFILE_DEPENDENT_METHODS = [
  'listKnownAgents',
  'listKnownGuidelines',
  'getGuideline',
] as const satisfies readonly ApiMethod[];
