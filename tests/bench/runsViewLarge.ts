import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { enter, openRunsSection, phaseOf, type Phase } from './runsView';
import { seededDataDir, type SeededRun } from './runsViewSeed';
import { ms, verdict } from './stats';
import { startBenchHost } from './webHost';

/**
 * "A 1,000,000-result run's view opens as fast as a 1,000-result one", in real Chromium
 * (browser mode). Two stored runs of each size, kept in the app's database file through the
 * app's own run store (runsViewSeed.ts: two agents and two cases, so the matrix shows); then, as a person would: open the run from Past runs (time from
 * the click to its first result row on screen, and the longest main-thread task), scroll the
 * results to the far end and back, open Matrix, Latency and Compare (against the other run of
 * the same size, which the page picks). Targets: the big run opens in under 300 ms; no main-thread task over 100 ms.
 */

const OPEN_TARGET_MS = 300;
const TASK_TARGET_MS = 100;

interface ViewFigures {
  openMs: number;
  open: Phase;
  scroll: Phase;
  tabs: Phase;
}

/** Opens the run named `suiteName` from Past runs and measures what a person meets (see the file's comment). */
async function viewRun(page: Page, suiteName: string, total: number, which: 'newest' | 'oldest' = 'newest'): Promise<ViewFigures> {
  const runs = page.getByRole('region', { name: 'Runs' });
  const entries = runs.getByRole('list', { name: 'Past runs' }).getByRole('button', { name: new RegExp(`^${suiteName}, `) });
  // (The space after the comma: "bench 1,000, …" is not "bench 1,000,000, …".)
  const entry = which === 'newest' ? entries.first() : entries.last();
  await entry.waitFor();
  // Phases named by run, so each run's longest tasks are its own (the page is the same).
  const phase = (name: string) => `${name} ${total}`;
  await enter(page, phase('open'));
  const clickedAt = await page.evaluate(() => performance.now());
  await entry.click();
  // The first result row of this run on screen (its grid names the run's size in aria-rowcount).
  const shownAt = (await (
    await page.waitForFunction(
      (expected) => {
        const grid = document.querySelector(`[role="grid"][aria-rowcount="${expected + 1}"]`);
        return grid?.querySelector('[role="rowgroup"] [role="row"] [role="gridcell"]') ? performance.now() : 0;
      },
      total,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue()) as number;
  await page.waitForTimeout(500);
  const open = await phaseOf(page, phase('open'));
  await enter(page, phase('scroll'));
  await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('section[aria-label="Run"] .run-results-scroller')!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // To the far end at once (the scroll bar dragged down), a few screens there, then back to the top.
    for (const to of [scroller.scrollHeight, scroller.scrollHeight / 2, 0]) {
      scroller.scrollTop = to;
      for (let step = 0; step < 5; step += 1) {
        scroller.scrollTop += scroller.clientHeight;
        await frame();
      }
    }
  });
  await page.waitForTimeout(500);
  const scroll = await phaseOf(page, phase('scroll'));
  await enter(page, phase('tabs'));
  const insights = page.getByRole('region', { name: 'Run insights' });
  await insights.getByRole('tab', { name: 'Matrix' }).click();
  await insights.getByRole('grid', { name: 'Results by case and agent' }).getByRole('gridcell').first().waitFor({ timeout: 60_000 });
  await insights.getByRole('tab', { name: 'Latency' }).click();
  await insights.locator('canvas').first().waitFor({ timeout: 60_000 });
  await insights.getByRole('tab', { name: 'Compare' }).click();
  // The baseline chosen is the suite's other finished run (the page picks it); the comparison's summary line ends the wait.
  await insights.locator('.compare-summary').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(500);
  const tabs = await phaseOf(page, phase('tabs'));
  return { openMs: shownAt - clickedAt, open, scroll, tabs };
}

/** Two runs of each size, in one suite per size; the older two results shorter, so each run's grid differs from the one shown before it (by aria-rowcount). */
export const benchRuns = (sizes: readonly number[]): SeededRun[] =>
  sizes.flatMap((total) => {
    const suiteName = `bench ${total.toLocaleString('en-US')}`;
    return [
      { runId: `${total}-a`, total: total - 2, startedAt: '2026-01-01T10:00:00.000Z', suiteName },
      { runId: `${total}-b`, total, startedAt: '2026-01-02T10:00:00.000Z', suiteName },
    ];
  });

/** `large` results (default 1,000,000) against 1,000, two stored runs of each. */
export async function benchRunsViewLarge(webEntry: string, large = 1_000_000): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['runs view, stored runs: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-runsview-large-'));
  const sizes = [1000, large];
  const seed = await seededDataDir(dataDir, benchRuns(sizes));
  const { process: host, nextLink } = startBenchHost(webEntry, dataDir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const figures: ViewFigures[] = [];
  try {
    const page = await openRunsSection(browser, await nextLink());
    // A first open, not measured: the run view's and insights' code comes in then, as it would have by a person's second run.
    await viewRun(page, `bench ${sizes[0]!.toLocaleString('en-US')}`, sizes[0]! - 2, 'oldest');
    for (const total of sizes) figures.push(await viewRun(page, `bench ${total.toLocaleString('en-US')}`, total));
  } finally {
    await browser.close();
    host.kill('SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [small, big] = figures as [ViewFigures, ViewFigures];
  const longest = (f: ViewFigures) => Math.max(f.open.longest, f.scroll.longest, f.tabs.longest);
  const line = (total: number, f: ViewFigures) =>
    `  ${total.toLocaleString('en-US').padStart(9)} results: opens in ${ms(f.openMs)} (longest task ${ms(f.open.longest)}); ` +
    `scrolled end to end: longest task ${ms(f.scroll.longest)}; Matrix, Latency, Compare: longest task ${ms(f.tabs.longest)} (${f.tabs.count} over 50 ms)`;
  return [
    `Runs view of stored runs (browser mode, real Chromium; two runs of each size, ${seed.mb.toFixed(0)} MB, ${seed.reused ? 'copied from the kept seed' : 'seeded'} in ${seed.seconds.toFixed(0)} s)`,
    line(1000, small),
    line(large, big),
    `  ${large.toLocaleString('en-US')} opens under ${OPEN_TARGET_MS} ms: ${verdict(big.openMs < OPEN_TARGET_MS)}; no task over ${TASK_TARGET_MS} ms: ${verdict(longest(big) <= TASK_TARGET_MS)}; open ÷ 1,000's: ${(big.openMs / small.openMs).toFixed(2)}×`,
  ];
}
