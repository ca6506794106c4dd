import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { ms, verdict } from './stats';
import { startBenchHost } from './webHost';

/**
 * In browser mode, real Chromium: the time from the invoke's response reaching the page to the
 * first paint of the answer, and the longest main-thread task meanwhile, for answers of 1 KB,
 * 1 MB and 30 MB. A local server answers with an answer of the size the agent id names; the app
 * reaches it through an Environment profile. The page's own fetch is wrapped to note when the
 * response body has arrived; a MutationObserver notes when the answer's first words are in the
 * Response region, and the next animation frame after that is taken as its first paint.
 */

const SIZES: [string, number][] = [
  ['1 KB', 1024],
  ['1 MB', 1024 * 1024],
  ['30 MB', 30 * 1024 * 1024],
];
const MARK = 'BENCH-ANSWER-START';

function answerOf(bytes: number): string {
  const filler = 'The quick brown fox jumps over the lazy dog. ';
  return (MARK + ' ' + filler.repeat(Math.ceil(bytes / filler.length))).slice(0, bytes);
}

const PAGE_PROBE = `
  (() => {
    const originalFetch = window.fetch.bind(window);
    window.__bench = { responseAt: 0, paintAt: 0, longest: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (window.__bench.responseAt && entry.startTime + entry.duration >= window.__bench.responseAt) {
          window.__bench.longest = Math.max(window.__bench.longest, entry.duration);
        }
      }
    }).observe({ type: 'longtask', buffered: true });
    window.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      if (!String(input).endsWith('/rpc/invokeAgent')) return response;
      const body = await response.arrayBuffer();
      window.__bench.responseAt = performance.now();
      const observer = new MutationObserver(() => {
        const region = document.querySelector('section[aria-label="Response"]');
        if (!window.__bench.paintAt && region && region.textContent.includes('${MARK}')) {
          observer.disconnect();
          requestAnimationFrame(() => { window.__bench.paintAt = performance.now(); });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  })();
`;

export async function benchFirstPaint(webEntry: string): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['first paint: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];

  const answers = new Map(
    SIZES.map(([, bytes]) => [`size-${bytes}`, JSON.stringify({ answer: answerOf(bytes), duration: '5ms', token: 't' })]),
  );
  const platform = createServer((req, res) => {
    const id = /\/api\/agent\/([^/]+)\/invoke\//.exec(req.url ?? '')?.[1] ?? '';
    req.resume();
    req.on('end', () => {
      const body = answers.get(id);
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      res.end(body ?? '{"detail":"Not found."}');
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  const platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-paint-'));
  const { process: host, nextLink } = startBenchHost(webEntry, dataDir, {
    AGENT_EXPLORER_BASE_URL: platformUrl,
    AGENT_EXPLORER_API_KEY: 'bench-key-123456',
    AGENT_EXPLORER_AUTH: 'bearer',
  });

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const lines: string[] = [];
  const results: { label: string; paint: number; longest: number }[] = [];
  try {
    // The first page in a fresh browser also pays for start-up (the editor, fonts, caches): a
    // discarded round first, so the 1 KB baseline measures the same work as the others.
    for (const [label, bytes] of [['warm-up', 1024] as [string, number], ...SIZES]) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(PAGE_PROBE);
      await page.goto(await nextLink());
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('combobox', { name: 'Agent' }).fill(`size-${bytes}`);
      await page.getByRole('button', { name: 'Invoke' }).click();
      await page.waitForFunction(() => (window as unknown as { __bench: { paintAt: number } }).__bench.paintAt > 0, undefined, {
        timeout: 120_000,
      });
      // Let any work that follows the first paint show up as a long task too.
      await page.waitForTimeout(500);
      const bench = await page.evaluate(
        () => (window as unknown as { __bench: { responseAt: number; paintAt: number; longest: number } }).__bench,
      );
      if (label !== 'warm-up') results.push({ label, paint: bench.paintAt - bench.responseAt, longest: bench.longest });
      await page.close();
    }
  } finally {
    await browser.close();
    host.kill('SIGINT');
    platform.close();
    platform.closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const baseline = results[0]!;
  for (const result of results) {
    const ratio = result === baseline ? '' : `; ${(result.paint / baseline.paint).toFixed(1)}x the 1 KB answer`;
    lines.push(`first paint, ${result.label} answer: ${ms(result.paint)}${ratio}; longest task ${ms(result.longest)}`);
  }
  const big = results[results.length - 1]!;
  lines.push(
    `targets: 30 MB first paint < 300 ms: ${verdict(big.paint < 300)}; no task over 200 ms: ${verdict(results.every((r) => r.longest <= 200))}`,
  );
  return lines;
}
