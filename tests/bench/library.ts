import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openHistoryDatabase } from '../../electron/core/db/database';
import { createSqliteLibraryStore } from '../../electron/core/library/libraryStore';
import { ms, percentile, verdict } from './stats';

/**
 * The guideline library's search: 2,000 guidelines of realistic size (3 to 20 KB of
 * markdown each: headings, lists, paragraphs, over a vocabulary of 4,000 words used as text is,
 * a few words very often and most rarely) in the history's SQLite file, searched through the
 * store as the contract does: ranked (bm25), 50 hits with their passages. Words from rare to
 * common, and two-word searches; then the same with one 20 MB guideline among them.
 */

/** A tiny seeded generator, so every run searches the same library. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const SYLLABLES = ['ka', 're', 'mo', 'ti', 'lu', 'sen', 'dar', 'pol', 'vi', 'nex', 'ga', 'tor', 'bel', 'qu', 'is', 'an'];

export async function benchLibrarySearch(guidelines: number): Promise<string[]> {
  const next = random(42);
  const vocabulary = Array.from({ length: 4000 }, (_, i) => {
    let word = '';
    for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
    return word;
  });
  // Zipf-like: word i is chosen with a weight of 1 / (i + 1).
  const pick = () => vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(next() * Math.log(vocabulary.length)) - 1))]!;
  const sentence = () => Array.from({ length: 8 + Math.floor(next() * 14) }, pick).join(' ') + '.';
  const content = () => {
    const target = 3000 + next() * 17000;
    let text = '';
    while (text.length < target) {
      text += `## ${pick()} ${pick()}\n\n${Array.from({ length: 3 }, sentence).join(' ')}\n\n- ${sentence()}\n- ${sentence()}\n\n`;
    }
    return text;
  };

  const dir = mkdtempSync(path.join(tmpdir(), 'ae-bench-library-'));
  const opened = openHistoryDatabase(path.join(dir, 'history.sqlite'));
  if (opened.kind !== 'open') throw new Error(opened.problem);
  // Loading only: each fetch is its own fsynced commit in the app; 2,000 of them here would
  // measure the disk, not the search.
  opened.db.exec('PRAGMA synchronous = OFF');
  const store = createSqliteLibraryStore(opened.db);
  const at = new Date().toISOString();
  let bytes = 0;
  for (let i = 0; i < guidelines; i += 1) {
    const body = content();
    bytes += body.length;
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    await store.recordFetch('bench', id, { name: `${pick()} ${pick()} policy`, description: sentence(), content: body }, at);
  }

  const searches = [
    vocabulary[3500]!,
    vocabulary[400]!,
    vocabulary[40]!,
    vocabulary[2]!,
    `${vocabulary[10]} ${vocabulary[300]}`,
    vocabulary[120]!.slice(0, 3),
  ];
  const timeAll = async (rounds: number) => {
    const times: number[] = [];
    const perSearch = new Map<string, number[]>();
    for (let round = 0; round < rounds; round += 1) {
      for (const text of searches) {
        const started = performance.now();
        const hits = await store.search('bench', text);
        const took = performance.now() - started;
        times.push(took);
        perSearch.set(text, [...(perSearch.get(text) ?? []), took]);
        if (round === 0 && hits.length === 0) throw new Error(`"${text}" found nothing`);
      }
    }
    return { times, perSearch };
  };
  const { times, perSearch } = await timeAll(30);

  // Then one guideline of 20 MB (a server may send that much), of the same words, so every
  // search finds it: the same searches again, as a ratio to the ones before.
  let long = '';
  while (long.length < 20 * 1024 * 1024) long += content();
  const startedLong = performance.now();
  await store.recordFetch(
    'bench',
    '00000000-0000-4000-8000-999999999999',
    { name: 'Everything policy', description: sentence(), content: long },
    at,
  );
  const recordLongMs = performance.now() - startedLong;
  const withLong = (await timeAll(10)).times;
  opened.db.close();
  rmSync(dir, { recursive: true, force: true });
  const p50 = percentile(times, 50);
  const [long50, long99, slowest] = [percentile(withLong, 50), percentile(withLong, 99), Math.max(...withLong)];
  return [
    `guideline library search over ${guidelines} guidelines (${(bytes / 1024 / 1024).toFixed(1)} MB of content), ranked, 50 hits with passages:`,
    `  p50 ${ms(p50)} (target < 50 ms: ${verdict(p50 < 50)}), p95 ${ms(percentile(times, 95))}, slowest ${ms(Math.max(...times))}`,
    // Rare to common: the most common word matches every guideline, so ranking reads them all.
    `  by search, p50: ${[...perSearch].map(([text, list]) => `"${text}" ${ms(percentile(list, 50))}`).join(', ')}`,
    `  with one 20 MB guideline among them: p50 ${ms(long50)}, p99 ${ms(long99)}, slowest ${ms(slowest)}; with/without p50 ${(long50 / p50).toFixed(2)}x ` +
      `(target: slowest < 100 ms: ${verdict(slowest < 100)}); recording it took ${ms(recordLongMs)}`,
  ];
}
