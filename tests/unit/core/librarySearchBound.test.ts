import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/core/db/migrations';
import { createSqliteLibraryStore, type LibraryStore } from '../../../electron/core/library/libraryStore';

/**
 * The library's search over a guideline of several megabytes (content is whatever the server
 * sent). As for the history, snippet() over it was quadratic in its hits, and the profile filter
 * read the whole content of every match: the passage now comes from the start of each field,
 * and the filter from the library's own table. The time-outs guard against a hang only.
 */

const HANG_GUARD_MS = 60_000;
const LONG = `# Refunds\n\n${'A refund is approved by a supervisor when the customer asks. '.repeat(140_000)}The last word is zebra.`;
const A = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const B = 'b4f8a2c6-1e93-4d7b-8f20-6c5a9e3d1b84';
const AT = '2026-01-01T00:00:00.000Z';

function sqliteStore(): { store: LibraryStore; db: DatabaseSync } {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  return { store: createSqliteLibraryStore(db), db };
}

describe('searching a multi-megabyte guideline', () => {
  it('finds it by any word, with a short passage, and does not hang', { timeout: HANG_GUARD_MS }, async () => {
    expect(LONG.length).toBeGreaterThan(8_000_000);
    const store = sqliteStore().store;
    await store.recordFetch('p1', A, { name: 'Tone of voice', description: 'How we write.', content: LONG }, AT);
    await store.recordFetch('p1', B, { name: 'Escalation', description: 'When a refund is asked twice.', content: 'Hand over.' }, AT);
    await store.recordFetch('p2', A, { name: 'Elsewhere', description: '', content: LONG }, AT);

    const hits = await store.search('p1', 'refund');
    expect(hits.map((hit) => hit.entry.guidelineId).sort()).toEqual([A, B].sort());
    const passage = hits.find((hit) => hit.entry.guidelineId === A)!.passage;
    expect(passage.text).toContain('refund is approved');
    expect(passage.text.length).toBeLessThan(400);
    const marked = passage.highlights.map(({ start, end }) => passage.text.slice(start, end).toLowerCase());
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((word) => word.startsWith('refund'))).toBe(true);

    // A word only at the very end is still found; its passage is the content's start.
    const deep = await store.search('p1', 'zebra');
    expect(deep.map((hit) => hit.entry.guidelineId)).toEqual([A]);
    expect(deep[0]!.passage.text.startsWith('# Refunds')).toBe(true);
    expect(deep[0]!.passage.text.length).toBeLessThan(400);
    expect(await store.search('p2', 'escalation')).toEqual([]);
  });
});

describe('the start of a long guideline kept for passages', () => {
  it('follows the latest version and goes with the entry', { timeout: HANG_GUARD_MS }, async () => {
    const { store, db } = sqliteStore();
    const heads = () => Number((db.prepare('SELECT count(*) AS n FROM guideline_heads').get() as { n: number }).n);
    await store.recordFetch('p1', A, { name: 'Policy', description: '', content: LONG }, AT);
    expect(heads()).toBe(1);
    await store.setLabels('p1', A, { title: 'Mine', tags: ['long'] });
    expect((await store.search('p1', 'mine'))[0]!.passage.text).toBe('Mine');
    await store.recordFetch('p1', A, { name: 'Policy', description: '', content: 'Short now.' }, '2026-01-02T00:00:00.000Z');
    expect(heads()).toBe(0);
    await store.recordFetch('p1', A, { name: 'Policy', description: '', content: LONG }, '2026-01-03T00:00:00.000Z');
    expect(await store.remove('p1', [A])).toBe(1);
    expect(heads()).toBe(0);
  });

  it('is made for a long guideline kept by a version before it, when the file is migrated', { timeout: HANG_GUARD_MS }, async () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 8);
    // What the store of format 8 wrote for a fetched guideline.
    db.prepare(
      "INSERT INTO guideline_library (id, profile_id, guideline_id, added_at, fetched_at, latest_version) VALUES (1, 'p1', ?, ?, ?, 1)",
    ).run(A, AT, AT);
    db.prepare(
      "INSERT INTO guideline_versions (entry_id, version, hash, fetched_at, name, description, content) VALUES (1, 1, 'h', ?, 'Policy', '', ?)",
    ).run(AT, LONG);
    db.prepare(
      "INSERT INTO guideline_text (rowid, name, description, content, title, tags, ident, profile_id) VALUES (1, 'Policy', '', ?, '', '', ?, 'p1')",
    ).run(LONG, A);
    migrate(db);
    expect(db.prepare('SELECT id FROM guideline_heads').all()).toEqual([{ id: 1 }]);
    const [hit] = await createSqliteLibraryStore(db).search('p1', 'refund');
    expect(hit!.passage.text.length).toBeLessThan(400);
  });
});
