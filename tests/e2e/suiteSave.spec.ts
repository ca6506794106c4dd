import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { SUITE_SCHEMA_URL } from '../../electron/shared/runs/suiteTypes';
import { expect, openApp, test } from './fixtures';

/**
 * Saving a suite in a browser, in real Chromium: the download is NAME.suite.json with "$schema"
 * first, and the data file the suite names is offered as a second download under that name.
 * Axe scans the section with the offer on screen, in both colour schemes.
 */

const ROWS = 'customer,text\nDana,Where is my refund?\n';

test('a suite saves as NAME.suite.json with $schema, and its data file is offered too', async ({ page, app }, testInfo) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('textbox', { name: 'Suite name' }).fill('orders');
  await runs
    .getByLabel('Data file (.csv, .jsonl or .json)')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from(ROWS) });
  await expect(runs.getByRole('status').filter({ hasText: 'rows.csv: 1 row' })).toBeVisible();

  const suiteDownload = page.waitForEvent('download');
  await runs.getByRole('button', { name: 'Save suite' }).click();
  const suite = await suiteDownload;
  expect(suite.suggestedFilename()).toBe('orders.suite.json');
  const suiteText = await readFile(await suite.path(), 'utf8');
  expect(Object.keys(JSON.parse(suiteText) as object)).toEqual(['$schema', 'name', 'data', 'cases']);
  expect(JSON.parse(suiteText)).toMatchObject({ $schema: SUITE_SCHEMA_URL, data: 'rows.csv' });
  await expect(runs.getByText('The suite reads its rows from rows.csv: keep that file beside it.')).toBeVisible();

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    for (const [width, height] of [
      [1280, 800],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      const name = `suite-saved-${width}x${height}-${colorScheme}.png`;
      await testInfo.attach(name, { body: await page.screenshot({ path: testInfo.outputPath(name) }), contentType: 'image/png' });
    }
  }

  const dataDownload = page.waitForEvent('download');
  await runs.getByRole('button', { name: 'Save rows.csv too' }).click();
  const data = await dataDownload;
  expect(data.suggestedFilename()).toBe('rows.csv');
  expect(await readFile(await data.path(), 'utf8')).toBe(ROWS);
  await expect(runs.getByText('Saved as rows.csv (in your downloads). Keep it beside orders.suite.json.')).toBeVisible();
});
