import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { openRunsSection, runEnd, startRun } from './runsView';
import { percentile, verdict } from './stats';
import { startBenchHost, type Inspector } from './webHost';

/**
 * "The host's memory stays flat while a big run goes", in the app: a run started as a person
 * starts one (browser mode, real Chromium: the Runs section, a suite, a data file, Run suite),
 * through the app's run service to the built-in Sandbox without latency, its results written to
 * the database in batches. The host runs as the app ships (V8's own heap sizing) unless a knob
 * says otherwise, and the printed line says so.
 *
 * Each size runs twice, each time on a fresh host:
 * - untouched, for its peak resident memory (Linux's VmHWM, read when the run has ended);
 * - with the host's inspector open, for what the host keeps: every `SAMPLE_MS` (and once when the
 *   run has ended) a full collection is forced and the heap used after it read, with the bytes
 *   held outside it (array buffers and external strings). The forced collections slow that run
 *   and free garbage early, which is why the resident peak comes from the other run.
 * "Flat" is the live heap's ratio, larger run over smaller. The resident peak's ratio is printed
 * beside it, and the sampled runs' own resident peaks: what a full collection every few seconds
 * keeps out of the peak is V8's, read just before each forced collection: the heap it has sized
 * (its young generation doubles as bytes survive a scavenge, up to 64 MB a semi-space, so a longer
 * run reaches a later doubling) and garbage it has not yet chosen to collect. The data file is
 * not in it: the page sends it in pieces to a file the run reads row by row.
 */

const TARGET_RATIO = 1.2;
/** How often the sampled run forces a full collection and reads the heap. */
const SAMPLE_MS = 2_000;
const MB = 1024 * 1024;

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

/** The largest of each figure over the samples of one run, MB. */
interface HeapPeaks {
  /** The heap used after a forced full collection: what the host keeps. */
  liveMb: number;
  /** Each sample's live heap, in order (the peak alone can be one sample taken mid-batch). */
  live: number[];
  /** Array buffers and external strings, after the same collection. */
  externalMb: number;
  /** V8's heap as it has sized it (committed), just before a collection. */
  committedMb: number;
  /** V8's young generation (new space) just before a collection. */
  youngMb: number;
  /** What the collection freed: garbage V8 had not yet collected. */
  garbageMb: number;
  samples: number;
}

/** Forces a full collection in the host and reads its heap before and after. */
async function sampleHeap(inspector: Inspector, peaks: HeapPeaks): Promise<void> {
  const young = await inspector.call('Runtime.evaluate', {
    expression: "process.getBuiltinModule('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size",
    returnByValue: true,
  });
  const before = await inspector.call('Runtime.getHeapUsage');
  await inspector.call('HeapProfiler.collectGarbage');
  const after = await inspector.call('Runtime.getHeapUsage');
  const mb = (value: unknown) => (typeof value === 'number' ? value / MB : NaN);
  peaks.live.push(mb(after['usedSize']));
  peaks.liveMb = Math.max(peaks.liveMb, mb(after['usedSize']));
  peaks.externalMb = Math.max(peaks.externalMb, mb(after['backingStorageSize']));
  peaks.committedMb = Math.max(peaks.committedMb, mb(before['totalSize']));
  peaks.youngMb = Math.max(peaks.youngMb, mb((young['result'] as { value?: unknown } | undefined)?.value));
  peaks.garbageMb = Math.max(peaks.garbageMb, mb(before['usedSize']) - mb(after['usedSize']));
  peaks.samples += 1;
}

/** Samples the host's heap every `SAMPLE_MS` until stopped, then once more. */
function sampleWhileRunning(inspector: Inspector): { stop(): Promise<HeapPeaks> } {
  const peaks: HeapPeaks = { liveMb: 0, live: [], externalMb: 0, committedMb: 0, youngMb: 0, garbageMb: 0, samples: 0 };
  const stopped = new AbortController();
  const loop = (async () => {
    while (!stopped.signal.aborted) {
      await sampleHeap(inspector, peaks);
      await sleep(SAMPLE_MS, undefined, { signal: stopped.signal }).catch(() => undefined);
    }
  })();
  return {
    async stop() {
      stopped.abort();
      await loop;
      await sampleHeap(inspector, peaks);
      return peaks;
    },
  };
}

interface Figures {
  results: number;
  readyMb: number;
  peakMb: number;
  seconds: number;
  /** Present for the sampled run. */
  heap?: HeapPeaks;
}

interface HeapOptions {
  /** The old generation capped at this many MB, or null. */
  heapMb: number | null;
  /** The young generation grown to at most this many MB a semi-space, or null for V8's default (64 MB here). */
  semiSpaceMb: number | null;
}

