import { useApiMutation } from '../../../host/api';
import { markProfileAnswersStale } from '../../profile/queries/profiles';

/**
 * Workspace files: export, and import in two steps (a preview, then the import). All three are
 * mutations: each is asked for by a click, and none may be repeated or refetched on its own
 * (the preview reads a file the person chose; the import writes).
 */

/** The workspace as a file's text, to be saved with useSaveTextFile. */
export const useExportWorkspaceFile = () => useApiMutation('exportWorkspaceFile');

/** What importing would do with the choices made so far; writes nothing. */
export const usePreviewWorkspaceImport = () => useApiMutation('previewWorkspaceImport');

/**
 * The import. Whatever it answers (even a partial import), everything it may have changed is
 * asked for again: the profiles and every profile's catalog; what depends on the active profile
 * is marked stale. Answers read from the platform (a guideline on screen) are only marked stale,
 * as after a profile edit: refetching them would send a request nobody asked for.
 * (The open request tabs are not a query the page refetches: the caller asks them with
 * requestWorkspaceRefresh, and their saver merges, so nothing typed is lost.)
 */
export const useApplyWorkspaceImport = () =>
  useApiMutation('applyWorkspaceImport', {
    invalidates: ['listProfiles', 'listCatalog'],
    onSettled: (_answer, _error, _request, _context, { client }) => markProfileAnswersStale(client),
  });
