import type { EntryChecklist } from '../shared/contract';
import type { ChecklistStore } from './checklistStore';

/**
 * The checklist store in memory (tests, and a history that could not be opened). `entryExists`
 * asks the caller, since the entries live in another store.
 */
export function createMemoryChecklistStore(entryExists: (entryId: number) => Promise<boolean> = async () => true): ChecklistStore {
  const kept = new Map<string, EntryChecklist>();
  const key = (entryId: number, guidelineId: string) => `${entryId}\n${guidelineId}`;
  return {
    async list(entryId) {
      return [...kept.values()]
        .filter((checklist) => checklist.entryId === entryId)
        .sort((a, b) => (a.guidelineId < b.guidelineId ? -1 : a.guidelineId > b.guidelineId ? 1 : 0))
        .map((checklist) => structuredClone(checklist));
    },
    async save(checklist) {
      kept.set(key(checklist.entryId, checklist.guidelineId), structuredClone(checklist));
      return structuredClone(checklist);
    },
    entryExists,
  };
}
