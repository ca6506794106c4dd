import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CatalogAgent, HistorySummary, KnownAgent, KnownGuideline } from '../../../electron/shared/api';
import { catalogKey, useCatalog } from '../catalog/queries/catalog';
import { useKnownAgents, useKnownGuidelines } from '../catalog/queries/knownLists';
import { queryKeys } from './queries/keys';
import { useProfiles } from '../profile/queries/profiles';

/**
 * The name of an entry's agent or guideline, or null: for an agent, the name the user gave it in
 * their catalog, else the name the app knows it by (the Sandbox's agents); for a guideline, the
 * name the app knows it by. Catalogs and known lists are per profile and the host answers only
 * the active one's: an entry of another profile is named from what this page has read of that
 * profile (it was active earlier), else shown by its id.
 */
export function useAgentNames(): (entry: HistorySummary) => string | null {
  const activeId = useProfiles().data?.activeProfileId;
  const active = useCatalog().data;
  const knownAgents = useKnownAgents().data;
  const knownGuidelines = useKnownGuidelines().data;
  const queryClient = useQueryClient();
  return useCallback(
    (entry: HistorySummary) => {
      const own = entry.profile.id === activeId;
      if (entry.what === 'guideline') {
        const known = own ? knownGuidelines : queryClient.getQueryData<KnownGuideline[]>(queryKeys.knownGuidelines(entry.profile.id));
        return known?.find((guideline) => guideline.id === entry.targetId)?.name.trim() || null;
      }
      if (entry.what !== 'invoke') return null;
      const catalog = own ? active : queryClient.getQueryData<CatalogAgent[]>(catalogKey(entry.profile.id));
      const named = catalog?.find((agent) => agent.agentId === entry.targetId)?.name.trim();
      if (named) return named;
      const known = own ? knownAgents : queryClient.getQueryData<KnownAgent[]>(queryKeys.knownAgents(entry.profile.id));
      return known?.find((agent) => agent.id === entry.targetId)?.name.trim() || null;
    },
    [activeId, active, knownAgents, knownGuidelines, queryClient],
  );
}
