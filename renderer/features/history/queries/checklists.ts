import type { SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { apiKey, useApiMutation, useApiQuery } from '../../../host/api';

/**
 * Checklists against an answer, kept with their history entry by the host. Keyed by the
 * contract method and the entry; a save refreshes that entry's checklists.
 */

export const useEntryChecklists = (entryId: number | null) =>
  useApiQuery('listEntryChecklists', entryId === null ? null : { entryId }, { unwrap: true });

export const useSaveChecklist = () =>
  useApiMutation('saveEntryChecklist', {
    unwrap: true,
    onSettled: (_data, _error, request: SaveEntryChecklistRequest, _result, { client }) =>
      client.invalidateQueries({ queryKey: apiKey('listEntryChecklists', { entryId: request.entryId }) }),
  });
