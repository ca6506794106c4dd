import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, WorkspaceImportRequest } from '../../electron/shared/contract';
import { useHost } from '../host/HostContext';
import { markProfileAnswersStale } from './profiles';

/**
 * Workspace files: export, and import in two steps (a preview, then the import). All three are
 * mutations: each is asked for by a click, and none may be repeated or refetched on its own
 * (the preview reads a file the person chose; the import writes).
 */

/** The workspace as a file's text, to be saved with useSaveTextFile. */
export function exportWorkspaceFileMutation(api: Api) {
  return mutationOptions({ mutationKey: ['exportWorkspaceFile'], mutationFn: () => api.exportWorkspaceFile(), retry: false });
}

/** What importing would do with the choices made so far; writes nothing. */
export function previewWorkspaceImportMutation(api: Api) {
  return mutationOptions({ mutationKey: ['previewWorkspaceImport'], mutationFn: (request: WorkspaceImportRequest) => api.previewWorkspaceImport(request), retry: false });
}

/**
 * The import. Whatever it answers (even a partial import), everything it may have changed is
 * asked for again: the profiles and every profile's catalog; what depends on the active profile
 * is marked stale.
 * (The open request tabs are not a query the page refetches: the caller asks them with
 * requestWorkspaceRefresh, and their saver merges, so nothing typed is lost.)
 */
export function applyWorkspaceImportMutation(api: Api, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['applyWorkspaceImport'],
    mutationFn: (request: WorkspaceImportRequest) => api.applyWorkspaceImport(request),
    retry: false,
    onSettled: async () => {
      // Answers read from the platform (a guideline on screen) are only marked stale, as after a
      // profile edit: refetching them would send a request nobody asked for.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['listProfiles'] }),
        queryClient.invalidateQueries({ queryKey: ['listCatalog'] }),
        markProfileAnswersStale(queryClient),
      ]);
    },
  });
}

export function useExportWorkspaceFile() {
  return useMutation(exportWorkspaceFileMutation(useHost()));
}

export function usePreviewWorkspaceImport() {
  return useMutation(previewWorkspaceImportMutation(useHost()));
}

export function useApplyWorkspaceImport() {
  return useMutation(applyWorkspaceImportMutation(useHost(), useQueryClient()));
}
