import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, WorkspaceChanges } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';

/**
 * The request tabs' drafts, kept by the host across restarts. Loaded once per window: after
 * that the tabs on screen are the truth, so the query never refetches on its own (a refetch
 * could not be applied without overwriting what is being typed). Each save sends this page's
 * changes and answers the merged workspace, which the page applies with care (useWorkspaceSaver).
 */

/** The workspace's query key: the contract method (there is one workspace per app, not per profile). */
export function workspaceKey() {
  return ['loadWorkspace'] as const;
}

/** The saved workspace, fetched once. */
export function workspaceQuery(api: Api) {
  return queryOptions({
    queryKey: workspaceKey(),
    queryFn: () => api.loadWorkspace(),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** Saves this page's changes to the drafts; the merged workspace the host answers becomes the cached one. */
export function saveWorkspaceMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['saveWorkspace'],
    mutationFn: (changes: WorkspaceChanges) => api.saveWorkspace(changes),
    retry: false,
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(workspaceKey(), result.value);
    },
  });
}

/** The saved workspace. */
export function useWorkspace() {
  return useQuery(workspaceQuery(useHost()));
}

/** The save mutation. */
export function useSaveWorkspace() {
  return useMutation(saveWorkspaceMutation(useHost(), useQueryClient()));
}
