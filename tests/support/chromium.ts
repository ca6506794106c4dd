import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/**
 * Finds a Chromium or Chrome to drive, without downloading one (`npx playwright install`
 * cannot reach its download host on our machines). AGENT_EXPLORER_CHROMIUM wins; then the
 * usual system locations (Debian's `chromium` package installs /usr/bin/chromium); then PATH.
 */
export const CHROMIUM_ENV = 'AGENT_EXPLORER_CHROMIUM';

const SYSTEM_LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env[CHROMIUM_ENV];
  if (chosen) return isExecutable(chosen) ? chosen : null;
  const fromSystem = SYSTEM_LOCATIONS.find(isExecutable);
  if (fromSystem) return fromSystem;
  for (const dir of (env['PATH'] ?? '').split(path.delimiter)) {
    for (const name of PATH_NAMES) {
      const candidate = path.join(dir, name);
      if (dir && isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
