import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import { migrate } from '../../../../electron/core/db/migrations';
import { createSqliteHistoryStore, PRUNE_BATCH } from '../../../../electron/core/history/historyStore';
import { insertAsVersion1, invokeEntry } from '../../../support/historyEntries';
import { memoryDatabase } from '../../../support/memoryDatabase';

/** Pinning, counting and retention. */

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-history-manage-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'history.sqlite');
}

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-23T12:00:00.000Z');
/** An entry recorded `daysAgo` days before NOW, answering `answer`. */
const aged = (daysAgo: number, answer: string) => ({
  ...invokeEntry({ answer }),
  recordedAt: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
});

describe('managing the history', () => {
  it('counts entries and pinned ones, and filters on pinned', async () => {
    const store = memoryDatabase().history;
    const [a, b, c] = await store.recordMany([invokeEntry(), invokeEntry(), invokeEntry()]);
    expect(await store.counts()).toEqual({ total: 3, pinned: 0 });
    await store.pin(b!, true);
    await store.pin(b!, true); // twice: still one
    expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
    expect((await store.list({ pinned: true })).entries.map((e) => e.id)).toEqual([b]);
    expect((await store.list({ pinned: false })).entries.map((e) => e.id)).toEqual([c, a]);
    await store.pin(b!, false);
    await store.delete([a!]);
    expect(await store.counts()).toEqual({ total: 2, pinned: 0 });
    await store.clear();
    expect(await store.counts()).toEqual({ total: 0, pinned: 0 });
  });

  it('keeps the newest N unpinned entries and every pinned one, and their words go with the others', async () => {
    const store = memoryDatabase().history;
    const ids = await store.recordMany(
      ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((word) => invokeEntry({ answer: `word ${word}` })),
    );
    await store.pin(ids[0]!, true);
    expect(await store.prune({ kind: 'all' }, NOW)).toBe(0);
    expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(2);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([ids[4], ids[3], ids[0]]);
    expect((await store.search({ text: 'bravo' })).hits).toEqual([]);
    expect((await store.search({ text: 'charlie' })).hits).toEqual([]);
    expect((await store.search({ text: 'alpha' })).hits.map((hit) => hit.entry.id)).toEqual([ids[0]]);
    // Nothing more to do: the same rule again removes nothing.
    expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(0);
    // After a record, the oldest unpinned one goes.
    const newest = await store.record(invokeEntry({ answer: 'word foxtrot' }));
    expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([newest, ids[4], ids[0]]);
    expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
    // Unpinning makes it count again.
    await store.pin(ids[0]!, false);
    expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([newest, ids[4]]);
  });

  it('keeps the entries of the last N days and every pinned one', async () => {
    const store = memoryDatabase().history;
    const [old, oldPinned, recent, today] = await store.recordMany([
      aged(40, 'word old'),
      aged(35, 'word pinned'),
      aged(5, 'word recent'),
      aged(0, 'word today'),
    ]);
    await store.pin(oldPinned!, true);
    expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([today, recent, oldPinned]);
    expect((await store.search({ text: 'old' })).hits).toEqual([]);
    expect(await store.get(old!)).toBeNull();
    expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(0);
    expect(await store.prune({ kind: 'days', days: 1 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([today, oldPinned]);
  });

  it('applies a retention given with a record in the same call', async () => {
    const store = memoryDatabase().history;
    const [first, second] = await store.recordMany([aged(3, 'word a'), aged(2, 'word b')]);
    const third = await store.record(aged(0, 'word c'), { retention: { kind: 'entries', count: 2 }, now: NOW });
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([third, second]);
    await store.pin(second!, true);
    const fourth = await store.record(aged(0, 'word d'), { retention: { kind: 'days', days: 1 }, now: NOW });
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([fourth, third, second]);
    expect(await store.get(first!)).toBeNull();
  });

  it('prunes a backlog larger than one batch, all of it', async () => {
    const store = memoryDatabase().history;
    await store.recordMany(Array.from({ length: PRUNE_BATCH * 2 + 5 }, () => invokeEntry()));
    expect(await store.prune({ kind: 'entries', count: 3 }, NOW)).toBe(PRUNE_BATCH * 2 + 2);
    expect(await store.counts()).toEqual({ total: 3, pinned: 0 });
  });

  it('finds an entry recorded out of time order (a clock set back) by its time, not its place', async () => {
    const store = memoryDatabase().history;
    const [recent, old] = await store.recordMany([aged(1, 'word recent'), aged(90, 'word old')]);
    expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([recent]);
    expect(await store.get(old!)).toBeNull();
  });
});

describe('the SQLite store prunes without reading every entry', () => {
  const plan = (db: DatabaseSync, sql: string) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');

  it('uses the counts table, the time index and the pinned index', () => {
    const opened = openHistoryDatabase(tempFile());
    if (opened.kind !== 'open') throw new Error(opened.problem);
    const { db } = opened;
    cleanups.unshift(() => db.close());
    expect(plan(db, 'SELECT id FROM history WHERE pinned = 0 AND recorded_at < ? LIMIT ?')).toMatch(
      /USING COVERING INDEX history_unpinned_by_time \(recorded_at<\?\)/,
    );
    expect(plan(db, 'SELECT count(*) FROM history WHERE pinned = 1')).toMatch(/history_pinned/);
    expect(plan(db, 'SELECT id FROM history h WHERE h.pinned = 1 ORDER BY h.id DESC LIMIT 10')).toMatch(/history_pinned/);
    expect(plan(db, 'SELECT id FROM history NOT INDEXED WHERE pinned = 0 ORDER BY id LIMIT 5')).not.toMatch(/TEMP B-TREE/);
  });

  it('removes the full-text rows with their entries (none left behind to grow the file)', async () => {
    const opened = openHistoryDatabase(tempFile());
    if (opened.kind !== 'open') throw new Error(opened.problem);
    const store = createSqliteHistoryStore(opened.db);
    cleanups.unshift(() => opened.db.close());
    const rows = () =>
      opened.db.prepare('SELECT (SELECT count(*) FROM history) AS entries, (SELECT count(*) FROM history_text) AS texts').get();
    await store.recordMany([aged(50, 'word a'), aged(40, 'word b'), aged(3, 'word c'), aged(2, 'word d'), aged(1, 'word e')]);
    await store.prune({ kind: 'days', days: 30 }, NOW);
    expect(rows()).toEqual({ entries: 3, texts: 3 });
    await store.prune({ kind: 'entries', count: 1 }, NOW);
    expect(rows()).toEqual({ entries: 1, texts: 1 });
  });

  it('counts the entries a database had before migration 4, pinned ones apart', async () => {
    const file = tempFile();
    mkdirSync(path.dirname(file), { recursive: true });
    const old = new DatabaseSync(file);
    migrate(old, 3);
    const ids = [insertAsVersion1(old, invokeEntry()), insertAsVersion1(old, invokeEntry()), insertAsVersion1(old, invokeEntry())];
    old.prepare('UPDATE history SET pinned = 1 WHERE id = ?').run(ids[0]!);
    old.close();
    const opened = openHistoryDatabase(file);
    if (opened.kind !== 'open') throw new Error(opened.problem);
    const store = createSqliteHistoryStore(opened.db);
    cleanups.unshift(() => opened.db.close());
    expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
    expect(await store.prune({ kind: 'entries', count: 1 }, NOW)).toBe(1);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([ids[2], ids[0]]);
  });
});
