import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../electron/core/db/database';
import { CLEAR_BATCH, createSqliteHistoryStore, type HistoryStore } from '../../../electron/core/history/historyStore';
import { invokeEntry } from '../../support/historyEntries';

/**
 * Clear all on a long history (it must stay smooth at 100,000 entries). node:sqlite is
 * synchronous: one DELETE of every entry and its search text held the event loop for 1.5 s at
 * 100,000 entries here, so every other call of the host (an invoke, the list the page reads
 * again, the page's own files in browser mode) waited with it. It deletes in batches, giving
 * other calls a turn between them, and takes only what was there when it was asked.
 */

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function sqliteStore(): { store: HistoryStore; text: () => number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-history-clear-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const opened = openHistoryDatabase(path.join(dir, 'history.sqlite'));
  if (opened.kind !== 'open') throw new Error(opened.problem);
  const store = createSqliteHistoryStore(opened.db);
  cleanups.unshift(() => opened.db.close());
  const text = () => Number((opened.db.prepare('SELECT count(*) AS n FROM history_text').get() as { n: number }).n);
  return { store, text };
}

describe('Clear all on a long history', () => {
  it('lets other calls run while it deletes, and keeps an entry recorded meanwhile', async () => {
    const { store, text } = sqliteStore();
    await store.recordMany(Array.from({ length: CLEAR_BATCH * 3 + 7 }, (_, i) => invokeEntry({ answer: `answer ${i}` })));
    const [pinned] = await store.recordMany([invokeEntry({ answer: 'kept pinned' })]);
    await store.pin(pinned!, true);

    let during: number | null = null;
    let clearing = true;
    setImmediate(() => {
      // Another call while Clear all runs: it is answered before the clear ends.
      if (clearing) void store.recordMany([invokeEntry({ answer: 'recorded meanwhile' })]).then(([id]) => (during = id!));
    });
    const removed = await store.clear({ keepPinned: true });
    clearing = false;
    expect(during).not.toBeNull();
    expect(removed).toBe(CLEAR_BATCH * 3 + 7);
    expect((await store.list({})).entries.map((entry) => entry.id)).toEqual([during, pinned]);
    expect(await store.counts()).toEqual({ total: 2, pinned: 1 });
    expect(text()).toBe(2);
    expect((await store.search({ text: 'answer' })).hits).toEqual([]);

    expect(await store.clear({ keepPinned: false })).toBe(2);
    expect(await store.counts()).toEqual({ total: 0, pinned: 0 });
    expect(text()).toBe(0);
    expect(await store.clear({ keepPinned: false })).toBe(0);
  });
});
