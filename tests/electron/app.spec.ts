import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { electronUnavailableReason, findElectronBinary } from '../../electron/tooling/electronBinary.mjs';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { filesWritten } from '../support/filesWritten';

const reason: string | null = electronUnavailableReason();
const appDir = fileURLToPath(new URL('../..', import.meta.url));

test.skip(reason !== null, `Electron tests need the Electron binary: ${reason}`);

let app: ElectronApplication;
let userData: string;

test.beforeEach(async () => {
  // A fresh user data directory per test, so no state leaks between tests or from a real install.
  userData = mkdtempSync(path.join(tmpdir(), 'agent-explorer-electron-'));
  const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  app = await electron.launch({
    executablePath: findElectronBinary() as string,
    args: [...rootArgs, appDir, `--user-data-dir=${userData}`],
  });
});

test.afterEach(async () => {
  await app?.close();
  rmSync(userData, { recursive: true, force: true });
});

test('the desktop app starts on the Sandbox profile and is ready for input', async () => {
  const window = await app.firstWindow();
  await expect(window.locator('[data-app-state="ready"]')).toBeVisible();
  await expect(window.getByRole('combobox', { name: 'Profile' })).toContainText('Sandbox');
  expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
});

test('the desktop app invokes a sample agent through IPC', async () => {
  const agent = SANDBOX_AGENTS[0]!;
  const window = await app.firstWindow();
  await expect(window.locator('[data-app-state="ready"]')).toBeVisible();
  await window.getByRole('combobox', { name: 'Agent' }).fill(agent.id);
  await window.getByRole('textbox', { name: 'Text' }).fill(agent.example.text);
  await window.getByRole('textbox', { name: 'Payload' }).fill(JSON.stringify(agent.example.payload));
  await window.getByRole('button', { name: 'Invoke' }).click();
  const firstValue = Object.values(agent.example.payload).find((value) => typeof value === 'string') as string;
  await expect(window.getByRole('region', { name: 'Response', exact: true })).toContainText(firstValue);
});

test('a key saved in the desktop app never lands on disk in plain text', async () => {
  const SENTINEL = 'SENTINEL-electron-key-8f2a6c4e1d';
  const window = await app.firstWindow();
  await expect(window.locator('[data-app-state="ready"]')).toBeVisible();
  await window.getByRole('button', { name: 'Manage profiles' }).click();
  const dialog = window.getByRole('dialog', { name: 'Profiles' });
  await dialog.getByRole('button', { name: 'New profile' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Staging');
  await dialog.getByLabel('Base URL').fill('https://platform.example.test');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await dialog.getByLabel('API key').fill(SENTINEL);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  // Encrypted by the OS keychain, or (no keychain, or Linux's basic_text) kept in memory only.
  await expect(dialog).toContainText(/stored encrypted|kept in memory/i);
  expect(await window.content()).not.toContain(SENTINEL);
  for (const file of await filesWritten(userData)) {
    expect(file.bytes.includes(Buffer.from(SENTINEL)), file.name).toBe(false);
  }
});
