import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const webEntry = fileURLToPath(new URL('../../dist/electron/web.mjs', import.meta.url));

export interface RunningApp {
  /** The first address printed (a one-time token in its fragment). */
  url: string;
  /**
   * The next unspent address the host printed: each one opens the app once, and the host
   * prints a fresh one each time one is spent. Waits for it to be printed.
   */
  nextLink: () => Promise<string>;
  origin: string;
  /** The data directory this run saves into: fresh and temporary for each test. */
  dataDir: string;
  /** Everything the host process printed. */
  output: () => string;
}

/** Starts `dist/electron/web.mjs` as a user would, and waits for its one-line address. */
export async function startWebApp(
  args: string[],
  env: Record<string, string> = {},
  /** Reuse a data directory (to restart on it); by default a fresh one, removed on stop. */
  existingDataDir?: string,
): Promise<{ app: RunningApp; stop: (signal?: NodeJS.Signals) => Promise<number | null> }> {
  const dataDir = existingDataDir ?? mkdtempSync(path.join(tmpdir(), 'agent-explorer-e2e-'));
  // HOME too, so nothing the app writes by default (Downloads, config folders) leaves the test's folder.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOME: dataDir, ...env };
  for (const name of Object.keys(childEnv)) if (name.startsWith('AGENT_EXPLORER_') && !(name in env)) delete childEnv[name];
  const child: ChildProcess = spawn(process.execPath, [webEntry, '--port', '0', '--data-dir', dataDir, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv,
  });
  let output = '';
  const printedLinks = () => [...output.matchAll(/http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+/g)].map((match) => match[0]);
  let handedOut = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Agent Explorer running at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`web host exited (${code}) before it was ready:\n${output}`)));
  });
  const nextLink = () =>
    new Promise<string>((resolve, reject) => {
      const take = () => {
        const link = printedLinks()[handedOut];
        if (link === undefined) return false;
        handedOut += 1;
        child.stdout?.off('data', check);
        resolve(link);
        return true;
      };
      // Runs after the collector above (listeners run in order), so `output` is current.
      const check = () => void take();
      if (take()) return;
      if (child.exitCode !== null) return reject(new Error(`web host has exited:\n${output}`));
      child.stdout?.on('data', check);
    });
  const stop = async (signal: NodeJS.Signals = 'SIGINT') => {
    const code = await new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (exitCode) => resolve(exitCode));
      child.kill(signal);
    });
    if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  return { app: { url, nextLink, origin: new URL(url).origin, dataDir, output: () => output }, stop };
}

/** Opens the app with the next unspent address and waits until it says it can take input. */
export async function openApp(page: Page, app: RunningApp): Promise<void> {
  await page.goto(await app.nextLink());
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
}

/**
 * Puts `text` in a code editor (the payload's, or the suite's Source) in place of what it holds.
 * Playwright's fill selects all and types; with CodeMirror in a shadow root the selection is
 * sometimes not taken on a loaded machine, and the text lands before the old `{}`. So the editor
 * is read back (a textarea's value, or the code editor's lines) and filled again until it holds
 * exactly the text.
 */
export async function fillCode(editor: Locator, text: string): Promise<void> {
  await expect(async () => {
    await editor.fill(text);
    const held = await editor.evaluate((element) =>
      element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText,
    );
    expect(held.replace(/\n/g, '')).toBe(text.replace(/\n/g, ''));
  }).toPass({ timeout: 20_000 });
}

/** Puts `text` in the payload editor in place of what it holds (see fillCode). */
export async function fillPayload(page: Page, text: string): Promise<void> {
  await fillCode(page.getByRole('textbox', { name: 'Payload' }), text);
}

/**
 * Creates a profile for `baseUrl` in the Profiles dialog, which stays open; the profile becomes
 * active. `settings` fills in more of the form (a proxy, a certificate) before Create.
 */
export async function createProfile(
  page: Page,
  name: string,
  baseUrl: string,
  settings?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Manage profiles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profiles' });
  await dialog.getByRole('button', { name: 'New profile' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await settings?.(dialog);
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText(name);
}

/** Creates a profile for `baseUrl` with `key` saved, active, and closes the Profiles dialog. */
export async function createProfileWithKey(page: Page, name: string, baseUrl: string, key: string): Promise<void> {
  await createProfile(page, name, baseUrl);
  const dialog = page.getByRole('dialog', { name: 'Profiles' });
  // The new profile's own page (the New form has an API key field too, until it is made).
  await expect(dialog.getByRole('button', { name: 'Save key' })).toBeVisible();
  await dialog.getByLabel('API key').fill(key);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(dialog.getByLabel('API key')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export const test = base.extend<{ webArgs: string[]; webEnv: Record<string, string>; app: RunningApp }>({
  webArgs: [['--sandbox-latency', 'none'], { option: true }],
  webEnv: [{}, { option: true }],
  app: async ({ webArgs, webEnv }, use) => {
    const { app, stop } = await startWebApp(webArgs, webEnv);
    await use(app);
    await stop();
  },
});

export { expect };
export { filesWritten } from '../support/filesWritten';

/**
 * The words (runs of non-space) inside the elements `selector` finds that the browser laid out
 * over more than one line: a cell squeezed so narrow that "Level" reads "Lev el".
 */
export function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}
