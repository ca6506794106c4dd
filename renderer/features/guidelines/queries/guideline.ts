import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { queryKeys } from '../../history/queries/keys';

/**
 * One guideline by id, from the active profile. Nothing is fetched until an id is opened
 * (skipToken). The answer is a `Result`: a 404 is data with `ok: false`, not a query error.
 *
 * The read names the profile it is keyed by, so when another browser tab switched profiles the
 * host refuses it (`profile_changed`) instead of reading from a server this page does not show
 * as active; `onProfileChanged` then lets the page refetch its profiles, and the query, keyed by
 * the new active profile, reads again from the profile the header now shows.
 *
 * `recorded` is asked at each read: false for a read the person did not ask for (a tab restored
 * at start), which the host keeps out of History.
 */
export function guidelineQuery(
  api: Api,
  profileId: string | undefined,
  guidelineId: string | null,
  onProfileChanged?: () => void,
  recorded: () => boolean = () => true,
) {
  return queryOptions({
    queryKey: queryKeys.guideline({ guidelineId: guidelineId ?? '' }, profileId ?? ''),
    queryFn:
      profileId === undefined || guidelineId === null
        ? skipToken
        : async () => {
            const result = await api.getGuideline({ guidelineId, profileId, ...(recorded() ? {} : { record: false }) });
            if (!result.ok && result.error.code === 'profile_changed') onProfileChanged?.();
            return result;
          },
  });
}
