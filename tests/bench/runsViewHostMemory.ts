import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { openRunsSection, runEnd, startRun } from './runsView';
import { verdict } from './stats';
import { startBenchHost } from './webHost';

/**
 * "The host's memory stays flat while a big run goes", in the app: a run started as a person
 * starts one (browser mode, real Chromium: the Runs section, a suite, a data file, Run suite),
 * through the app's run service to the built-in Sandbox without latency, its results written to
 * the database in batches. Each size runs on a fresh host; its peak resident memory (Linux's
 * VmHWM) is read when the run has ended, beside its resident memory once the app was ready.
 * Target: the larger run's peak at most 1.3× the smaller's.
 */

const TARGET_RATIO = 1.3;

/** A process's resident memory now and at its peak, MB (Linux), or null elsewhere. */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

interface Figures {
  results: number;
  readyMb: number;
  peakMb: number;
  seconds: number;
}

async function oneRun(webEntry: string, executablePath: string, rowCount: number, heapMb: number | null): Promise<Figures | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-host-memory-'));
  // A capped JavaScript heap tells memory kept from garbage not yet collected: a run that finishes
  // within it keeps no more than that, however high the peak without the cap.
  const env = heapMb === null ? {} : { NODE_OPTIONS: `--max-old-space-size=${heapMb}` };
  const { process: host, nextLink } = startBenchHost(webEntry, dataDir, env);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    // (startRun marks its phase for the page's long-task probe.)
    const page = await openRunsSection(browser, await nextLink());
    const ready = memoryOf(host.pid!);
    if (!ready) return null;
    const clickedAt = await startRun(page, rowCount);
    const { endedAt } = await runEnd(page, rowCount * 2);
    const ended = memoryOf(host.pid!)!;
    return { results: rowCount * 2, readyMb: ready.rss, peakMb: ended.peak, seconds: (endedAt - clickedAt) / 1000 };
  } finally {
    await browser.close();
    host.kill('SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `small` and `large` data rows × 2 agents (the defaults make 20,000 and 200,000 results). */
export async function benchRunsViewHostMemory(
  webEntry: string,
  small = 10_000,
  large = 100_000,
  heapMb: number | null = null,
): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['host memory during a run: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const figures: Figures[] = [];
  for (const rows of [small, large]) {
    const run = await oneRun(webEntry, executablePath, rows, heapMb);
    if (!run) return ['host memory during a run: skipped (no /proc to read a process memory from)'];
    figures.push(run);
  }
  const [a, b] = figures as [Figures, Figures];
  const line = (f: Figures) =>
    `  ${f.results.toLocaleString('en-US').padStart(9)} results: host resident ${f.readyMb.toFixed(0)} MB when ready, peak ${f.peakMb.toFixed(0)} MB; ` +
    `run took ${f.seconds.toFixed(0)} s (${(f.results / f.seconds).toFixed(0)} results/s)`;
  const ratio = b.peakMb / a.peakMb;
  return [
    `Web host memory while a run goes in the app (browser mode, real Chromium, Sandbox without latency, results to the database${heapMb === null ? '' : `; host heap capped at ${heapMb} MB`})`,
    line(a),
    line(b),
    `  peak ${b.results.toLocaleString('en-US')} ÷ ${a.results.toLocaleString('en-US')}: ${ratio.toFixed(2)}× (target at most ${TARGET_RATIO}×): ${verdict(ratio <= TARGET_RATIO)}`,
  ];
}
