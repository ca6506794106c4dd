import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { findChromium } from '../support/chromium';
import { expect, startWebApp, test } from './fixtures';

/**
 * `--open` as a user runs it, with the system opener replaced by a stub first on PATH: the stub
 * records its command line and environment, then starts a real Chromium (a fresh profile) on
 * what it was given. Afterwards we read what another local user could have read (the browser's
 * /proc/PID/cmdline, the opener's environment) and what the browser kept (its History).
 */

const API_KEY = 'SENTINEL-env-key-9f3b7c2e';
const SANDBOX_KEY = 'SENTINEL-sandbox-key-4a8d1e6f';

/** One attempt to ask the browser to close through its DevTools port. */
function askToClose(profile: string): Promise<void> {
  const [port, target] = readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').trim().split('\n');
  const socket = new WebSocket(`ws://127.0.0.1:${port}${target}`);
  return new Promise<void>((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Browser.close' }));
    // The answer may be cut short by the browser going away: either means it is closing.
    socket.onmessage = () => resolve();
    socket.onclose = () => resolve();
    socket.onerror = (event) => reject(new Error(`could not reach the browser at port ${port}: ${String((event as ErrorEvent).message)}`));
  });
}

/**
 * Asks the browser to close (headless Chromium flushes History only on a clean close): through
 * its DevTools port, or, when that port refuses (seen with two of these browsers at once: the
 * browser was already on its way out), with SIGTERM, which Chromium also takes as a clean close.
 */
async function closeBrowser(profile: string, pid: number): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      return await askToClose(profile);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone: it was closing when its port refused.
  }
}

test.skip(process.platform !== 'linux', 'the stub stands in for xdg-open, the Linux opener');

test('--open puts no long-lived secret in argv, environment or history, and its one-time address dies', async ({ request }) => {
  const chromium = findChromium();
  if (!chromium) throw new Error('no Chromium');
  const stub = mkdtempSync(path.join(tmpdir(), 'ae-opener-'));
  const record = (name: string) => path.join(stub, name);
  writeFileSync(
    record('xdg-open'),
    `#!/bin/sh
printf '%s\\n' "$@" > '${record('argv')}'
env > '${record('env')}'
echo $$ > '${record('pid')}'
exec '${chromium}' --headless=new --no-sandbox --no-first-run --disable-gpu --password-store=basic \\
  --disable-background-networking --disable-component-update --disable-sync --remote-debugging-port=0 \\
  --user-data-dir='${record('profile')}' "$1"
`,
  );
  chmodSync(record('xdg-open'), 0o755);

  const { app, stop } = await startWebApp(['--open', '--sandbox-latency', 'none', '--sandbox-key', SANDBOX_KEY], {
    PATH: `${stub}${path.delimiter}${process.env['PATH'] ?? ''}`,
    AGENT_EXPLORER_BASE_URL: 'http://127.0.0.1:9/',
    AGENT_EXPLORER_API_KEY: API_KEY,
    AGENT_EXPLORER_AUTH: 'bearer',
  });
  let browserPid = 0;
  try {
    // The browser spends the first address; the host then prints the next one.
    const handedToBrowser = await app.nextLink();
    await app.nextLink();
    browserPid = Number(readFileSync(record('pid'), 'utf8'));
    const token = new URL(handedToBrowser).hash.slice('#token='.length);

    // What every local user can read: the command lines. Only the path of a private file.
    const argv = readFileSync(record('argv'), 'utf8');
    const browserCmdline = readFileSync(`/proc/${browserPid}/cmdline`, 'utf8');
    for (const seen of [argv, browserCmdline]) {
      expect(seen).toContain('open-in-browser.html');
      for (const secret of [token, 'token=', API_KEY, SANDBOX_KEY]) expect(seen).not.toContain(secret);
    }
    // The browser's environment has none of the app's variables.
    const env = readFileSync(record('env'), 'utf8');
    expect(env).not.toMatch(/^AGENT_EXPLORER_/m);
    expect(env).not.toContain(API_KEY);
    // The private file was owner-only, and is gone once spent.
    const launchFile = argv.trim().replace(/^file:\/\//, '');
    await expect.poll(() => existsSync(decodeURIComponent(launchFile))).toBe(false);
    expect(statSync(path.dirname(decodeURIComponent(launchFile))).mode & 0o777).toBe(0o700);

    // Close the browser as a user does (DevTools' Browser.close), so it writes its History out.
    await closeBrowser(record('profile'), browserPid);
    await expect.poll(() => existsSync(`/proc/${browserPid}`), { timeout: 20_000 }).toBe(false);
    browserPid = 0;
    const history = new DatabaseSync(path.join(record('profile'), 'Default', 'History'), { readOnly: true });
    const urls = (history.prepare('SELECT url FROM urls').all() as { url: string }[]).map((row) => row.url);
    history.close();
    expect(urls).toContainEqual(expect.stringContaining(app.origin)); // it did open the app
    for (const url of urls) for (const secret of [API_KEY, SANDBOX_KEY, 'secret=']) expect(url).not.toContain(secret);

    // Whatever token the history kept is dead.
    const kept = urls.flatMap((url) => [...(/token=([\w-]+)/.exec(url)?.slice(1) ?? [])]);
    expect(kept).toContain(token);
    for (const old of kept) {
      const spend = await request.post(`${app.origin}/session`, { data: { token: old }, headers: { origin: app.origin } });
      expect(spend.status()).toBe(403);
    }
  } finally {
    // It may be gone already (a failed step above is the error to report, not this).
    if (browserPid) {
      try {
        process.kill(browserPid, 'SIGKILL');
      } catch {
        // already exited
      }
    }
    await stop();
    rmSync(stub, { recursive: true, force: true });
  }
});
