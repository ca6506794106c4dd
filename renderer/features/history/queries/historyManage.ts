import type { QueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../electron/shared/api';
import { apiKey, useApiMutation, useApiQuery } from '../../../host/api';

/**
 * Pinning, deleting and clearing history entries, and the counts Clear all's confirmation
 * names. Each change invalidates every list, search and count (a pin changes a row's mark and
 * what the Pinned filter shows; a delete removes rows), keyed by the contract method as
 * everywhere else; a deleted entry's own query is dropped rather than read again.
 */

/** How many entries there are and how many are pinned. */
export const useHistoryCounts = (enabled: boolean) => useApiQuery('countHistory', undefined, { unwrap: true, enabled });

/** What every history change makes stale (the opened entries are handled by each mutation). */
function invalidateLists(client: QueryClient): Promise<unknown> {
  return Promise.all(['listHistory', 'searchHistory', 'countHistory'].map((method) => client.invalidateQueries({ queryKey: [method] })));
}

export const usePinHistoryEntry = () =>
  useApiMutation('pinHistoryEntry', {
    unwrap: true,
    onValue: ({ pinned }, { id }, client) => {
      // The opened entry shows its new state at once (its query never goes stale by itself).
      client.setQueryData<HistoryEntry>(apiKey('getHistoryEntry', { id }), (entry) => (entry ? { ...entry, pinned } : entry));
      return invalidateLists(client);
    },
  });

export const useDeleteHistoryEntries = () =>
  useApiMutation('deleteHistoryEntries', {
    unwrap: true,
    onValue: (_removed, { ids }, client) => {
      // Only entries no view shows: an opened one would be read again at once and fail ("no
      // such entry") before the section has closed it; it goes once closed (gcTime).
      for (const id of ids) client.removeQueries({ queryKey: apiKey('getHistoryEntry', { id }), exact: true, type: 'inactive' });
      return invalidateLists(client);
    },
  });

export const useClearHistory = () =>
  useApiMutation('clearHistory', {
    unwrap: true,
    onValue: (_removed, { keepPinned }, client) => {
      // Which entries went is not listed: every opened entry not known to be kept is dropped.
      // (Not the one a view shows: see the delete above.)
      client.removeQueries({
        queryKey: ['getHistoryEntry'],
        type: 'inactive',
        predicate: (query) => !(keepPinned && (query.state.data as HistoryEntry | undefined)?.pinned),
      });
      return invalidateLists(client);
    },
  });
