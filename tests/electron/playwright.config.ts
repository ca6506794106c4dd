import { defineConfig } from '@playwright/test';
import { electronUnavailableReason } from '../../electron/tooling/electronBinary.mjs';
import { reporters } from '../support/reporters';

/**
 * Electron-level tests: the real desktop shell, driven through Playwright's `_electron`.
 * Where the Electron binary is missing (it is downloaded from GitHub on first run, which our
 * machines cannot reach) every test here is skipped, and the reason is printed, not hidden.
 */
const reason: string | null = electronUnavailableReason();
if (reason) process.stdout.write(`Electron tests skipped: ${reason}.\n`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/electron',
  timeout: 60_000,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env['CI'],
  reporter: reporters(),
});
