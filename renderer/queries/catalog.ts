import { mutationOptions, queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, CatalogAgent, CatalogAgentInput, CatalogAgentRef } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { useProfiles } from './profiles';

/**
 * The user's agent catalog. The host keeps one per profile and answers for the active one,
 * so the key carries the active profile's id (a switch moves to another key, as for the
 * known agents). Saving and deleting answer with the whole new catalog, which replaces the
 * cached one; a refusal (`ok: false`) changes nothing and the form shows it.
 */

/** The catalog's query key: the method name and the profile it belongs to. */
export function catalogKey(profileId: string) {
  return ['listCatalog', { profileId }] as const;
}

/** The catalog of a profile; waits (skipToken) until the active profile is known. */
export function catalogQuery(api: Api, profileId: string | undefined) {
  return queryOptions({
    queryKey: catalogKey(profileId ?? ''),
    queryFn: profileId === undefined ? skipToken : () => api.listCatalog(),
    retry: false,
  });
}

/** The catalog of the active profile. */
export function useCatalog() {
  return useQuery(catalogQuery(useHost(), useProfiles().data?.activeProfileId));
}

/** What a catalog change sends: the entry, and the profile whose catalog it changes (for the cache). */
export interface CatalogChange<T> {
  profileId: string;
  request: T;
}

function storeCatalog(queryClient: QueryClient, profileId: string, catalog: CatalogAgent[]): void {
  queryClient.setQueryData(catalogKey(profileId), catalog);
}

/** Adds or replaces an entry (by agent id). */
export function saveCatalogAgentMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['saveCatalogAgent'],
    mutationFn: ({ request }: CatalogChange<CatalogAgentInput>) => api.saveCatalogAgent(request),
    retry: false,
    onSuccess: (result, { profileId }) => {
      if (result.ok) storeCatalog(queryClient, profileId, result.value);
    },
  });
}

/** Deletes an entry. */
export function deleteCatalogAgentMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['deleteCatalogAgent'],
    mutationFn: ({ request }: CatalogChange<CatalogAgentRef>) => api.deleteCatalogAgent(request),
    retry: false,
    onSuccess: (result, { profileId }) => {
      if (result.ok) storeCatalog(queryClient, profileId, result.value);
    },
  });
}

/** The save mutation. */
export function useSaveCatalogAgent() {
  return useMutation(saveCatalogAgentMutation(useHost(), useQueryClient()));
}

/** The delete mutation. */
export function useDeleteCatalogAgent() {
  return useMutation(deleteCatalogAgentMutation(useHost(), useQueryClient()));
}
