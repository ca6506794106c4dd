import { fileURLToPath } from 'node:url';
import { benchFirstPaint } from './firstPaint';
import { benchGuidelineReader } from './guidelineReader';
import { benchHistorySearch, benchRecordingOverhead } from './history';
import { benchInvokeOverhead } from './invokeOverhead';
import { benchTimeToReady } from './timeToReady';

/**
 * `npm run bench`: each figure is a ratio or a difference against a baseline measured in the
 * same run (this machine is shared and noisy; absolute times mean little).
 */
async function main(): Promise<void> {
  const requests = Number(process.env['BENCH_REQUESTS'] ?? 2000);
  const readyRounds = Number(process.env['BENCH_READY_ROUNDS'] ?? 10);
  // BENCH_ONLY=ready (or overhead, history, paint, reader) runs one benchmark, for a quick look at one figure.
  const only = process.env['BENCH_ONLY'];
  process.stdout.write(`Agent Explorer benchmarks (${requests} requests; Node ${process.version})\n\n`);
  const webEntry = fileURLToPath(new URL('../../dist/electron/web.mjs', import.meta.url));
  const rendererDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
  if (!only || only === 'overhead') {
    for (const line of await benchInvokeOverhead(requests)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'history') {
    for (const line of await benchRecordingOverhead(Math.min(requests, 1000))) process.stdout.write(`${line}\n`);
    for (const line of await benchHistorySearch(Number(process.env['BENCH_HISTORY_ENTRIES'] ?? 100_000))) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'ready') {
    for (const line of await benchTimeToReady(webEntry, rendererDir, readyRounds)) process.stdout.write(`${line}\n`);
    process.stdout.write('\n');
  }
  if (!only || only === 'paint') for (const line of await benchFirstPaint(webEntry)) process.stdout.write(`${line}\n`);
  if (!only || only === 'reader') {
    process.stdout.write('\n');
    for (const line of await benchGuidelineReader(webEntry)) process.stdout.write(`${line}\n`);
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
