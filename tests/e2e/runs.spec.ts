import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillCode, openApp, test } from './fixtures';

/**
 * Runs in real Chromium against the real host and Sandbox: a suite with a data file and two
 * agents is written in the Runs section, run, and read back (progress, failures, one result
 * opened, the matrix, the latency chart); a second run of the same suite is compared with the
 * first. Axe scans the finished run. Screenshots of each are attached to the test's output.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

const ROWS = 'customer,text\nDana,Where is my refund?\nGrace,My invoice is wrong.\nAda,Cancel my plan.\n';

/** The drafter greets the customer by name and Echo repeats the text: one expectation each agent meets. */
function suite(expected: string) {
  return {
    name: 'greetings',
    data: 'rows.csv',
    agents: [drafter.id, echo.id],
    cases: [
      {
        name: 'greets the customer',
        text: '{{text}}',
        payload: { customer_name: '{{customer}}', company: 'Northwind', topic: 'an order' },
        expect: { answerContains: expected },
      },
    ],
  };
}

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function runSuite(page: Page, expected: string): Promise<void> {
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Source' }).click();
  await fillCode(runs.getByRole('textbox', { name: 'Suite JSON' }), JSON.stringify(suite(expected), null, 2));
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Form' }).click();
  await runs
    .getByLabel('Data file (.csv, .jsonl or .json)')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(ROWS) });
  // The page reads the picked file asynchronously: run once it says what it read, as a person would.
  await expect(runs.getByRole('status').filter({ hasText: 'rows.csv: 3 rows' })).toBeVisible();
  await runs.getByRole('button', { name: 'Run suite' }).click();
}

test('a suite runs in the app: progress, failures, a result, the matrix, latency, and a compare with the run before; it passes axe', async ({
  page,
  app,
}, testInfo) => {
  // Two runs and axe on each insight's screen: 24 s on a quiet machine, over the default minute at load 20.
  test.slow();
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  await runSuite(page, '{{customer}}');

  const run = page.getByRole('region', { name: 'Run', exact: true });
  const progress = run.getByRole('progressbar', { name: 'Run progress' });
  // 3 rows × 2 agents: the drafter names the customer, Echo does not.
  await expect(progress).toHaveAttribute('aria-valuenow', '6');
  await expect(run.getByText(/6 of 6 · 3 passed · 3 failed/)).toBeVisible();
  const results = run.getByRole('grid', { name: 'Results' });
  await expect(results.getByRole('row')).toHaveCount(7); // the head and six results
  await page.screenshot({ path: testInfo.outputPath('run-finished.png'), fullPage: true });

  // Failures only, then one opened with its failed expectation and the Response view.
  await run.getByRole('button', { name: 'Failures only' }).click();
  const failed = run.getByRole('grid', { name: 'Failed results' });
  await expect(failed.getByRole('row')).toHaveCount(4);
  await expect(failed.getByRole('row').nth(1)).toContainText('You said');
  await failed.getByRole('row').nth(1).click();
  const opened = run.getByRole('region', { name: 'Opened result' });
  await expect(opened.getByRole('list', { name: 'Expectations' })).toContainText(/answerContains/);
  await expect(opened).toContainText('You said: Where is my refund?');
  expect.soft(await violations(page), 'a finished run with a result opened').toEqual([]);

  // The matrix: cases × rows against the two agents.
  const insights = page.getByRole('region', { name: 'Run insights' });
  await insights.getByRole('tab', { name: 'Matrix' }).click();
  const matrix = insights.getByRole('grid', { name: 'Results by case and agent' });
  await expect(matrix.getByRole('columnheader', { name: 'Support reply drafter' })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: 'Echo' })).toBeVisible();
  await expect(matrix.getByRole('gridcell', { name: /pass/ })).toHaveCount(3);
  await expect(matrix.getByRole('gridcell', { name: /fail/ })).toHaveCount(3);
  await matrix.getByRole('gridcell', { name: /pass/ }).first().click();
  await expect(insights).toContainText('Hi Dana');
  await insights.screenshot({ path: testInfo.outputPath('run-matrix.png') });

  // Latency: the percentiles as text and a histogram drawn on a canvas.
  await insights.getByRole('tab', { name: 'Latency' }).click();
  await expect(insights.getByText(/p50 .* · p95 .* · p99 .*\(of 6\)/).first()).toBeVisible();
  await expect(insights.locator('canvas').first()).toBeVisible();
  expect.soft(await violations(page), 'the latency tab').toEqual([]);

  // A second run where Echo's answers meet the expectation and the drafter's do not; Compare.
  await runSuite(page, 'You said');
  // Its counts are the first run's too: wait until the view shows the second run (Echo's rows pass).
  await expect(
    run.getByRole('grid', { name: 'Results' }).getByRole('row').filter({ hasText: 'You said' }).filter({ hasText: 'Passed' }),
  ).toHaveCount(3);
  await expect(run.getByText(/6 of 6 · 3 passed · 3 failed/)).toBeVisible();
  await insights.getByRole('tab', { name: 'Compare' }).click();
  const newlyFailing = insights.getByRole('region', { name: 'Newly failing' });
  await expect(newlyFailing.getByRole('row')).toHaveCount(4);
  await expect(newlyFailing).toContainText('Support reply drafter');
  await expect(insights.getByRole('region', { name: 'Newly passing' }).getByRole('row')).toHaveCount(4);
  await expect(insights.getByRole('region', { name: 'Answers changed' })).toBeVisible();
  expect.soft(await violations(page), 'a compare of two runs').toEqual([]);
  await insights.screenshot({ path: testInfo.outputPath('run-compare.png') });
});

