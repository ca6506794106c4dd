import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, GuidelineTabsChanges } from '../../../../../electron/shared/api';
import { useHost } from '../../../../host/HostContext';
import { guidelineQuery } from '../../queries/guideline';
import { applyProfilesState, useProfiles } from '../../../profile/queries/profiles';

/**
 * The open guideline tabs and the guideline beside the workbench, kept by the host across
 * restarts. Loaded once per window: after that the tabs on screen are the truth and
 * each save sends this page's changes (see useGuidelineTabsSaver).
 */

function guidelineTabsKey() {
  return ['loadGuidelineTabs'] as const;
}

/** The kept tabs, fetched once. */
function guidelineTabsQuery(api: Api) {
  return queryOptions({
    queryKey: guidelineTabsKey(),
    queryFn: () => api.loadGuidelineTabs(),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Sends this page's opened and closed tabs; the host answers the merged ones. */
function saveGuidelineTabsMutation(api: Api) {
  return mutationOptions({
    mutationKey: ['saveGuidelineTabs'],
    mutationFn: (changes: GuidelineTabsChanges) => api.saveGuidelineTabs(changes),
    retry: false,
  });
}

export function useSavedGuidelineTabs() {
  return useQuery(guidelineTabsQuery(useHost()));
}

export function useSaveGuidelineTabs() {
  return useMutation(saveGuidelineTabsMutation(useHost()));
}

/**
 * The guideline a tab shows, read live from its profile (only when that profile is the active
 * one: the host reads from the active profile alone), else idle. Coming back to a tab shows what
 * was read before rather than fetching again on every switch (so it never goes stale on its own);
 * opening it again, or "Try the server again" on a kept copy, fetches anew.
 */
export function useTabGuideline(profileId: string | null, guidelineId: string | null, recorded: () => boolean = () => true) {
  const api = useHost();
  const queryClient = useQueryClient();
  const activeProfileId = useProfiles().data?.activeProfileId;
  const live = profileId !== null && profileId === activeProfileId;
  const refetchProfiles = () => void api.listProfiles().then((state) => applyProfilesState(queryClient, state));
  // Keyed by the tab's own profile: while it is not the active one the query stays idle and keeps
  // its last answer (a refusal with profile_changed included, which moves the tab: GuidelineShown).
  return useQuery({
    ...guidelineQuery(api, profileId ?? undefined, guidelineId, refetchProfiles, recorded),
    enabled: live,
    staleTime: Infinity,
  });
}
