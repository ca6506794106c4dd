import { useQuery } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiKey, apiQuery, useApiMutation } from '../../../host/api';

/** The app's settings (not per profile). */
const settingsQuery = (api: Api) => apiQuery(api, 'getSettings', undefined);

export const useSettings = () => useQuery(settingsQuery(useHost()));

/** Changing settings; the host answers with them as saved, which replace the cached ones. */
export const useUpdateSettings = () =>
  useApiMutation('updateSettings', {
    onValue: (settings, patch, client) => {
      client.setQueryData(apiKey('getSettings'), settings);
      // A stricter retention has just deleted old entries: the History lists and counts are stale.
      if (patch.historyRetention !== undefined) {
        for (const method of ['listHistory', 'searchHistory', 'countHistory']) void client.invalidateQueries({ queryKey: [method] });
      }
    },
  });
