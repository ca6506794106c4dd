import { useQueries, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Api, CatalogAgent, KnownAgent, KnownGuideline, LibraryGuideline } from '../../electron/shared/api';
import { useHost } from '../host/HostContext';
import { catalogQuery } from '../features/catalog/queries/catalog';
import { knownAgentsQuery, knownGuidelinesQuery } from '../features/catalog/queries/knownLists';
import { libraryListQuery } from '../features/guidelines/queries/library';
import { useProfiles } from '../features/profile/queries/profiles';

/** What an agent or a guideline of a profile (null: the active one) is called where the app knows it; null: show the id. */
type NameOf = (profileId: string | null, id: string) => string | null;

/** The first non-blank name, trimmed; null when there is none. */
const firstName = (...names: ReadonlyArray<string | null | undefined>): string | null =>
  names.map((name) => name?.trim()).find((name) => !!name) ?? null;

/**
 * Each profile's answer to the queries `of` builds, by profile id. The library answers for any
 * profile; the catalog and the known lists for the active one only (`activeOnly`): another
 * profile's are what this page read while it was active, kept by observing them here (so they
 * outlive a switch) and never fetched, which would file the active profile's answer under
 * another id.
 */
function useByProfile<T>(of: (api: Api, profileId: string) => UseQueryOptions<T, Error, T, QueryKey>, activeOnly: boolean) {
  const api = useHost();
  const profiles = useProfiles().data;
  const ids = profiles?.profiles.map((profile) => profile.id) ?? [];
  const results = useQueries({
    queries: ids.map((id) => ({ ...of(api, id), ...(activeOnly ? { enabled: id === profiles?.activeProfileId } : {}) })),
  });
  const byId = new Map(ids.map((id, index) => [id, results[index]?.data] as const));
  return (profileId: string | null) => byId.get(profileId ?? profiles?.activeProfileId ?? '');
}

/**
 * The one place that names agents by id, for every profile (History rows, request tabs after a
 * profile switch): the name the person gave it in that profile's catalog, else the name the app
 * knows it by (the Sandbox's agents).
 */
export function useAgentNames(): NameOf {
  const catalog = useByProfile<CatalogAgent[]>(catalogQuery, true);
  const known = useByProfile<KnownAgent[]>(knownAgentsQuery, true);
  return (profileId, agentId) => {
    const id = agentId.trim();
    return firstName(
      catalog(profileId)?.find((entry) => entry.agentId === id)?.name,
      known(profileId)?.find((entry) => entry.id === id)?.name,
    );
  };
}

/**
 * The one place that names guidelines by id, for every profile (History rows, guideline tabs):
 * the person's title for it in that profile's library, else the server's name kept there, else
 * the name the app knows it by.
 */
export function useGuidelineNames(): NameOf {
  const library = useByProfile<LibraryGuideline[]>(libraryListQuery, false);
  const known = useByProfile<KnownGuideline[]>(knownGuidelinesQuery, true);
  return (profileId, guidelineId) => {
    const kept = library(profileId)?.find((entry) => entry.guidelineId === guidelineId);
    return firstName(kept?.title, kept?.name, known(profileId)?.find((entry) => entry.id === guidelineId)?.name);
  };
}
