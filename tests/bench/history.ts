import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCore, type Core } from '../../electron/core/bootstrap';
import { checkInBackground, openHistoryDatabase } from '../../electron/core/db/database';
import { openMemoryDatabase, type AppDatabase } from '../../electron/core/db/open';
import { createSqliteHistoryStore } from '../../electron/core/history/historyStore';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { createKeyedProfile } from '../support/keyedProfile';
import { random, sharedHistory, WORDS } from './historySeed';
import { ms, percentile, timeInTurns, verdict } from './stats';

/**
 * The history's costs:
 * - what recording adds to an invoke: two cores on the same loopback Sandbox, one keeping its
 *   history in history.sqlite (fsynced commits), one whose store keeps nothing, interleaved
 *   request by request so both see the same machine noise;
 * - a full-text search over 100,000 entries, first page (100 hits, newest first), over words
 *   from rare to common; the first page of the list, the time the start waits to open the
 *   100,000-entry file, and the time its pages take to check in the background (a worker
 *   thread: the start does not wait). The History section's first screen and the whole
 *   start-up with that file are in historyScreen.ts and historyStart.ts.
 */

const KEY = 'bench-key-0123456789';

/** A database whose history keeps nothing: the baseline of the same invoke path without recording. */
function keepNothing(): AppDatabase {
  const database = openMemoryDatabase();
  return { ...database, history: { ...database.history, record: async () => 0 } };
}

export async function benchRecordingOverhead(requests: number): Promise<string[]> {
  const agent = SANDBOX_AGENTS.find((a) => a.name === 'Echo')!;
  const platform = await startSandbox({ apiKey: KEY, latency: 'none' });
  const dirs: string[] = [];
  const makeCore = async (database?: AppDatabase): Promise<Core> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-history-'));
    dirs.push(dataDir);
    const core = await startCore({ host: 'browser', version: 'bench', dataDir, sandboxLatency: 'none', ...(database ? { database } : {}) });
    await createKeyedProfile(core.api, { name: 'Bench', baseUrl: platform.url, key: KEY, allowInsecureHttp: true });
    return core;
  };
  const recording = await makeCore();
  const baseline = await makeCore(keepNothing());
  const request = { agentId: agent.id, text: 'Hello, Sandbox!', payload: { customer_name: 'Ada' } };
  const invokeOn = (core: Core) => async () => {
    const result = await core.api.invokeAgent(request);
    if (!result.ok) throw new Error(`invoke failed: ${result.error.message}`);
  };
  const [withTimes, withoutTimes] = await timeInTurns(invokeOn(recording), invokeOn(baseline), requests);
  await recording.close();
  await baseline.close();
  await platform.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });

  return [50, 99].map((p) => {
    const a = percentile(withoutTimes, p);
    const b = percentile(withTimes, p);
    const target = p === 50 ? ` (target < 1 ms: ${verdict(b - a < 1)})` : '';
    return `history recording p${p}: invoke without it ${ms(a)}, with it ${ms(b)}; adds ${ms(b - a)}${target}`;
  });
}

export async function benchHistorySearch(count: number): Promise<string[]> {
  const { file, insertMs } = await sharedHistory(count);
  let started: number;

  const openTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    started = performance.now();
    const again = openHistoryDatabase(file);
    openTimes.push(performance.now() - started);
    if (again.kind === 'open') again.db.close();
  }
  started = performance.now();
  const damage = await checkInBackground(file);
  const checkMs = performance.now() - started;
  if (damage !== null) throw new Error(`the bench's own history was found damaged: ${damage}`);
  const reopened = openHistoryDatabase(file);
  if (reopened.kind !== 'open') throw new Error(reopened.problem);
  const searchable = createSqliteHistoryStore(reopened.db);
  const next = random(7);
  const pick = () => WORDS[Math.floor(next() ** 3 * WORDS.length)]!;
  const timeSearch = async (text: string, profileId?: string) => {
    const begun = performance.now();
    await searchable.search({ text, ...(profileId ? { profileId } : {}) });
    return performance.now() - begun;
  };
  const searchTimes: number[] = [];
  const prefixTimes: number[] = [];
  const listTimes: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    // Whole words, rare to common, one or two at a time, some within a profile.
    searchTimes.push(await timeSearch(i % 3 === 0 ? `${pick()} ${pick()}` : pick(), i % 4 === 0 ? 'p1' : undefined));
    // The worst case: two typed characters, a prefix of hundreds of words (what a search-as-you-type sends first).
    if (i % 3 === 0) prefixTimes.push(await timeSearch(pick().slice(0, 2)));
    started = performance.now();
    await searchable.list(i % 2 === 0 ? {} : { profileId: 'p2' });
    listTimes.push(performance.now() - started);
  }
  reopened.db.close();

  const search50 = percentile(searchTimes, 50);
  return [
    `history with ${count.toLocaleString('en')} entries: written in one transaction in ${ms(insertMs)}; opened at start in ${ms(percentile(openTimes, 50))} (p50); every page checked in the background in ${ms(checkMs)}`,
    `history search p50 ${ms(search50)}, p99 ${ms(percentile(searchTimes, 99))} (first page of 100, newest first; target < 50 ms: ${verdict(search50 < 50)})`,
    `history search of a 2-character prefix p50 ${ms(percentile(prefixTimes, 50))}, p99 ${ms(percentile(prefixTimes, 99))}`,
    `history list first page p50 ${ms(percentile(listTimes, 50))}, p99 ${ms(percentile(listTimes, 99))}`,
  ];
}
