import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { bytesOf, firstScreenFiles } from '../support/firstScreen';
import { expect, openApp, test } from './fixtures';

/**
 * The renderer is split: the first screen loads without the markdown renderer and the code
 * editor, each comes in its own chunk when first needed, no chunk is over Vite's 500 kB
 * warning limit, the first screen's JavaScript stays within its budget, and the strict
 * Content-Security-Policy lets the chunks load.
 */

/** The first screen's JavaScript budget, uncompressed (kB = 1000 bytes). */
const FIRST_SCREEN_JS_BUDGET = 450_000;

const rendererDir = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
const assets = path.join(rendererDir, 'assets');
const escalation = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Escalation policy')!;

/** Notes the moment the app says it is ready, and every CSP violation, from the page's start. */
const PROBE = `
  window.__readyAt = 0;
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-app-state="ready"]')) { window.__readyAt = performance.now(); observer.disconnect(); }
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

test('the build has no chunk over 500 kB, and the editor and markdown are chunks of their own', () => {
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  // Vite's warning limit is 500 kB of minified output (kB = 1000 bytes).
  expect(scripts.map((name) => [name, statSync(path.join(assets, name)).size]).filter(([, size]) => Number(size) > 500_000)).toEqual([]);
  expect(scripts.some((name) => name.startsWith('PayloadCodeEditor-'))).toBe(true);
  expect(scripts.some((name) => name.startsWith('SafeMarkdown-'))).toBe(true);
  // index.html starts only the first screen: nothing preloads the lazy chunks with it.
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  expect(html).not.toMatch(/\/(PayloadCodeEditor|SafeMarkdown)-/);
});

test("the first screen's JavaScript is within its budget, and all of it is preloaded by index.html", () => {
  const { scripts } = firstScreenFiles(rendererDir);
  expect(
    scripts.some((file) => /\/showApp-/.test(file)),
    'the app chunk counts',
  ).toBe(true);
  expect(scripts.filter((file) => /\/(PayloadCodeEditor|SafeMarkdown|RunsPanel|HistoryPanel|GuidelinesPanel)-/.test(file))).toEqual([]);
  expect(bytesOf(rendererDir, scripts), scripts.join(', ')).toBeLessThanOrEqual(FIRST_SCREEN_JS_BUDGET);
  // Fetched from the start, not one after the other.
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  for (const file of scripts) expect(html).toContain(`./${file}`);
});

test("the first screen's stylesheets are all linked by index.html, so none is asked for once the entry has run", () => {
  const { styles } = firstScreenFiles(rendererDir);
  expect(
    styles.some((file) => /\/showApp-.*\.css$/.test(file)),
    "the app chunk's own stylesheet counts",
  ).toBe(true);
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\.\/([^"]+)"/g)].map((match) => match[1]);
  expect(linked.sort()).toEqual([...styles].sort());
});

test("what only the app needs comes in the app's chunk, not in small files of its own", () => {
  // Each file is one more request to the host (6 at a time); the sections loaded later share the
  // app's chunk. The entry, the bundler's runtime, React's and the app's chunk, and a few bytes
  // both sides use: 25 files before.
  const { scripts } = firstScreenFiles(rendererDir);
  expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(6);
});

test('the first screen is ready before the markdown chunk loads; the chunks load under the CSP', async ({ page, app }) => {
  await page.addInitScript(PROBE);
  await openApp(page, app);
  const readyAt = await page.evaluate(() => (window as unknown as { __readyAt: number }).__readyAt);
  expect(readyAt).toBeGreaterThan(0);

  // The code editor arrives on its own (it is on the first screen, but the app does not wait for it).
  await expect(page.getByRole('textbox', { name: 'Payload' })).toBeVisible();
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();
  await expect(page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('table')).toBeVisible();

  const chunkStarts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => [new URL(entry.name).pathname.split('/').pop() ?? '', entry.startTime] as const),
  );
  const markdown = chunkStarts.filter(([name]) => name.startsWith('SafeMarkdown-'));
  expect(markdown).toHaveLength(1);
  expect(markdown[0]![1]).toBeGreaterThanOrEqual(readyAt);
  expect(chunkStarts.filter(([name]) => name.startsWith('PayloadCodeEditor-'))).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

test('the first screen is drawn with what came with the session: no second round trip for it', async ({ page, app }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/session' || pathname.startsWith('/rpc/')) calls.push(pathname);
  });
  await openApp(page, app);
  expect(calls.filter((call) => call === '/session')).toHaveLength(1);
  // The answers it stands for are not asked for again by the first screen either.
  expect(calls.filter((call) => /^\/rpc\/(getStartup|listProfiles|loadWorkspace|listKnownAgents|listKnownGuidelines)$/.test(call))).toEqual(
    [],
  );
});
