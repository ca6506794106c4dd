import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { Api } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { queryKeys } from './keys';
import { useProfiles } from './profiles';

/**
 * One guideline by id, from the active profile. Nothing is fetched until an id is opened
 * (skipToken). The answer is a `Result`: a 404 is data with `ok: false`, not a query error.
 */
export function guidelineQuery(api: Api, profileId: string | undefined, guidelineId: string | null) {
  return queryOptions({
    queryKey: queryKeys.guideline({ guidelineId: guidelineId ?? '' }, profileId ?? ''),
    queryFn: profileId === undefined || guidelineId === null ? skipToken : () => api.getGuideline({ guidelineId }),
    retry: false,
  });
}

/** The guideline opened by the user, or an idle query while `guidelineId` is null. */
export function useGuideline(guidelineId: string | null) {
  return useQuery(guidelineQuery(useHost(), useProfiles().data?.activeProfileId, guidelineId));
}
