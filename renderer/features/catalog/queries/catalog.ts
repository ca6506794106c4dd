import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Api, CatalogAgent, CatalogAgentInput, CatalogAgentRef } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiKey, apiMutation, apiQuery } from '../../../host/api';
import { useProfiles } from '../../profile/queries/profiles';

/**
 * The user's agent catalog. The host keeps one per profile and answers for the active one,
 * so the key carries the active profile's id (a switch moves to another key, as for the
 * known agents). Saving and deleting answer with the whole new catalog, which replaces the
 * cached one; a refusal (`ok: false`) changes nothing and the form shows it.
 */

/** The catalog's query key: the method name and the profile it belongs to. */
export const catalogKey = (profileId: string) => apiKey('listCatalog', undefined, { profileId });

/** The catalog of a profile; waits until the active profile is known. */
export const catalogQuery = (api: Api, profileId: string | undefined) =>
  apiQuery(api, 'listCatalog', undefined, { scope: profileId === undefined ? null : { profileId } });

/** The catalog of the active profile. */
export const useCatalog = () => useQuery(catalogQuery(useHost(), useProfiles().data?.activeProfileId));

/** What a catalog change sends: the entry, and the profile whose catalog it changes (for the cache). */
export interface CatalogChange<T> {
  profileId: string;
  request: T;
}

function storeCatalog(catalog: CatalogAgent[], { profileId }: { profileId: string }, client: QueryClient): void {
  client.setQueryData(catalogKey(profileId), catalog);
}

/** Adds or replaces an entry (by agent id). */
export const saveCatalogAgentMutation = (api: Api) =>
  apiMutation(api, 'saveCatalogAgent', { send: ({ request }: CatalogChange<CatalogAgentInput>) => request, onValue: storeCatalog });

/** Deletes an entry. */
const deleteCatalogAgentMutation = (api: Api) =>
  apiMutation(api, 'deleteCatalogAgent', { send: ({ request }: CatalogChange<CatalogAgentRef>) => request, onValue: storeCatalog });

export const useSaveCatalogAgent = () => useMutation(saveCatalogAgentMutation(useHost()));
export const useDeleteCatalogAgent = () => useMutation(deleteCatalogAgentMutation(useHost()));
