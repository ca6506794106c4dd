import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { createProfileWithKey, expect, openApp, test } from './fixtures';

const KEY = 'error-advice-key-5f1e';
const echo = SANDBOX_AGENTS.find((a) => a.name === 'Echo')!;

async function invokeEcho(page: Page) {
  await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Hello');
  await page.getByRole('button', { name: 'Invoke' }).click();
  return page.getByRole('region', { name: 'Response', exact: true }).getByRole('alert');
}

test('a refused key says so, quotes the server, and leads to Detect', async ({ page, app }, testInfo) => {
  // A real contract server that reads the key from X-API-Key only: Bearer is refused with 401.
  const platform = await startSandbox({ apiKey: KEY, auth: { kind: 'header', header: 'X-API-Key' }, latency: 'none' });
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Staging', platform.url, KEY);
    const alert = await invokeEcho(page);
    await expect(alert.getByRole('heading', { name: /^The key was refused \(HTTP 401/ })).toBeVisible();
    await expect(alert).toContainText('The server says: “');
    await page.screenshot({ path: testInfo.outputPath('401.png'), fullPage: true });
    await alert.getByRole('button', { name: 'Detect how the key is sent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profiles' });
    await expect(dialog.getByRole('region', { name: 'Detect the key presentation' })).toBeFocused();
    await dialog.getByLabel('Guideline id for Detect').fill(SANDBOX_GUIDELINES[0]!.id);
    await dialog.getByRole('button', { name: 'Detect' }).click();
    await expect(dialog.getByRole('table', { name: 'Detect attempts' })).toContainText('X-API-Key: <key>');
  } finally {
    await platform.close();
  }
});

test('a 503 shows when to retry and what the server said', async ({ page, app }, testInfo) => {
  const server: Server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
    res.end(JSON.stringify({ detail: 'Down for maintenance' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Busy', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, KEY);
    const alert = await invokeEcho(page);
    await expect(alert.getByRole('heading', { name: /^The server is unavailable for now \(HTTP 503/ })).toBeVisible();
    await expect(alert).toContainText('The server asks to retry after 30 s.');
    await expect(alert).toContainText('The server says: “Down for maintenance”');
    await page.screenshot({ path: testInfo.outputPath('503.png'), fullPage: true });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a guideline nested 3000 levels deep is shown as plain text, and the app stays', async ({ page, app }, testInfo) => {
  const content = '>'.repeat(3000);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'Deep one', description: 'Nested too far.', content }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Deep', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, KEY);
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill('deep');
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const view = page.getByRole('region', { name: 'Guideline', exact: true });
    await expect(view.getByRole('heading', { name: 'Deep one' })).toBeVisible();
    await expect(view.getByRole('note')).toHaveText('Shown as plain text: nested too deeply to render safely.');
    await page.screenshot({ path: testInfo.outputPath('deep.png') });
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect(page.getByRole('combobox', { name: 'Agent' })).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
