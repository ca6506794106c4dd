import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, ClearHistoryRequest, DeleteHistoryRequest, HistoryEntry, PinHistoryRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { valueOf } from './valueOf';

/**
 * Pinning, deleting and clearing history entries, and the counts Clear all's confirmation
 * names. Each change invalidates every list, search and count (a pin changes a row's mark and
 * what the Pinned filter shows; a delete removes rows), keyed by the contract method as
 * everywhere else; a deleted entry's own query is dropped rather than read again.
 */

export const historyCountsKey = () => ['countHistory'] as const;

/** How many entries there are and how many are pinned. */
export function historyCountsQuery(api: Api) {
  return queryOptions({ queryKey: historyCountsKey(), queryFn: async () => valueOf(await api.countHistory()), retry: false });
}

export function useHistoryCounts(enabled: boolean) {
  return useQuery({ ...historyCountsQuery(useHost()), enabled });
}

/** What every history change makes stale (the opened entries are handled by each mutation). */
function invalidateLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(['listHistory', 'searchHistory', 'countHistory'].map((method) => queryClient.invalidateQueries({ queryKey: [method] })));
}

export function pinHistoryMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['pinHistoryEntry'],
    mutationFn: async (request: PinHistoryRequest) => valueOf(await api.pinHistoryEntry(request)),
    retry: false,
    onSuccess: ({ pinned }, { id }) => {
      // The opened entry shows its new state at once (its query never goes stale by itself).
      queryClient.setQueryData<HistoryEntry>(['getHistoryEntry', { id }], (entry) => (entry ? { ...entry, pinned } : entry));
      return invalidateLists(queryClient);
    },
  });
}

export function deleteHistoryMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['deleteHistoryEntries'],
    mutationFn: async (request: DeleteHistoryRequest) => valueOf(await api.deleteHistoryEntries(request)),
    retry: false,
    onSuccess: (_removed, { ids }) => {
      // Only entries no view shows: an opened one would be read again at once and fail ("no
      // such entry") before the section has closed it; it goes once closed (gcTime).
      for (const id of ids) queryClient.removeQueries({ queryKey: ['getHistoryEntry', { id }], exact: true, type: 'inactive' });
      return invalidateLists(queryClient);
    },
  });
}

export function clearHistoryMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['clearHistory'],
    mutationFn: async (request: ClearHistoryRequest) => valueOf(await api.clearHistory(request)),
    retry: false,
    onSuccess: (_removed, { keepPinned }) => {
      // Which entries went is not listed: every opened entry not known to be kept is dropped.
      // (Not the one a view shows: see the delete above.)
      queryClient.removeQueries({ queryKey: ['getHistoryEntry'], type: 'inactive', predicate: (query) => !(keepPinned && (query.state.data as HistoryEntry | undefined)?.pinned) });
      return invalidateLists(queryClient);
    },
  });
}

export function usePinHistoryEntry() {
  return useMutation(pinHistoryMutation(useHost(), useQueryClient()));
}

export function useDeleteHistoryEntries() {
  return useMutation(deleteHistoryMutation(useHost(), useQueryClient()));
}

export function useClearHistory() {
  return useMutation(clearHistoryMutation(useHost(), useQueryClient()));
}
