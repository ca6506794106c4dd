import type { QueryClient } from '@tanstack/react-query';
import type { Api, Startup } from '../../electron/shared/api';
import { activeKnownLists } from '../host/startup';
import { knownAgentsQuery, knownGuidelinesQuery } from '../features/catalog/queries/knownLists';
import { profilesQuery } from '../features/profile/queries/profiles';
import { workspaceQuery } from '../features/workspace/queries/workspace';

/**
 * Files the host's startup answer under the keys of the queries it answers, before the first
 * render, so that render is the ready one. The keys come from the queries themselves: a query
 * whose key changes is seeded under its new key, never under a stale copy.
 */
export function seedStartup(queryClient: QueryClient, api: Api, startup: Startup): void {
  queryClient.setQueryData(profilesQuery(api).queryKey, startup.profiles);
  queryClient.setQueryData(workspaceQuery(api).queryKey, startup.workspace);
  const known = activeKnownLists(startup);
  if (!known) return;
  const profileId = startup.profiles.activeProfileId;
  queryClient.setQueryData(knownAgentsQuery(api, profileId).queryKey, known.agents);
  queryClient.setQueryData(knownGuidelinesQuery(api, profileId).queryKey, known.guidelines);
}
