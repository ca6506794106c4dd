import { useMutation, useQuery } from '@tanstack/react-query';
import type { Api } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiKey, apiMutation, apiQuery } from '../../../host/api';

/**
 * The request tabs' drafts, kept by the host across restarts. Loaded once per window: after
 * that the tabs on screen are the truth, so the query never refetches on its own (a refetch
 * could not be applied without overwriting what is being typed). Each save sends this page's
 * changes and answers the merged workspace, which the page applies with care (useWorkspaceSaver).
 */

/** The workspace's query key: the contract method (there is one workspace per app, not per profile). */
export const workspaceKey = () => apiKey('loadWorkspace');

/** The saved workspace, fetched once. */
export const workspaceQuery = (api: Api) => apiQuery(api, 'loadWorkspace', undefined, { staleTime: Infinity, gcTime: Infinity });

/** Saves this page's changes to the drafts; the merged workspace the host answers becomes the cached one. */
export const saveWorkspaceMutation = (api: Api) =>
  apiMutation(api, 'saveWorkspace', { onValue: (workspace, _changes, client) => client.setQueryData(workspaceKey(), workspace) });

export const useWorkspace = () => useQuery(workspaceQuery(useHost()));
export const useSaveWorkspace = () => useMutation(saveWorkspaceMutation(useHost()));
