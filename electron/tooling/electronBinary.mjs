// Finds the Electron binary without triggering a download. Loading the electron package downloads it
// on first use (Electron 45 fetches it from GitHub then), which on a machine that reaches
// only the npm registry fails with a stack trace; callers here want a plain yes or no.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The Electron package folder, or null when the package is not installed. */
export function electronPackageDir() {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** The path of an Electron executable that exists, or null. */
export function findElectronBinary() {
  const dir = electronPackageDir();
  if (!dir) return null;
  const pathFile = path.join(dir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH || path.join(dir, 'dist');
  const candidate = relative
    ? path.join(distDir, relative)
    : process.env.ELECTRON_OVERRIDE_DIST_PATH
      ? path.join(distDir, 'electron')
      : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

/** Why Electron tests or `npm start` cannot use Electron here, in one sentence, or null. */
export function electronUnavailableReason() {
  if (!electronPackageDir()) return 'the electron package is not installed';
  if (!findElectronBinary())
    return 'the Electron binary is not installed (Electron downloads it from GitHub on first run, which this machine cannot reach)';
  return null;
}
