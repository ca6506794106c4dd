// `npm run bench`: bundles tests/bench (TypeScript, importing the core) and runs it on this Node.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outfile = `${root}.tmp/bench/run.mjs`;
await build({
  absWorkingDir: root,
  entryPoints: ['tests/bench/run.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  logLevel: 'warning',
});
const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exitCode = result.status ?? 1;
