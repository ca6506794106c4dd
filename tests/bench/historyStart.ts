import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { writeBenchWorkspace, type SeededHistory } from './historySeed';
import { ms, percentile, verdict } from './stats';
import { READY_PROBE } from './timeToReady';
import { startBenchHost } from './webHost';

/**
 * Start-up to ready with 100,000 history entries against an empty history (no more
 * than 10 % slower). The whole start, as a user waits for it: from starting the browser-mode
 * host on the data folder (Node starts, the core opens and checks history.sqlite, the Sandbox
 * starts) until the page, opened on the address the host prints, says `data-app-state="ready"`
 * (the signal timeToReady.ts uses). Each run starts a new host and a fresh browser context;
 * the two folders take turns, run by run, so both see the same machine noise. The host part
 * (start to address printed) is given apart, since that is where the file is opened.
 */

interface Start {
  total: number;
  /** From starting the host to its address printed. */
  host: number;
  /** From the page's navigation start to ready. */
  page: number;
}

async function startToReady(browser: Browser, webEntry: string, dataDir: string): Promise<Start> {
  const started = Date.now();
  const host = startBenchHost(webEntry, dataDir);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const link = await host.nextLink();
    const printed = Date.now();
    const page = await context.newPage();
    await page.addInitScript(READY_PROBE);
    await page.goto(link);
    await page.waitForFunction(() => (window as unknown as { __readyAt: number }).__readyAt > 0, undefined, { timeout: 60_000 });
    // performance.timeOrigin + a page time is a wall-clock time, comparable with Date.now() here.
    const [origin, readyAt] = await page.evaluate(() => [performance.timeOrigin, (window as unknown as { __readyAt: number }).__readyAt]);
    return { total: origin! + readyAt! - started, host: printed - started, page: readyAt! };
  } finally {
    await context.close();
    // The next run starts on the same folder: this host must have let go of it first.
    const exited = new Promise((resolve) => (host.process.exitCode === null ? host.process.once('exit', resolve) : resolve(null)));
    host.process.kill('SIGINT');
    await exited;
  }
}

export async function benchStartWithHistory(webEntry: string, large: SeededHistory, rounds: number): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['start-up with history: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const emptyDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-empty-'));
  // The same request tabs as the large folder: the only difference between the two is the history.
  await writeBenchWorkspace(emptyDir);
  const dirs = { large: large.dataDir, empty: emptyDir };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const times: Record<'large' | 'empty', Start[]> = { large: [], empty: [] };
  try {
    for (let round = 0; round < rounds + 1; round += 1) {
      for (const kind of round % 2 === 0 ? (['large', 'empty'] as const) : (['empty', 'large'] as const)) {
        const start = await startToReady(browser, webEntry, dirs[kind]);
        // The first round makes the empty store's file and warms the disk cache; it is not counted.
        if (round > 0) times[kind].push(start);
      }
    }
  } finally {
    await browser.close();
    rmSync(emptyDir, { recursive: true, force: true });
  }
  const at = (kind: 'large' | 'empty', key: keyof Start, p = 50) =>
    percentile(
      times[kind].map((start) => start[key]),
      p,
    );
  const p50 = (kind: 'large' | 'empty', key: keyof Start) => at(kind, key);
  // The spread says how far to trust the ratio on a shared machine.
  const spread = (kind: 'large' | 'empty') => `${ms(at(kind, 'total', 25))}–${ms(at(kind, 'total', 75))}`;
  const ratio = p50('large', 'total') / p50('empty', 'total');
  const paired = percentile(
    times.large.map((start, index) => start.total / times.empty[index]!.total),
    50,
  );
  const count = large.count.toLocaleString('en');
  return [
    `start-up to ready (p50 of ${rounds}, host start to data-app-state="ready"): with ${count} history entries ${ms(p50('large', 'total'))}, ` +
      `with an empty history ${ms(p50('empty', 'total'))}; ratio ${ratio.toFixed(2)}x (target ≤ 1.10: ${verdict(ratio <= 1.1)})`,
    `  middle half of the runs: ${spread('large')} with ${count}, ${spread('empty')} empty; ` +
      `median of each round's pair (the two runs side by side, so slow spells of the machine cancel out) ${paired.toFixed(2)}x`,
    `  of which the host's own start (to its address printed): ${ms(p50('large', 'host'))} with ${count}, ${ms(p50('empty', 'host'))} empty; ` +
      `the page's (navigation to ready): ${ms(p50('large', 'page'))} with ${count}, ${ms(p50('empty', 'page'))} empty`,
  ];
}
