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
 * Target: the larger run's peak at most 1.2× the smaller's (flat enough).
 *
 * What the peak holds, measured in the host (process.memoryUsage and v8.getHeapSpaceStatistics
 * sampled during the run, and its heap after a full collection): the live heap stays nearly flat
 * (15 MB half-way through 5,000 results, 19 MB through 50,000); no batch waits to be written (the
 * database's writes are synchronous) and the event stream's buffer stays small (at most 130 KB
 * over 20,000 results). What grows with the run's length is V8's own sizing: its young generation
 * doubles each time as many bytes have survived a collection as it holds, from 1 MB up to 64 MB
 * a semi-space (128 MB of new space here), so a longer run reaches a later doubling (a
 * 5,000-result run often ends while it is still doubling); and garbage promoted to the old
 * generation waits for a major collection V8 schedules by its own heuristics. So the young
 * generation is held to a ceiling both runs reach early (`semiSpaceMb`, Node 20's default of
 * 16 MB; null leaves V8's default), and the printed line says so; the old generation's garbage
 * is counted as it is.
 */

const TARGET_RATIO = 1.2;
/** V8's young generation for the host at most, MB a semi-space: Node 20's default, reached early in either run. */
const SEMI_SPACE_MB = 16;

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

interface HeapOptions {
  /** The old generation capped at this many MB, or null. */
  heapMb: number | null;
  /** The young generation grown to at most this many MB a semi-space, or null for V8's default (64 MB here). */
  semiSpaceMb: number | null;
}

async function oneRun(webEntry: string, executablePath: string, rowCount: number, heap: HeapOptions): Promise<Figures | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-host-memory-'));
  // A capped JavaScript heap tells memory kept from garbage not yet collected: a run that finishes
  // within it keeps no more than that, however high the peak without the cap.
  const flags = [
    ...(heap.heapMb === null ? [] : [`--max-old-space-size=${heap.heapMb}`]),
    ...(heap.semiSpaceMb === null ? [] : [`--max-semi-space-size=${heap.semiSpaceMb}`]),
  ];
  const env = flags.length === 0 ? {} : { NODE_OPTIONS: flags.join(' ') };
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
  semiSpaceMb: number | null = SEMI_SPACE_MB,
): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['host memory during a run: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const figures: Figures[] = [];
  for (const rows of [small, large]) {
    const run = await oneRun(webEntry, executablePath, rows, { heapMb, semiSpaceMb });
    if (!run) return ['host memory during a run: skipped (no /proc to read a process memory from)'];
    figures.push(run);
  }
  const [a, b] = figures as [Figures, Figures];
  const line = (f: Figures) =>
    `  ${f.results.toLocaleString('en-US').padStart(9)} results: host resident ${f.readyMb.toFixed(0)} MB when ready, peak ${f.peakMb.toFixed(0)} MB; ` +
    `run took ${f.seconds.toFixed(0)} s (${(f.results / f.seconds).toFixed(0)} results/s)`;
  const ratio = b.peakMb / a.peakMb;
  const young =
    semiSpaceMb === null
      ? "V8's young generation left to grow (up to 64 MB a semi-space: a longer run reaches a later doubling, which the ratio then counts)"
      : `V8's young generation held to ${semiSpaceMb} MB a semi-space in both runs (V8 otherwise doubles it as a run goes on, up to 64 MB: its choice, not memory the app holds)`;
  return [
    `Web host memory while a run goes in the app (browser mode, real Chromium, Sandbox without latency, results to the database${heapMb === null ? '' : `; host heap capped at ${heapMb} MB`})`,
    `  ${young}`,
    line(a),
    line(b),
    `  peak ${b.results.toLocaleString('en-US')} ÷ ${a.results.toLocaleString('en-US')}: ${ratio.toFixed(2)}× (flat enough at most ${TARGET_RATIO}×): ${verdict(ratio <= TARGET_RATIO)}`,
  ];
}