test('a Postman collection opens as a suite and runs on the Sandbox', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  const examples = fileURLToPath(new URL('../../examples/runs/', import.meta.url));
  await runs.getByLabel('Suite file').setInputFiles(path.join(examples, 'orders.postman_collection.json'));
  await expect(
    runs.getByText(/^Converted the Postman collection orders\.postman_collection\.json: 2 cases\. Not converted: /),
  ).toBeVisible();
  await expect(
    runs.getByText('The cases use {{text}}, {{customer}}, {{topic}}, {{order}}: pick a data file with these columns below.'),
  ).toBeVisible();
  await runs.getByLabel('Data file (.csv, .jsonl or .json)').setInputFiles(path.join(examples, 'orders.csv'));
  await expect(runs.getByRole('status').filter({ hasText: 'orders.csv: 2 rows' })).toBeVisible();
  await runs.getByRole('button', { name: 'Run suite' }).click();

  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByText(/4 of 4 · 4 passed · 0 failed/)).toBeVisible();
});

test('the Source view is the payload’s code editor checked by the suite’s schema: it marks a misspelt field and completes field names', async ({
  page,
  app,
}) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Source' }).click();
  const source = runs.getByRole('textbox', { name: 'Suite JSON' });
  await expect(source).toHaveAttribute('contenteditable', 'true');

  await fillCode(source, `{"cases": [{"agent": "${echo.id}", "txt": "hi"}]}`);
  await source.press('Control+Shift+KeyM');
  await expect(runs.getByRole('listbox', { name: 'Diagnostics' })).toContainText(
    '"txt" is not a field here. Fields: agent, text, payload, expect, name.',
  );
  await page.keyboard.press('Escape');

  await fillCode(source, '{"cases": [{}], "na');
  await source.press('End');
  await source.press('Control+Space');
  // The schema's field names are offered where a key is typed, and a pick puts one in. Typing may
  // have opened the list already; Ctrl+Space then asks again, and CodeMirror ignores a click on
  // the list it still shows until the new answer is in (up to its 100 ms update time, longer
  // under load): so the click is repeated while the list is shown and the text has no pick.
  const name = page.getByRole('option', { name: /^name/ });
  await expect(name).toBeVisible();
  await expect(async () => {
    if (await name.isVisible()) await name.click({ timeout: 1_000 });
    await expect(source).toContainText('"name":', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // A whole suite: the editor grows with it and the pane scrolls, leaving no box the keyboard cannot scroll.
  const long = suite('{{customer}}');
  await fillCode(source, JSON.stringify({ ...long, cases: Array.from({ length: 4 }, () => long.cases[0]) }, null, 2));
  expect(await violations(page)).toEqual([]);
});

test('a finished run exports as files a person downloads: CSV and JUnit XML, read from the host as they are written', async ({
  page,
  app,
}, testInfo) => {
  // Two runs and axe on each insight's screen: 24 s on a quiet machine, over the default minute at load 20.
  test.slow();
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  await runSuite(page, '{{customer}}');
  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByText(/6 of 6 · 3 passed · 3 failed/)).toBeVisible();
  const exportGroup = run.getByRole('group', { name: 'Export run' });
  const day = new Date().toISOString().slice(0, 10);

  const [csv] = await Promise.all([page.waitForEvent('download'), exportGroup.getByRole('button', { name: 'CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`greetings-run-${day}.csv`);
  expect(await csv.failure()).toBeNull();
  // Downloaded from the host, which wrote it as it read the run (no copy of the file was made in the page); once.
  expect(new URL(csv.url()).pathname).toBe('/export');
  expect(await page.evaluate(async (url) => (await fetch(url)).status, csv.url())).toBe(404);
  await expect(run.getByRole('status').filter({ hasText: `Saved greetings-run-${day}.csv.` })).toBeVisible();
  const csvFile = testInfo.outputPath(csv.suggestedFilename());
  await csv.saveAs(csvFile);
  const lines = (await readFile(csvFile, 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(7); // the head and six results
  expect(lines.filter((line) => line.includes('greets the customer'))).toHaveLength(6);
  expect(lines.join('\n')).toContain('Hi Dana');

  const [junit] = await Promise.all([page.waitForEvent('download'), exportGroup.getByRole('button', { name: 'JUnit XML' }).click()]);
  expect(junit.suggestedFilename()).toBe(`greetings-run-${day}.xml`);
  const xmlFile = testInfo.outputPath(junit.suggestedFilename());
  await junit.saveAs(xmlFile);
  const xml = await readFile(xmlFile, 'utf8');
  expect(xml).toMatch(/^<\?xml/);
  expect(xml).toContain('tests="6" failures="3"');
  await expect(run.getByRole('alert')).toHaveCount(0);
});
