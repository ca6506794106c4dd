import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHistoryDatabase } from '../../electron/core/db/database';
import { createSqliteHistoryStore, type HistoryStore } from '../../electron/core/history/historyStore';
import { invokeEntry } from '../support/historyEntries';
import { random, type SeededHistory, WORDS } from './historySeed';
import { ms, percentile, timeInTurns, verdict } from './stats';

/**
 * One answer of 20 MB among the 100,000 entries (a server may send that much): the same
 * searches on the same history with it and without it, in turns, as a ratio. Its words are the
 * history's own, so every search finds it, newest, on the first page, and its passage is made
 * each time. A passage is cut from the start of each field only (searchPassage.ts), so the
 * target is that these searches stay under 100 ms; SQLite's snippet() took minutes on it.
 */

const LONG_ANSWER_CHARS = 20 * 1024 * 1024;

function openStore(file: string): HistoryStore & { close(): void } {
  const opened = openHistoryDatabase(file);
  if (opened.kind !== 'open') throw new Error(opened.problem);
  return { ...createSqliteHistoryStore(opened.db), close: () => opened.db.close() };
}

export async function benchLongAnswerSearch(seeded: SeededHistory, rounds = 60): Promise<string[]> {
  const next = random(11);
  const pick = () => WORDS[Math.floor(next() ** 3 * WORDS.length)]!;
  const words: string[] = [];
  for (let length = 0; length < LONG_ANSWER_CHARS; length += words[words.length - 1]!.length + 1) words.push(pick());
  const answer = words.join(' ');

  // A copy of the shared file, so the benches after this one see the history as it was made.
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-bench-long-answer-'));
  copyFileSync(seeded.file, path.join(dir, 'history.sqlite'));
  const withIt = openStore(path.join(dir, 'history.sqlite'));
  const started = performance.now();
  const longId = await withIt.record(invokeEntry({ text: 'Send me everything', answer }));
  const recordMs = performance.now() - started;
  const without = openStore(seeded.file);

  // Whole words, rare to common, one or two at a time; every third a 3-letter prefix. Both
  // histories get the same searches in the same order.
  const searches = Array.from({ length: rounds }, (_, i) =>
    i % 3 === 2 ? pick().slice(0, 3) : i % 3 === 0 ? `${pick()} ${pick()}` : pick(),
  );
  let missed = 0;
  const inTurn = (store: HistoryStore) => {
    let turn = 0;
    return async () => {
      const page = await store.search({ text: searches[turn++ % searches.length]! });
      if (store === withIt && page.hits[0]?.entry.id !== longId) missed += 1;
    };
  };
  const [withTimes, withoutTimes] = await timeInTurns(inTurn(withIt), inTurn(without), rounds, 5);
  withIt.close();
  without.close();
  rmSync(dir, { recursive: true, force: true });
  if (missed > 0) throw new Error(`${missed} searches did not find the 20 MB answer first`);

  const [a50, a99, b50, b99] = [
    percentile(withoutTimes, 50),
    percentile(withoutTimes, 99),
    percentile(withTimes, 50),
    percentile(withTimes, 99),
  ];
  const slowest = Math.max(...withTimes);
  return [
    `history search with one 20 MB answer among ${seeded.count.toLocaleString('en')} entries (every search finds it, first): p50 ${ms(b50)}, p99 ${ms(b99)}, slowest ${ms(slowest)}; ` +
      `without it p50 ${ms(a50)}, p99 ${ms(a99)}; with/without p50 ${(b50 / a50).toFixed(2)}x, p99 ${(b99 / a99).toFixed(2)}x (target: slowest < 100 ms: ${verdict(slowest < 100)})`,
    `  recording that answer (its full-text index) took ${ms(recordMs)}`,
  ];
}
