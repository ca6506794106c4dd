import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../electron/core/db/migrations';
import { createSqliteHistoryStore, type HistoryStore } from '../../../electron/core/history/historyStore';
import { insertAsVersion1, invokeEntry } from '../../support/historyEntries';

/**
 * A search whose hits include one very long answer (a server may send megabytes). FTS5's
 * snippet() takes time quadratic in the hits inside one document: one 250 KB answer held the
 * host's event loop 34 s, a 20 MB one for minutes. The passage now comes from the start of each
 * field only, so the work per hit is bounded however long the answer is, while the match
 * still finds a word anywhere in it. The time-outs guard against a hang; they measure nothing.
 */

const HANG_GUARD_MS = 60_000;
/** Several megabytes of a sentence that holds the searched words, with one word at the very end. */
const LONG_ANSWER = `Opening line of the answer. ${'A refund was approved for the customer today. '.repeat(180_000)}The last word is zebra.`;

function sqliteStore(): { store: HistoryStore; db: DatabaseSync } {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  return { store: createSqliteHistoryStore(db), db };
}

const marked = (passage: { text: string; highlights: Array<{ start: number; end: number }> }) =>
  passage.highlights.map(({ start, end }) => passage.text.slice(start, end).toLowerCase());

describe('searching a multi-megabyte answer', () => {
  it('finds it by any word, with a short passage, and does not hang', { timeout: HANG_GUARD_MS }, async () => {
    expect(LONG_ANSWER.length).toBeGreaterThan(8_000_000);
    const store = sqliteStore().store;
    const small = await store.record(invokeEntry({ text: 'Any news?', answer: 'The refund is on its way.' }));
    const long = await store.record(invokeEntry({ text: 'Tell me everything', answer: LONG_ANSWER }));

    const found = await store.search({ text: 'refund' });
    expect(found.hits.map((hit) => hit.entry.id)).toEqual([long, small]);
    const passage = found.hits[0]!.passage;
    expect(passage.text).toContain('refund was approved');
    expect(passage.text.length).toBeLessThan(300);
    expect(marked(passage).length).toBeGreaterThan(0);
    expect(marked(passage).every((word) => word === 'refund')).toBe(true);

    // Two words, one of them a prefix: each highlighted where it occurs.
    const both = (await store.search({ text: 'approv today' })).hits;
    expect(both.map((hit) => hit.entry.id)).toEqual([long]);
    expect(new Set(marked(both[0]!.passage))).toEqual(new Set(['approved', 'today']));

    // A word only at the end of the answer is still found; its passage is the answer's start.
    const deep = (await store.search({ text: 'zebra' })).hits;
    expect(deep.map((hit) => hit.entry.id)).toEqual([long]);
    expect(deep[0]!.passage.text.startsWith('Opening line of the answer.')).toBe(true);
    expect(deep[0]!.passage.text.length).toBeLessThan(300);
  });
});

describe('the start of a long answer kept for passages', () => {
  it('goes with its entry', { timeout: HANG_GUARD_MS }, async () => {
    const { store, db } = sqliteStore();
    const heads = () => Number((db.prepare('SELECT count(*) AS n FROM history_heads').get() as { n: number }).n);
    await store.record(invokeEntry({ answer: 'short' }));
    const long = await store.record(invokeEntry({ answer: LONG_ANSWER }));
    expect(heads()).toBe(1);
    await store.delete([long]);
    expect(heads()).toBe(0);
    expect((await store.search({ text: 'zebra' })).hits).toEqual([]);
  });

  it('is made for a long answer recorded by a version before it, when the file is migrated', { timeout: HANG_GUARD_MS }, async () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 8);
    const id = insertAsVersion1(db, invokeEntry({ answer: LONG_ANSWER }));
    insertAsVersion1(db, invokeEntry({ answer: 'short' }));
    migrate(db);
    expect(db.prepare('SELECT id FROM history_heads').all()).toEqual([{ id }]);
    const [hit] = (await createSqliteHistoryStore(db).search({ text: 'refund' })).hits;
    expect(hit!.entry.id).toBe(id);
    expect(hit!.passage.text.length).toBeLessThan(300);
  });
});
