import type { DatabaseSync } from 'node:sqlite';
import type { EntryChecklist } from '../../shared/api';

/**
 * Where the checklists against an answer are kept: with the history entry they judge, in the
 * app's database (migration 7), so they reload with the entry, go with it when it is deleted,
 * and are read by its QA report.
 */
export interface ChecklistStore {
  /** The entry's checklists, by guideline id; empty when none. */
  list(entryId: number): Promise<EntryChecklist[]>;
  /** Keeps the checklist, replacing the one of the same guideline on that entry. */
  save(checklist: EntryChecklist): Promise<EntryChecklist>;
  /** True when the history entry exists (a checklist is only kept with one). */
  entryExists(entryId: number): Promise<boolean>;
}

/** The stored JSON: everything but the key columns. */
type Body = Omit<EntryChecklist, 'entryId' | 'guidelineId' | 'savedAt'>;

export function createSqliteChecklistStore(db: DatabaseSync): ChecklistStore {
  const select = db.prepare(
    'SELECT entry_id, guideline_id, saved_at, body FROM history_checklists WHERE entry_id = ? ORDER BY guideline_id',
  );
  const upsert = db.prepare(
    'INSERT INTO history_checklists (entry_id, guideline_id, saved_at, body) VALUES (?, ?, ?, ?) ' +
      'ON CONFLICT (entry_id, guideline_id) DO UPDATE SET saved_at = excluded.saved_at, body = excluded.body',
  );
  const exists = db.prepare('SELECT 1 AS found FROM history WHERE id = ?');
  return {
    async list(entryId) {
      const rows = select.all(entryId) as { entry_id: number; guideline_id: string; saved_at: string; body: string }[];
      return rows.map((row) => {
        const body = JSON.parse(row.body) as Body;
        return {
          entryId: row.entry_id,
          guidelineId: row.guideline_id,
          guidelineName: body.guidelineName,
          versionHash: body.versionHash,
          fetchedAt: body.fetchedAt,
          savedAt: row.saved_at,
          // Checklists kept before judges existed have no `by`: every mark was the person's.
          items: body.items.map((item) => ({ ...item, by: item.by === 'judge' ? 'judge' : 'person' })),
        };
      });
    },
    async save(checklist) {
      const { entryId, guidelineId, savedAt, guidelineName, versionHash, fetchedAt, items } = checklist;
      const body: Body = { guidelineName, versionHash, fetchedAt, items };
      upsert.run(entryId, guidelineId, savedAt, JSON.stringify(body));
      return structuredClone(checklist);
    },
    async entryExists(entryId) {
      return exists.get(entryId) !== undefined;
    },
  };
}
