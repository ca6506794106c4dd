import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { pathToFileURL } from 'node:url';
import type { Download, Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startTestServer } from '../support/testServer';
import { REPORT_STYLE } from '../../electron/core/reports/reportStyle';
import { createProfileWithKey, expect, fillPayload, openApp, test, wordsBrokenAcrossLines } from './fixtures';

/**
 * Evidence for QA, in real Chromium in browser mode: Export report downloads the HTML
 * page and the JSON bundle; the page, opened in the browser, reads as a report, runs nothing,
 * and holds no key even from a server that echoed it.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
const SENTINEL = 'sk-e2e-report-sentinel-5c8d0e1f';
const HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

async function invoke(page: Page, agentId: string, text: string, payload = '{}') {
  await page.getByRole('combobox', { name: 'Agent' }).fill(agentId);
  await page.getByRole('textbox', { name: 'Text' }).fill(text);
  await fillPayload(page, payload);
  await page.getByRole('button', { name: 'Invoke' }).click();
}

/** What axe (every default rule) finds wrong on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses a save button in the dialog and takes the browser's download of it. */
async function download(page: Page, button: string): Promise<{ file: Download; content: string }> {
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
  await expect(dialog.getByRole('status')).toContainText(`was downloaded as ${file.suggestedFilename()}`);
  return { file, content: readFileSync(await file.path(), 'utf8') };
}

test('Export report downloads a report that reads well, runs nothing and holds no key', async ({ page, app }, testInfo) => {
  const keyEcho = await startTestServer((request, response) => {
    const sent = String(request.headers['authorization'] ?? '');
    response.writeHead(200, { 'content-type': 'application/json', 'x-echo-key': sent });
    response.end(JSON.stringify({ answer: `You sent ${sent}`, duration: '0.4s', token: 'session-1' }));
  });
  try {
    await openApp(page, app);
    const response = page.getByRole('region', { name: 'Response', exact: true });
    await invoke(
      page,
      drafter.id,
      'Where is my refund?',
      JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' }),
    );
    await expect(response).toContainText('Hi Grace Hopper');
    await invoke(page, echo.id, HOSTILE);
    await expect(response).toContainText('window.__pwned');
    await createProfileWithKey(page, 'Key echo', keyEcho.url, SENTINEL);
    await invoke(page, 'key-echo-agent', 'Show me my key');
    await page.getByRole('button', { name: 'Send to Key echo' }).click();
    await expect(response).toContainText('You sent Bearer [redacted key]');

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History', exact: true });
    const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
    await expect(entries).toHaveCount(3);

    // One entry, from the opened entry: the report the lead looks at.
    await entries.nth(2).click();
    await page.getByRole('tabpanel', { name: 'History' }).getByRole('button', { name: 'Export report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export report' });
    await dialog
      .getByRole('textbox', { name: 'Note' })
      .fill('Refund reply checked on build 3.2 for ticket QA-1234.\nThe payload values all land in the answer.');
    const single = await download(page, 'Save HTML report');
    await page.screenshot({ path: testInfo.outputPath('export-dialog.png') });
    await testInfo.attach('export-dialog.png', { path: testInfo.outputPath('export-dialog.png'), contentType: 'image/png' });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect.soft(await violations(page), `the Export report dialog (${colorScheme})`).toEqual([]);
    }
    expect(single.file.suggestedFilename()).toMatch(/^agent-explorer-report-entry-\d+-.*\.html$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The whole selection: the hostile answer and the echoed key with it.
    for (const box of await history.getByRole('list', { name: 'History entries' }).getByRole('checkbox').all()) await box.check();
    await history.getByRole('group', { name: 'Selected entries' }).getByRole('button', { name: 'Export report' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill(`Note with markup ${HOSTILE}`);
    const several = await download(page, 'Save HTML report');
    const bundle = await download(page, 'Save JSON bundle');
    expect(bundle.file.suggestedFilename()).toMatch(/^agent-explorer-report-3-entries-.*\.json$/);
    expect(JSON.parse(bundle.content)).toMatchObject({ format: 'agent-explorer-report', version: 1, entries: [{}, {}, {}] });
    for (const { content } of [single, several, bundle]) {
      expect(content).not.toContain(SENTINEL);
      expect(content).not.toContain(Buffer.from(SENTINEL).toString('base64'));
    }
    expect(several.content).toContain('[redacted key]');

    // What a reader sees, opening the downloaded files in the browser.
    const reader = await page.context().newPage();
    const blocked: string[] = [];
    reader.on('console', (message) => blocked.push(message.text()));
    const severalPath = testInfo.outputPath('several.html');
    await several.file.saveAs(severalPath);
    await reader.goto(pathToFileURL(severalPath).href);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('3 exchanges');
    await expect(reader.getByRole('region', { name: 'Note' })).toContainText(`Note with markup ${HOSTILE}`);
    await expect(reader.locator('pre.answer').filter({ hasText: 'window.__pwned' })).toContainText(HOSTILE);
    await expect(reader.getByText('You sent Bearer [redacted key]', { exact: true })).toBeVisible();
    expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await reader.locator('script, img, iframe').count()).toBe(0);
    expect(blocked).toEqual([]);

    const singlePath = testInfo.outputPath('single.html');
    await single.file.saveAs(singlePath);
    await reader.setViewportSize({ width: 1000, height: 800 });
    await reader.goto(pathToFileURL(singlePath).href);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`Invoke of agent ${drafter.name} (${drafter.id})`);
    await expect(reader.getByRole('region', { name: 'Note' })).toContainText('ticket QA-1234');
    await expect(reader.locator('pre.answer')).toContainText('Hi Grace Hopper');
    await expect(reader.getByText('Contract check', { exact: true })).toBeVisible();
    expect.soft(await violations(reader), 'the report page').toEqual([]);
    await reader.screenshot({ fullPage: true, path: testInfo.outputPath('report.png') });
    await testInfo.attach('report.png', { path: testInfo.outputPath('report.png'), contentType: 'image/png' });
    // Printing: each entry on its own page, nothing lost to the print style.
    await reader.emulateMedia({ media: 'print' });
    await expect(reader.locator('pre.answer')).toBeVisible();
    await reader.close();
  } finally {
    await keyEcho.close();
  }
});

test("a report's tables wrap between words, and a long header value still fits the page", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  const rule = 'Tell the customer a person is now handling it, and when they will hear back, in plain words and without blame. '.repeat(3);
  const checklist = Array.from(
    { length: 3 },
    (_, n) => `<tr><td>How to escalate</td><td>${rule}</td><td><strong>Not checked</strong></td><td>Support specialist ${n}</td></tr>`,
  ).join('');
  const cookie = `session=${'a1b2c3d4'.repeat(40)}`;
  await page.setContent(
    `<!doctype html><style>${REPORT_STYLE}</style><body>` +
      `<table class="checklist"><thead><tr><th>Section</th><th>Rule</th><th>Mark</th><th>Comment</th></tr></thead><tbody>${checklist}</tbody></table>` +
      `<table><tbody><tr><td><code>set-cookie</code></td><td><code>${cookie}</code></td></tr></tbody></table></body>`,
  );
  expect(await wordsBrokenAcrossLines(page, '.checklist th, .checklist td')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
