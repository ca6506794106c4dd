import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHistoryDatabase } from '../../electron/core/db/database';
import { createSqliteHistoryStore, type HistoryStore } from '../../electron/core/history/historyStore';
import type { HistoryRetention } from '../../electron/shared/api';
import { syntheticEntries } from './historySeed';
import { ms, percentile, timeInTurns, verdict } from './stats';

/**
 * What the retention setting costs at the bench's size: it is applied after every
 * record, so it must not read the whole history each time. Two files of `count` entries: one
 * keeping everything, one keeping the last `count` entries (so each record there deletes the
 * oldest, the steady state of a full history), recorded into in turns. Then the one-off prunes
 * (a stricter setting saved, or the start after days passed): half the entries by count and by days.
 */
export async function benchRetention(count: number, records = 300): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-bench-retention-'));
  const entries = syntheticEntries(count);
  const open = async (name: string): Promise<HistoryStore & { close(): void }> => {
    const opened = openHistoryDatabase(path.join(dir, name));
    if (opened.kind !== 'open') throw new Error(opened.problem);
    const store = createSqliteHistoryStore(opened.db);
    await store.recordMany(entries);
    return { ...store, close: () => opened.db.close() };
  };
  const keepAll = await open('all.sqlite');
  const keepN = await open('entries.sqlite');
  const lastAt = Date.parse(entries[entries.length - 1]!.recordedAt);
  // "Now" a minute after the newest entry; N days back from it covers the newest entries only.
  const now = new Date(lastAt + 60_000);
  const fresh = () => ({ ...entries[0]!, recordedAt: now.toISOString() });
  const byCount: HistoryRetention = { kind: 'entries', count };
  const byDays: HistoryRetention = { kind: 'days', days: 1000 }; // nothing is due: the one-seek check
  let slowest = 0;
  const [plain, pruned] = await timeInTurns(
    async () => {
      await keepAll.record(fresh(), { retention: { kind: 'all' }, now });
    },
    async () => {
      // As the service records: the retention applied in the record's own transaction.
      await keepN.record(fresh(), { retention: byCount, now });
      await keepN.prune(byDays, now);
    },
    records,
    50,
  );
  const counted = await keepN.counts();
  if (counted.total !== count) throw new Error(`retention kept ${counted.total} entries, not ${count}`);

  // The one-off prunes run in batches: the longest the event loop waits between turns is what
  // another call (an invoke, a list) could be held up by.
  let last = performance.now();
  const watch = setInterval(() => {
    const at = performance.now();
    slowest = Math.max(slowest, at - last);
    last = at;
  }, 1);
  let started = performance.now();
  const halfByCount = await keepAll.prune({ kind: 'entries', count: count / 2 }, now);
  const countMs = performance.now() - started;
  const halfDays = (count / 2 / (24 * 60)) | 0; // entries are one a minute
  started = performance.now();
  const halfByDays = await keepN.prune({ kind: 'days', days: halfDays }, now);
  const daysMs = performance.now() - started;
  clearInterval(watch);
  keepAll.close();
  keepN.close();
  rmSync(dir, { recursive: true, force: true });

  const p50 = percentile(pruned, 50) - percentile(plain, 50);
  return [
    `history retention at ${count.toLocaleString('en')} entries: record p50 ${ms(percentile(plain, 50))}; with "keep the last ${count.toLocaleString('en')}" (deleting the oldest each time) and the days check ${ms(percentile(pruned, 50))}; adds ${ms(p50)} (target < 1 ms: ${verdict(p50 < 1)})`,
    `history retention one-off: ${halfByCount.toLocaleString('en')} entries pruned by count in ${ms(countMs)}; ${halfByDays.toLocaleString('en')} by days in ${ms(daysMs)}; the longest the event loop waited meanwhile ${ms(slowest)}`,
  ];
}
