import { infiniteQueryOptions, keepPreviousData, skipToken, useInfiniteQuery, useIsMutating, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Api, HistoryPage, HistoryQuery, HistorySearchPage } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiQuery } from '../../../host/api';
import { valueOf } from '../../../host/valueOf';

/** Rows per page: enough to fill a tall window, small enough to arrive at once. */
const HISTORY_PAGE_SIZE = 100;

/** The filters without paging: what a list is keyed by. */
export type HistoryFilters = Omit<HistoryQuery, 'beforeId' | 'limit'>;

/**
 * The history list, newest first, a page at a time: each page asks for entries older than the
 * last one it has (`beforeId`), so entries recorded meanwhile never shift a page.
 */
function historyListQuery(api: Api, filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: ['listHistory', filters] as const,
    queryFn: async ({ pageParam }): Promise<HistoryPage> =>
      valueOf(await api.listHistory({ ...filters, limit: HISTORY_PAGE_SIZE, ...(pageParam === null ? {} : { beforeId: pageParam }) })),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBeforeId,
  });
}

/** Full-text search over text, payload and answer, with the same filters and paging. Idle while `text` is null. */
function historySearchQuery(api: Api, filters: HistoryFilters, text: string | null) {
  return infiniteQueryOptions({
    queryKey: ['searchHistory', filters, text ?? ''] as const,
    queryFn:
      text === null
        ? skipToken
        : async ({ pageParam }): Promise<HistorySearchPage> =>
            valueOf(
              await api.searchHistory({
                ...filters,
                text,
                limit: HISTORY_PAGE_SIZE,
                ...(pageParam === null ? {} : { beforeId: pageParam }),
              }),
            ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBeforeId,
    // While the next word is typed, the last hits stay on screen rather than an empty list.
    placeholderData: keepPreviousData,
  });
}

/** One entry with its request and answer, as recorded (only its pin changes, and pinning updates it: see historyManage.ts). */
export const historyEntryQuery = (api: Api, id: number | null) =>
  apiQuery(api, 'getHistoryEntry', id === null ? null : { id }, { unwrap: true, staleTime: Infinity });

export function useHistoryList(filters: HistoryFilters, enabled: boolean) {
  return useInfiniteQuery({ ...historyListQuery(useHost(), filters), enabled });
}

export function useHistorySearch(filters: HistoryFilters, text: string | null) {
  return useInfiniteQuery(historySearchQuery(useHost(), filters, text));
}

export const useHistoryEntry = (id: number | null) => useQuery(historyEntryQuery(useHost(), id));

/**
 * Which of these entries are no longer in the history (deleted in another window, or by the
 * retention setting). Each is asked as the newest entry up to its own id: one small row, no
 * bodies, through the list's own method. An entry that cannot be checked counts as there.
 */
async function missingHistoryEntries(api: Api, ids: readonly number[]): Promise<number[]> {
  const found = await Promise.all(
    ids.map(async (id) => {
      const page = await api.listHistory({ beforeId: id + 1, limit: 1 });
      return page.ok && page.value.entries[0]?.id !== id ? id : null;
    }),
  );
  return found.filter((id): id is number => id !== null);
}

export function useMissingHistoryEntries() {
  const api = useHost();
  return useCallback((ids: readonly number[]) => missingHistoryEntries(api, ids), [api]);
}

/** How many deletes or clears of this page are under way (their own callbacks drop what they took). */
export function useHistoryRemovalsPending(): number {
  return useIsMutating({
    predicate: (mutation) => ['deleteHistoryEntries', 'clearHistory'].includes(String(mutation.options.mutationKey?.[0])),
  });
}
