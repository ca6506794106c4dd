import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

const webEntry = fileURLToPath(new URL('../../dist/electron/web.mjs', import.meta.url));

export interface RunningApp {
  /** The printed address, secret included. */
  url: string;
  origin: string;
  /** Everything the host process printed. */
  output: () => string;
}

/** Starts `dist/electron/web.mjs` as a user would, and waits for its one-line address. */
export async function startWebApp(args: string[]): Promise<{ app: RunningApp; stop: () => Promise<number | null> }> {
  const child: ChildProcess = spawn(process.execPath, [webEntry, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
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
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGINT');
    });
  return { app: { url, origin: new URL(url).origin, output: () => output }, stop };
}

/** Opens the app and waits until it says it can take input. */
export async function openApp(page: Page, app: RunningApp): Promise<void> {
  await page.goto(app.url);
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();
}

export const test = base.extend<{ webArgs: string[]; app: RunningApp }>({
  webArgs: [['--sandbox-latency', 'none'], { option: true }],
  app: async ({ webArgs }, use) => {
    const { app, stop } = await startWebApp(webArgs);
    await use(app);
    await stop();
  },
});

export { expect };
