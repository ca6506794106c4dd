// `npm start`: open the desktop app where the Electron binary can be had; where it cannot
// (a machine that reaches only the npm registry), say so in one line and start browser mode,
// opened in the system browser where there is a display (browserFallback.mjs).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserModeArgs } from './browserFallback.mjs';
import { electronPackageDir, findElectronBinary } from './electronBinary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const passThrough = process.argv.slice(2);

function tryDownload() {
  const dir = electronPackageDir();
  if (!dir) return 'the electron package is not installed';
  const result = spawnSync(process.execPath, [path.join(dir, 'install.js')], { encoding: 'utf8', timeout: 10 * 60_000 });
  if (result.status === 0 && findElectronBinary()) return null;
  const firstLine = `${result.stderr ?? ''}${result.stdout ?? ''}`.split('\n').find((line) => line.trim() !== '');
  return firstLine ? firstLine.trim().slice(0, 120) : 'the download did not complete';
}

function run(command, args, env = process.env) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

let binary = findElectronBinary();
let failure = null;
if (!binary) {
  failure = tryDownload();
  binary = failure ? null : findElectronBinary();
}

if (binary) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // Chromium refuses to start as root with its sandbox on; only then do we turn it off.
  const rootArgs = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  run(binary, [...rootArgs, root, ...passThrough], env);
} else {
  process.stdout.write(
    `Electron's binary is not installed and could not be downloaded (${failure}), so Agent Explorer is starting in browser mode instead.\n`,
  );
  run(process.execPath, [path.join(root, 'dist/electron/web.mjs'), ...browserModeArgs(passThrough, process.platform, process.env)]);
}