async function oneRun(
  webEntry: string,
  executablePath: string,
  rowCount: number,
  heap: HeapOptions,
  sampled: boolean,
): Promise<Figures | null> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-host-memory-'));
  // A capped JavaScript heap tells memory kept from garbage not yet collected: a run that finishes
  // within it keeps no more than that, however high the peak without the cap.
  const flags = [
    ...(heap.heapMb === null ? [] : [`--max-old-space-size=${heap.heapMb}`]),
    ...(heap.semiSpaceMb === null ? [] : [`--max-semi-space-size=${heap.semiSpaceMb}`]),
  ];
  const env = flags.length === 0 ? {} : { NODE_OPTIONS: flags.join(' ') };
  const { process: host, nextLink, inspector: connecting } = startBenchHost(webEntry, dataDir, env, sampled);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  let inspector: Inspector | undefined;
  try {
    // (startRun marks its phase for the page's long-task probe.)
    const page = await openRunsSection(browser, await nextLink());
    const ready = memoryOf(host.pid!);
    if (!ready) return null;
    inspector = await connecting;
    const sampler = inspector && sampleWhileRunning(inspector);
    const clickedAt = await startRun(page, rowCount);
    const { endedAt } = await runEnd(page, rowCount * 2);
    const ended = memoryOf(host.pid!)!;
    const figures = { results: rowCount * 2, readyMb: ready.rss, peakMb: ended.peak, seconds: (endedAt - clickedAt) / 1000 };
    return sampler ? { ...figures, heap: await sampler.stop() } : figures;
  } finally {
    inspector?.close();
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
  semiSpaceMb: number | null = null,
): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['host memory during a run: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const untouched: Figures[] = [];
  const sampled: Figures[] = [];
  for (const rows of [small, large]) {
    for (const [runs, withSampling] of [
      [untouched, false],
      [sampled, true],
    ] as const) {
      const run = await oneRun(webEntry, executablePath, rows, { heapMb, semiSpaceMb }, withSampling);
      if (!run) return ['host memory during a run: skipped (no /proc to read a process memory from)'];
      runs.push(run);
    }
  }
  const [a, b] = untouched as [Figures, Figures];
  const [sa, sb] = sampled as [Figures & { heap: HeapPeaks }, Figures & { heap: HeapPeaks }];
  const count = (f: Figures) => f.results.toLocaleString('en-US');
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const line = (f: Figures, s: Figures & { heap: HeapPeaks }) =>
    `  ${count(f).padStart(9)} results: resident ${mb(f.readyMb)} when ready, peak ${mb(f.peakMb)} (run took ${f.seconds.toFixed(0)} s); ` +
    `live heap after a full collection at most ${mb(s.heap.liveMb)} (median ${mb(percentile(s.heap.live, 50))}), outside the heap at most ${mb(s.heap.externalMb)} ` +
    `(${s.heap.samples} samples; that run took ${s.seconds.toFixed(0)} s)`;
  const heapRatio = sb.heap.liveMb / sa.heap.liveMb;
  const rssRatio = b.peakMb / a.peakMb;
  const sampledRatio = sb.peakMb / sa.peakMb;
  const sizing = [
    semiSpaceMb === null
      ? "V8's own heap sizing, as the app ships"
      : `V8's young generation held to ${semiSpaceMb} MB a semi-space (BENCH_HOST_MEMORY_SEMI_MB, not as the app ships)`,
    heapMb === null ? '' : `; old generation capped at ${heapMb} MB (BENCH_HOST_MEMORY_HEAP_MB)`,
  ].join('');
  const pair = (small: number, large: number) => `${mb(small)} → ${mb(large)}`;
  const peaks = (pick: (heap: HeapPeaks) => number) => pair(pick(sa.heap), pick(sb.heap));
  return [
    `Web host memory while a run goes in the app (browser mode, real Chromium, Sandbox without latency, results to the database; ${sizing})`,
    `  each size runs twice on a fresh host: untouched, for the resident peak; then with its inspector, forcing a full collection every ${SAMPLE_MS / 1000} s and at the end, for the live heap (the collections slow that run)`,
    line(a, sa),
    line(b, sb),
    `  live heap ${count(b)} ÷ ${count(a)}: ${heapRatio.toFixed(2)}× (flat at most ${TARGET_RATIO}×): ${verdict(heapRatio <= TARGET_RATIO)}`,
    `  resident peak ${count(b)} ÷ ${count(a)}: ${rssRatio.toFixed(2)}× untouched; ${sampledRatio.toFixed(2)}× (${pair(sa.peakMb, sb.peakMb)}) in the runs with a full collection every ${SAMPLE_MS / 1000} s`,
    `  the rest is what a full collection gives back: V8's heap as it sizes it (up to ${peaks((heap) => heap.committedMb)} committed before a forced collection, ` +
      `its young generation up to ${peaks((heap) => heap.youngMb)}) and garbage it has not yet collected (up to ${peaks((heap) => heap.garbageMb)} within ${SAMPLE_MS / 1000} s; the untouched run leaves more)`,
  ];
}
