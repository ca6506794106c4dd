import { fileURLToPath } from 'node:url';
import { benchAgentLimit } from './agentLimit';
import { benchFirstPaint } from './firstPaint';
import { benchGuidelineReader } from './guidelineReader';
import { benchHistorySearch, benchRecordingOverhead } from './history';
import { benchLongAnswerSearch } from './historyLongAnswer';
import { benchHistoryFirstScreen } from './historyScreen';
import { removeSharedHistory, sharedHistory } from './historySeed';
import { benchStartWithHistory } from './historyStart';
import { benchRetention } from './historyPrune';
import { benchInvokeCpu } from './invokeCpu';
import { benchInvokeOverhead } from './invokeOverhead';
import { benchJudge } from './judge';
import { benchLibrarySearch } from './library';
import { benchRuns } from './runs';
import { benchRunsView } from './runsView';
import { benchRunsViewHostMemory } from './runsViewHostMemory';
import { benchRunsViewLarge } from './runsViewLarge';
import { benchRunsStorage } from './runsStorage';
import { benchScale } from './scale';
import { benchTimeToReady } from './timeToReady';

/**
 * `npm run bench`: each figure is a ratio or a difference against a baseline measured in the
 * same run (this machine is shared and noisy; absolute times mean little).
 */
async function main(): Promise<void> {
  const requests = Number(process.env['BENCH_REQUESTS'] ?? 2000);
  const readyRounds = Number(process.env['BENCH_READY_ROUNDS'] ?? 10);
  const historyEntries = Number(process.env['BENCH_HISTORY_ENTRIES'] ?? 100_000);
  const historyRounds = Number(process.env['BENCH_HISTORY_ROUNDS'] ?? 10);
  // BENCH_ONLY=ready (or overhead, cpu, history, historyscreen, historystart, retention, library, reader, paint, runs, judge, scale, limit, runsview, runsviewlarge, runsviewmemory, runsstorage) runs
  // one benchmark, for a quick look at one figure.
  const only = process.env['BENCH_ONLY'];
  process.stdout.write(`Agent Explorer benchmarks (${requests} requests; Node ${process.version})\n\n`);
  const webEntry = fileURLToPath(new URL('../../dist/electron/web.mjs', import.meta.url));
  const rendererDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
  if (!only || only === 'overhead') {
    for (const line of await benchInvokeOverhead(requests)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'cpu') {
    for (const line of await benchInvokeCpu(Number(process.env['BENCH_CPU_REQUESTS'] ?? 3000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'history') {
    for (const line of await benchRecordingOverhead(Math.min(requests, 1000))) process.stdout.write(`${line}\n`);
    for (const line of await benchHistorySearch(historyEntries)) process.stdout.write(`${line}\n`);
    for (const line of await benchLongAnswerSearch(await sharedHistory(historyEntries))) process.stdout.write(`${line}\n`);
    for (const line of await benchRetention(historyEntries)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (only === 'retention') for (const line of await benchRetention(historyEntries)) process.stdout.write(`${line}\n`);
  if (!only || only === 'library') {
    for (const line of await benchLibrarySearch(Number(process.env['BENCH_LIBRARY_GUIDELINES'] ?? 2000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'ready') {
    for (const line of await benchTimeToReady(webEntry, rendererDir, readyRounds)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  // The large history is made once (on first use) and shared by these and the search above.
  if (!only || only === 'historyscreen') {
    for (const line of await benchHistoryFirstScreen(webEntry, await sharedHistory(historyEntries), historyRounds))
      process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'historystart') {
    for (const line of await benchStartWithHistory(webEntry, await sharedHistory(historyEntries), historyRounds))
      process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'paint') for (const line of await benchFirstPaint(webEntry)) process.stdout.write(`${line}\n`);
  if (!only || only === 'runs') {
    const cliEntry = fileURLToPath(new URL('../../dist/electron/cli.mjs', import.meta.url));
    for (const line of await benchRuns(cliEntry, Number(process.env['BENCH_RUN_ROWS'] ?? 1000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'judge') {
    const cliEntry = fileURLToPath(new URL('../../dist/electron/cli.mjs', import.meta.url));
    for (const line of await benchJudge(cliEntry, Number(process.env['BENCH_JUDGE_CASES'] ?? 1000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'scale') {
    const cliEntry = fileURLToPath(new URL('../../dist/electron/cli.mjs', import.meta.url));
    for (const line of await benchScale(cliEntry)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'limit') {
    const cliEntry = fileURLToPath(new URL('../../dist/electron/cli.mjs', import.meta.url));
    for (const line of await benchAgentLimit(cliEntry, Number(process.env['BENCH_LIMIT_INVOKES'] ?? 2000)))
      process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'runsview') {
    for (const line of await benchRunsView(webEntry, Number(process.env['BENCH_RUNSVIEW_ROWS'] ?? 500))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'runsviewlarge') {
    const large = Number(process.env['BENCH_RUNSVIEW_LARGE'] ?? 1_000_000);
    for (const line of await benchRunsViewLarge(webEntry, large)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'runsviewmemory') {
    const rows = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
    for (const line of await benchRunsViewHostMemory(
      webEntry,
      rows('BENCH_HOST_MEMORY_SMALL', 10_000),
      rows('BENCH_HOST_MEMORY_LARGE', 100_000),
      process.env['BENCH_HOST_MEMORY_HEAP_MB'] ? Number(process.env['BENCH_HOST_MEMORY_HEAP_MB']) : null,
      // Opt-in: a number holds V8's young generation at that many MB a semi-space (not as the app ships; the line says so).
      process.env['BENCH_HOST_MEMORY_SEMI_MB'] ? Number(process.env['BENCH_HOST_MEMORY_SEMI_MB']) : null,
    ))
      process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'runsstorage') {
    for (const line of await benchRunsStorage(Number(process.env['BENCH_STORAGE_RESULTS'] ?? 100_000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'reader') {
    process.stdout.write('\n');
    for (const line of await benchGuidelineReader(webEntry)) process.stdout.write(`${line}\n`);
  }
}

void main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => removeSharedHistory());
