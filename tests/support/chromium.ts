import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

/**
 * Finds a Chromium or Chrome to drive, without downloading one (`npx playwright install`
 * cannot reach its download host on our machines). AGENT_EXPLORER_CHROMIUM wins; then the
 * usual system locations (Debian's `chromium` package installs /usr/bin/chromium); then PATH;
 * then Playwright's own browser, where `npx playwright install chromium` could download it.
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

export function findChromium(env: NodeJS.ProcessEnv = process.env, playwrightOwn: string = chromium.executablePath()): string | null {
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
  return playwrightOwn !== '' && isExecutable(playwrightOwn) ? playwrightOwn : null;
}

/**
 * What `npm test` says, before it starts, when there is no Chromium for its end-to-end tests:
 * the commands that get one, rather than a long run that ends in a failed step. Null when there is one.
 */
export function missingChromium(env: NodeJS.ProcessEnv = process.env, playwrightOwn?: string): string | null {
  if (findChromium(env, playwrightOwn) !== null) return null;
  const named = env[CHROMIUM_ENV];
  return [
    named
      ? `npm test: ${CHROMIUM_ENV} names ${named}, which is not a program that can run.`
      : 'npm test: no Chromium for the end-to-end tests (they drive a real browser and never download one).',
    'Get one, then run npm test again:',
    '  Debian or Ubuntu:  sudo apt-get install -y chromium',
    '  elsewhere:         npx playwright install chromium',
    `  or name one:       ${CHROMIUM_ENV}=/path/to/chrome npm test`,
    '',
  ].join('\n');
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
