import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { ms, verdict } from './stats';
import { startBenchHost } from './webHost';

/**
 * A 5 MB guideline in the reader, in real Chromium (browser mode). From the guideline's
 * response reaching the page to the first paint of its first words ("first screen"), the longest
 * main-thread task meanwhile (PerformanceObserver 'longtask'), and the longest task while the
 * reader is scrolled (a screen at a time, then jumps), and while find counts a word in all of it.
 * The guideline is realistic markdown: 2,000 sections of paragraphs, a list, a table and code.
 */

const FIRST = 'BENCH-FIRST-WORDS';
const TARGET_BYTES = 5 * 1024 * 1024;

function section(n: number): string {
  return [
    `## Rule ${n}: handling case type ${n % 97}`,
    '',
    `When a customer writes about case type ${n % 97}, **check the account first** and _then_ the order history. See [the policy](https://policy.example.com/rules/${n}).`,
    'Replies stay short, name the next step, and never promise a refund before the lead approves it. '.repeat(6),
    '',
    '- Confirm the customer identity.',
    '- Quote the order number in the reply.',
    '- Escalate when the amount is above the limit.',
    '',
    '| Amount | Who approves |',
    '|---|---|',
    `| below ${n} € | the agent |`,
    `| above ${n} € | a lead |`,
    '',
    '```sh',
    `desk escalate --rule ${n} --ticket "$TICKET"`,
    '```',
    '',
  ].join('\n');
}

function bigGuideline(): string {
  const parts = [`# Support handbook`, '', `${FIRST} This handbook is generated for the benchmark.`, ''];
  let size = 0;
  for (let n = 1; size < TARGET_BYTES; n += 1) {
    const text = section(n);
    parts.push(text);
    size += text.length;
  }
  return parts.join('\n');
}

const PAGE_PROBE = `
  (() => {
    const originalFetch = window.fetch.bind(window);
    window.__bench = { responseAt: 0, paintAt: 0, longestOpen: 0, longestAfter: 0, phase: 'open' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!window.__bench.responseAt || entry.startTime + entry.duration < window.__bench.responseAt) continue;
        if (window.__bench.phase === 'open') window.__bench.longestOpen = Math.max(window.__bench.longestOpen, entry.duration);
        else window.__bench.longestAfter = Math.max(window.__bench.longestAfter, entry.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
    window.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      if (!String(input).endsWith('/rpc/getGuideline')) return response;
      const body = await response.arrayBuffer();
      window.__bench.responseAt = performance.now();
      const observer = new MutationObserver(() => {
        const region = document.querySelector('section[aria-label="Guideline"]');
        if (!window.__bench.paintAt && region && region.textContent.includes('${FIRST}')) {
          observer.disconnect();
          requestAnimationFrame(() => { window.__bench.paintAt = performance.now(); });
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  })();
`;

interface Probe {
  responseAt: number;
  paintAt: number;
  longestOpen: number;
  longestAfter: number;
  phase: string;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

/**
 * Scrolls the Guideline region (the reader's scroll container) as a reader would: 60 screens, a
 * screen every two frames, then jumps to the middle and to the end (dragging the scroll bar).
 */
async function scrollAbout(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const region = document.querySelector<HTMLElement>('section[aria-label="Guideline"]')!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    let steps = 0;
    for (; steps < 60; steps += 1) {
      region.scrollTop += region.clientHeight;
      await frame();
    }
    for (const at of [0.5, 1]) {
      region.scrollTop = (region.scrollHeight - region.clientHeight) * at;
      steps += 1;
      for (let settle = 0; settle < 10; settle += 1) await frame();
    }
    return steps;
  });
}

export async function benchGuidelineReader(webEntry: string): Promise<string[]> {
  const executablePath = findChromium();
  if (!executablePath) return ['guideline reader: skipped (no Chromium found; set AGENT_EXPLORER_CHROMIUM)'];
  const big = JSON.stringify({ name: 'Support handbook', description: 'A 5 MB guideline.', content: bigGuideline() });
  const small = JSON.stringify({ name: 'Warm-up', description: '', content: `${FIRST} A small one.\n\n## One\n\nText.` });
  const platform = createServer((req, res) => {
    const body = /\/api\/guideline\/big\//.test(req.url ?? '') ? big : small;
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
  const platformUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-bench-reader-'));
  const { process: host, nextLink } = startBenchHost(webEntry, dataDir, {
    AGENT_EXPLORER_BASE_URL: platformUrl,
    AGENT_EXPLORER_API_KEY: 'bench-key-123456',
    AGENT_EXPLORER_AUTH: 'bearer',
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  let result: { paint: number; open: number; scroll: number; steps: number; find: number; findText: string } | undefined;
  try {
    // A discarded small guideline first: the reader's code chunk and the fonts come in then.
    for (const id of ['small', 'big']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(PAGE_PROBE);
      await page.goto(await nextLink());
      await page.locator('[data-app-state="ready"]').waitFor();
      await page.getByRole('tab', { name: 'Guidelines' }).click();
      await page.getByRole('combobox', { name: 'Guideline' }).fill(id);
      await page.getByRole('button', { name: 'Open guideline' }).click();
      await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.paintAt > 0, undefined, { timeout: 120_000 });
      // Let any work that follows the first paint show up as a long task of the opening too.
      await page.waitForTimeout(1000);
      if (id === 'small') {
        await page.close();
        continue;
      }
      const opened = await probe(page);
      process.stderr.write(
        `(reader: first screen ${ms(opened.paintAt - opened.responseAt)}, longest task ${ms(opened.longestOpen)}; now scrolling)\n`,
      );
      await page.evaluate(() => ((window as unknown as { __bench: Probe }).__bench.phase = 'after'));
      const steps = await scrollAbout(page);
      const region = page.getByRole('region', { name: 'Guideline', exact: true });
      await region.getByRole('button', { name: 'Find', exact: true }).click();
      const started = Date.now();
      await region.getByRole('searchbox', { name: 'Find in guideline' }).fill('approves');
      const status = region.getByRole('search', { name: 'Find in guideline' }).getByRole('status');
      await status.filter({ hasText: /match/ }).waitFor();
      const find = Date.now() - started;
      const findText = (await status.textContent()) ?? '';
      await page.waitForTimeout(500);
      const bench = await probe(page);
      result = { paint: bench.paintAt - bench.responseAt, open: bench.longestOpen, scroll: bench.longestAfter, steps, find, findText };
      await page.close();
    }
  } finally {
    await browser.close();
    host.kill('SIGINT');
    platform.close();
    platform.closeAllConnections();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const r = result!;
  return [
    `guideline reader, ${(big.length / 1024 / 1024).toFixed(1)} MB guideline: first screen ${ms(r.paint)}; longest task while opening ${ms(r.open)}`,
    `guideline reader, scrolled (60 screens, then to the middle and the end) and find ("${r.findText}" in ${r.find} ms): longest task ${ms(r.scroll)}`,
    `targets: first screen < 500 ms: ${verdict(r.paint < 500)}; no task over 200 ms: ${verdict(r.open <= 200 && r.scroll <= 200)}`,
  ];
}
