import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { bytesOf, firstScreenFiles } from '../support/firstScreen';
import { ms, percentile, verdict } from './stats';
import { startBenchHost, type BenchHost } from './webHost';

/**
 * Time to ready of the first screen, in real Chromium against browser mode: from navigation
 * start to `data-app-state="ready"`, read in the page with performance.now(); and the first
 * screen's JavaScript, counted by the build's manifest (what the page must have before it can be
 * ready, the same in every load), with what else the page had fetched by ready (its resource
 * timings ending before it): a chunk the app loads as the first screen is drawn (the code editor)
 * races ready, and counting it made the figure swing between runs.
 *
 * Compared in the same run, page by page in turns, with:
 * - the same build with the lazily loaded chunks (the code editor, the markdown renderer) put
 *   back in front of the app as module scripts in index.html, so the app starts only after all
 *   of that code has been fetched, parsed and run (what the single chunk cost before the split;
 *   an emulation, slightly kind to it: the files download in parallel);
 * - when BENCH_READY_BASELINE names another checkout with a build (e.g. a worktree of main after
 *   `npm run build`), that build, served by its own host: the ratio to the code before a change.
 */

/** Notes in the page (window.__readyAt, performance.now()) when data-app-state="ready" first appears. */
export const READY_PROBE = `
  (() => {
    window.__readyAt = 0;
    const observer = new MutationObserver(() => {
      if (!window.__readyAt && document.querySelector('[data-app-state="ready"]')) {
        window.__readyAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-app-state'] });
  })();
`;

/** The first screen's budget of JavaScript (kB = 1000 bytes), as the app's issue sets it. */
const JS_BUDGET_BYTES = 450_000;
const READY_TARGET_MS = 750;

/** The lazily loaded chunks, by the names Vite gives them (from their source files). */
function lazyChunks(rendererDir: string): string[] {
  return readdirSync(path.join(rendererDir, 'assets')).filter((name) => /^(PayloadCodeEditor|SafeMarkdown)-.*\.js$/.test(name));
}

interface PageLoad {
  ready: number;
  /** The scripts whose download had ended by ready, as paths in the build (assets/...). */
  scripts: string[];
}

async function load(page: Page, url: string): Promise<PageLoad> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __readyAt: number }).__readyAt > 0, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const ready = (window as unknown as { __readyAt: number }).__readyAt;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js') && entry.responseEnd <= ready)
      .map((entry) => new URL(entry.name).pathname.replace(/^.*\/assets\//, 'assets/'));
    return { ready, scripts };
  });
}

/** The first screen's scripts by the manifest; whether every load had them by ready; what else came in by ready, in how many loads. */
function javaScriptLines(rendererDir: string, loads: readonly PageLoad[]): { bytes: number; line: string } {
  const { scripts } = firstScreenFiles(rendererDir);
  const bytes = bytesOf(rendererDir, scripts);
  const complete = loads.filter((pageLoad) => scripts.every((file) => pageLoad.scripts.includes(file))).length;
  const others = new Map<string, number>();
  for (const file of loads.flatMap((pageLoad) => pageLoad.scripts.filter((script) => !scripts.includes(script))))
    others.set(file, (others.get(file) ?? 0) + 1);
  const raced = [...others].map(([file, count]) => `${path.basename(file)} (${kB(bytesOf(rendererDir, [file]))}) in ${count}`).join(', ');
  return {
    bytes,
    line:
      `${kB(bytes)} uncompressed in ${scripts.length} files (by the build's manifest: the entry, the app's chunk and what they import), ` +
      `all fetched by ready in ${complete} of ${loads.length} loads; fetched by ready besides (loaded after the first screen, racing ready): ${raced || 'none'}`,
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

type Kind = 'this' | 'eager' | 'baseline';

export async function benchTimeToReady(webEntry: string, rendererDir: string, rounds: number): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['time to ready: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const chunks = lazyChunks(rendererDir);
  if (chunks.length < 2)
    return [
      `time to ready: skipped (expected the editor and markdown chunks in ${rendererDir}/assets, found ${chunks.join(', ') || 'none'})`,
    ];
  const baselineDir = process.env['BENCH_READY_BASELINE'];

  const dataDirs: string[] = [];
  // Each fresh context needs an address of its own: one opens the app once.
  const startHost = (entry: string): BenchHost => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-ready-'));
    dataDirs.push(dataDir);
    return startBenchHost(entry, dataDir);
  };
  const host = startHost(webEntry);
  const baselineHost = baselineDir ? startHost(path.join(path.resolve(baselineDir), 'dist/electron/web.mjs')) : null;
  const kinds: Kind[] = baselineHost ? ['this', 'eager', 'baseline'] : ['this', 'eager'];

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const loads: Record<Kind, PageLoad[]> = { this: [], eager: [], baseline: [] };
  let eagerApplied = true;
  try {
    for (let round = 0; round < rounds + 1; round += 1) {
      // Take turns at going first, so none always gets the warmer machine.
      const order = kinds.map((_, index) => kinds[(index + round) % kinds.length]!);
      for (const kind of order) {
        // A fresh context each time: no HTTP or code cache carried from one page to the next.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.addInitScript(READY_PROBE);
        if (kind === 'eager') {
          await page.route(
            (address) => address.pathname === '/' || address.pathname.endsWith('/index.html'),
            async (route) => {
              const response = await route.fetch();
              const html = await response.text();
              const entry = /<script type="module"[^>]*><\/script>/.exec(html)?.[0];
              if (!entry) eagerApplied = false;
              const eagerScripts = chunks.map((name) => `<script type="module" crossorigin src="./assets/${name}"></script>`).join('');
              await route.fulfill({ response, body: entry ? html.replace(entry, eagerScripts + entry) : html });
            },
          );
        }
        const pageLoad = await load(page, await (kind === 'baseline' ? baselineHost! : host).nextLink());
        // The first round warms the hosts and the disk cache; it is not counted.
        if (round > 0) loads[kind].push(pageLoad);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    host.process.kill('SIGINT');
    baselineHost?.process.kill('SIGINT');
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
  if (!eagerApplied) return ['time to ready: the eager baseline could not be set up (index.html has no module entry script)'];
  const median = (kind: Kind, of: 'ready') =>
    percentile(
      loads[kind].map((pageLoad) => pageLoad[of]),
      50,
    );
  const ready = median('this', 'ready');
  const js = javaScriptLines(rendererDir, loads.this);
  const lines = [
    `time to ready (median of ${rounds}): ${ms(ready)}; with the editor and markdown loaded up front (the old single chunk, emulated) ` +
      `${ms(median('eager', 'ready'))}; ratio ${(ready / median('eager', 'ready')).toFixed(2)}x`,
    `first screen's JavaScript: ${js.line}`,
  ];
  if (baselineDir)
    lines.push(
      `baseline build (${baselineDir}): time to ready ${ms(median('baseline', 'ready'))}, ratio of this build to it ${(ready / median('baseline', 'ready')).toFixed(2)}x; ` +
        `its first screen's JavaScript: ${javaScriptLines(path.join(path.resolve(baselineDir), 'dist/renderer'), loads.baseline).line}`,
    );
  lines.push(
    `targets: time to ready under ${READY_TARGET_MS} ms on the development machine (this one: ${verdict(ready < READY_TARGET_MS)}); ` +
      `first screen's JavaScript at most ${kB(JS_BUDGET_BYTES)}: ${verdict(js.bytes <= JS_BUDGET_BYTES)}`,
  );
  return lines;
}
