import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { ms, percentile } from './stats';
import { startBenchHost } from './webHost';

/**
 * Time to ready of the first screen, in real Chromium against browser mode: from navigation
 * start to `data-app-state="ready"`, read in the page with performance.now().
 *
 * The baseline is measured in the same run, alternating page by page with the real thing:
 * the same build, with the lazily loaded chunks (the code editor, the markdown renderer) put
 * back in front of the app as module scripts in index.html. Module scripts run in order, so
 * the app starts only after all of that code has been fetched, parsed and run, which is what
 * the single 930 kB chunk cost before the split. It is an emulation, not the old build (that
 * build no longer exists once the split is in), and it is slightly kind to the old build: the
 * three files download in parallel where one file came in one piece.
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

/** The lazily loaded chunks, by the names Vite gives them (from their source files). */
function lazyChunks(rendererDir: string): string[] {
  return readdirSync(path.join(rendererDir, 'assets')).filter((name) => /^(PayloadCodeEditor|SafeMarkdown)-.*\.js$/.test(name));
}

async function timeToReady(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __readyAt: number }).__readyAt > 0, undefined, { timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
}

export async function benchTimeToReady(webEntry: string, rendererDir: string, rounds: number): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['time to ready: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const chunks = lazyChunks(rendererDir);
  if (chunks.length < 2)
    return [
      `time to ready: skipped (expected the editor and markdown chunks in ${rendererDir}/assets, found ${chunks.join(', ') || 'none'})`,
    ];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-ready-'));
  // Each fresh context needs an address of its own: one opens the app once.
  const { process: host, nextLink } = startBenchHost(webEntry, dataDir);

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const split: number[] = [];
  const eager: number[] = [];
  let eagerApplied = true;
  try {
    for (let round = 0; round < rounds + 1; round += 1) {
      // Alternate which goes first, so neither always gets the warmer machine.
      for (const kind of round % 2 === 0 ? (['split', 'eager'] as const) : (['eager', 'split'] as const)) {
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
        const time = await timeToReady(page, await nextLink());
        // The first round warms the host and the disk cache; it is not counted.
        if (round > 0) (kind === 'split' ? split : eager).push(time);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    host.kill('SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!eagerApplied) return ['time to ready: the eager baseline could not be set up (index.html has no module entry script)'];
  const splitMedian = percentile(split, 50);
  const eagerMedian = percentile(eager, 50);
  return [
    `time to ready (median of ${rounds}): first screen without the editor and markdown ${ms(splitMedian)}; ` +
      `with them loaded up front (the old single chunk, emulated) ${ms(eagerMedian)}; ratio ${(splitMedian / eagerMedian).toFixed(2)}x`,
  ];
}
