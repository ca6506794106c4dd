import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, missingChromium } from '../support/chromium';
import { reporters } from '../support/reporters';

const executablePath = findChromium();
if (!executablePath) throw new Error(missingChromium() ?? 'No Chromium found.');

/** End-to-end tests: real Chromium driving the app in browser mode against the embedded sandbox. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  // Time-outs catch hangs, not slowness: CI machines are shared, and a noisy neighbour can
  // stall a page for seconds. Waits are on events, so a generous limit costs nothing when all is well.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  retries: 0,
  workers: 2,
  forbidOnly: !!process.env['CI'],
  reporter: reporters(),
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
  },
});
