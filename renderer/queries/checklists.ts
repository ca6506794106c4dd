import { mutationOptions, queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, SaveEntryChecklistRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { valueOf } from './valueOf';

/**
 * Checklists against an answer (issue 9), kept with their history entry by the host. Keyed by
 * the contract method and the entry; a save refreshes that entry's checklists.
 */

export function entryChecklistsQuery(api: Api, entryId: number | null) {
  return queryOptions({
    queryKey: ['listEntryChecklists', { entryId: entryId ?? 0 }] as const,
    queryFn: entryId === null ? skipToken : async () => valueOf(await api.listEntryChecklists({ entryId })),
    retry: false,
  });
}

export const saveChecklistMutation = (api: Api, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['saveEntryChecklist'],
    mutationFn: async (request: SaveEntryChecklistRequest) => valueOf(await api.saveEntryChecklist(request)),
    retry: false,
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: ['listEntryChecklists', { entryId: request.entryId }] }),
  });

export function useEntryChecklists(entryId: number | null) {
  return useQuery(entryChecklistsQuery(useHost(), entryId));
}

export function useSaveChecklist() {
  return useMutation(saveChecklistMutation(useHost(), useQueryClient()));
}
