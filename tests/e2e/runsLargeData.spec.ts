import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { MAX_DATA_BYTES } from '../../electron/shared/runs/runLimits';
import { expect, fillCode, openApp, test } from './fixtures';

/**
 * A data file larger than one request to the browser-mode host may carry (16 MB) runs in the
 * app: the page keeps it as the picked file, sends it in pieces, and the host's run reads it row
 * by row from its own file, removed when the run ends.
 */

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
const ROWS = 18;

/** A CSV of ROWS rows, each padded to about 1 MB: over the host's request limit as a whole. */
function bigCsv(): Buffer {
  const pad = 'p'.repeat(Math.ceil((MAX_DATA_BYTES * 1.1) / ROWS));
  const lines = Array.from({ length: ROWS }, (_, index) => `row ${index + 1},${pad}`);
  return Buffer.from(`n,pad\n${lines.join('\n')}\n`);
}

test('a data file over the host’s request limit is sent in pieces and every row runs', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Source' }).click();
  const suite = { name: 'large', data: 'eval.csv', agents: [echo.id], cases: [{ text: '{{n}}', expect: { answerContains: '{{n}}' } }] };
  await fillCode(runs.getByRole('textbox', { name: 'Suite JSON' }), JSON.stringify(suite, null, 2));
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Form' }).click();
  const csv = bigCsv();
  expect(csv.length).toBeGreaterThan(16 * 1024 * 1024);
  await runs.getByLabel('Data file (.csv, .jsonl or .json)').setInputFiles({ name: 'eval.csv', mimeType: 'text/csv', buffer: csv });
  await expect(runs.getByRole('status').filter({ hasText: /eval\.csv: 1\d\.\d MB; its rows are read as the run starts/ })).toBeVisible();
  await runs.getByRole('button', { name: 'Run suite' }).click();

  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByText(`${ROWS} of ${ROWS} · ${ROWS} passed · 0 failed`)).toBeVisible({ timeout: 30_000 });
  await expect(runs.getByText(`Run started: ${ROWS} requests.`)).toBeVisible();
  // The host's copy went with the run's end.
  await expect.poll(() => readdirSync(path.join(app.dataDir, 'run-data'))).toEqual([]);
});
