import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, AppSettings } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

export const settingsKey = () => ['getSettings'] as const;

/** The app's settings (not per profile). */
export function settingsQuery(api: Api) {
  return queryOptions({ queryKey: settingsKey(), queryFn: () => api.getSettings(), retry: false });
}

/** Changing settings; the host answers with them as saved, which replace the cached ones. */
export function updateSettingsMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['updateSettings'],
    mutationFn: (patch: Partial<AppSettings>) => api.updateSettings(patch),
    retry: false,
    onSuccess: (result, patch) => {
      if (!result.ok) return;
      queryClient.setQueryData(settingsKey(), result.value);
      // A stricter retention has just deleted old entries: the History lists and counts are stale.
      if (patch.historyRetention !== undefined) {
        for (const method of ['listHistory', 'searchHistory', 'countHistory']) void queryClient.invalidateQueries({ queryKey: [method] });
      }
    },
  });
}

export function useSettings() {
  return useQuery(settingsQuery(useHost()));
}

export function useUpdateSettings() {
  return useMutation(updateSettingsMutation(useHost(), useQueryClient()));
}
