import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CatalogAgent, HistorySummary } from '../../../electron/shared/contract';
import { catalogKey, useCatalog } from '../../queries/catalog';
import { useProfiles } from '../../queries/profiles';

/**
 * The name the user gave an entry's agent in their catalog, or null. Catalogs are per profile
 * and the host answers only the active one's: an entry of another profile is named from that
 * profile's catalog when this page has read it (it was active earlier), else shown by its id.
 */
export function useAgentNames(): (entry: HistorySummary) => string | null {
  const activeId = useProfiles().data?.activeProfileId;
  const active = useCatalog().data;
  const queryClient = useQueryClient();
  return useCallback(
    (entry: HistorySummary) => {
      if (entry.what !== 'invoke') return null;
      const catalog = entry.profile.id === activeId ? active : queryClient.getQueryData<CatalogAgent[]>(catalogKey(entry.profile.id));
      const name = catalog?.find((agent) => agent.agentId === entry.targetId)?.name.trim();
      return name ? name : null;
    },
    [activeId, active, queryClient],
  );
}
