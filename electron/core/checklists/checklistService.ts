import type { Api, Result } from '../../shared/api';
import type { ChecklistStore } from './checklistStore';

/** The contract's checklist methods. */
export type ChecklistApi = Pick<Api, 'listEntryChecklists' | 'saveEntryChecklist'>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fromStore<T>(work: () => Promise<T>, doing: string): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: { code: 'internal', message: `The checklist could not be ${doing}: ${messageOf(error)}` } };
  }
}

/**
 * Checklists against an answer: read and kept with their history entry. The host stamps the
 * save time; the rules and marks come from the page, already validated (checklistValidate.ts).
 */
export function createChecklistMethods(store: ChecklistStore, deps: { wallClock: () => Date }): ChecklistApi {
  return {
    listEntryChecklists: ({ entryId }) => fromStore(() => store.list(entryId), 'read'),
    async saveEntryChecklist(request) {
      const exists = await fromStore(() => store.entryExists(request.entryId), 'saved');
      if (!exists.ok) return exists;
      if (!exists.value)
        return {
          ok: false,
          error: { code: 'invalid_argument', message: `There is no history entry ${request.entryId}: it may have been deleted.` },
        };
      return fromStore(() => store.save({ ...request, savedAt: deps.wallClock().toISOString() }), 'saved');
    },
  };
}
