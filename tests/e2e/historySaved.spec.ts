import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

test('an answer over the size limit saved to a file is in History, with where it went', async ({ page, app }, testInfo) => {
  await openApp(page, app);
  // A limit of about 1 KB, so Echo's answer to a long text is over it.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Response size limit (MB)').fill('0.001');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
  await page.getByRole('textbox', { name: 'Text' }).fill(`Keep this whole: ${'many words of evidence '.repeat(100)}`);
  await page.getByRole('button', { name: 'Invoke' }).click();
  const alert = page.getByRole('region', { name: 'Response', exact: true }).getByRole('alert');
  await expect(alert).toContainText('too_large');
  await alert.getByRole('button', { name: 'Save the answer to a file…' }).click();
  await alert.getByRole('button', { name: 'Send again and save' }).click();
  await expect(alert.getByRole('status')).toContainText(/Saved .* \(HTTP 200\) to /);
  const files = readdirSync(path.join(app.dataDir, 'responses'));
  expect(files).toHaveLength(1);
  const savedPath = path.join(app.dataDir, 'responses', files[0]!);

  // Opened again, the tab shows its own last invoke (too large), never the save.
  const workspace = path.join(app.dataDir, 'workspace.json');
  await expect.poll(() => (existsSync(workspace) ? readFileSync(workspace, 'utf8') : '')).toContain('Keep this whole');
  await openApp(page, app);
  const restored = page.getByRole('region', { name: 'Response', exact: true });
  await expect(restored).toContainText(/restored from history/);
  await expect(restored.getByRole('alert')).toContainText('too_large');
  await expect(restored).not.toContainText('saved to a file');

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
  // Newest first: the save, then the invoke that was too large.
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('invoke saved to file');
  await expect(entries.nth(1)).toContainText('invoke failed');

  // Found by its file's name.
  await history.getByRole('searchbox', { name: 'Search history' }).fill(path.basename(savedPath, '.json'));
  await expect(entries).toHaveCount(1);
  await entries.first().click();
  const opened = page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Response', exact: true });
  await expect(opened.getByRole('note')).toContainText(`The answer was saved to ${savedPath} (`);
  await expect(opened).toContainText('200 OK');
  await testInfo.attach('history-saved.png', { body: await page.screenshot(), contentType: 'image/png' });
  await expect(page.getByRole('button', { name: 'Replay' })).toBeVisible();
});
