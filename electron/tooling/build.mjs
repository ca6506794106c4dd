// Builds the app: the Node-side entry points bundled by esbuild into dist/electron/, and the
// renderer built by Vite into dist/renderer/. `--node-only` skips the renderer (for the
// standalone sandbox). Bundling means the packaged app needs no runtime node_modules.
import { build as esbuild } from 'esbuild';
import { cliBuildOptions, sandboxBuildOptions, webBuildOptions } from './cliBuild.mjs';
import { lazyHttp2, undiciDefine } from './undiciBundle.mjs';
import { chmod } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const nodeOnly = process.argv.includes('--node-only');

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: false,
  logLevel: 'warning',
  legalComments: 'none',
};

const started = performance.now();
await Promise.all([
  // Electron main and preload: CommonJS, with 'electron' provided by the runtime. The preload
  // runs sandboxed, where only a few modules can be required, so everything else is inlined.
  esbuild({
    ...common,
    entryPoints: ['electron/desktop/main.ts'],
    outfile: 'dist/electron/main.cjs',
    format: 'cjs',
    external: ['electron'],
    plugins: [lazyHttp2],
    define: undiciDefine,
  }),
  esbuild({
    ...common,
    entryPoints: ['electron/desktop/preload.ts'],
    outfile: 'dist/electron/preload.cjs',
    format: 'cjs',
    external: ['electron'],
  }),
  // Browser mode and the standalone Sandbox, bundled as their tests bundle them.
  esbuild({ ...common, ...webBuildOptions('dist/electron/web.mjs') }),
  esbuild({ ...common, ...sandboxBuildOptions('dist/electron/sandbox.mjs') }),
  // The command line (`agent-explorer run`, the package's bin): the core only, nothing of the renderer.
  esbuild({ ...common, ...cliBuildOptions('dist/electron/cli.mjs') }),
]);

// Runnable as a program (the bin) from a clone, not only once npm has linked it.
await chmod(`${root}dist/electron/cli.mjs`, 0o755);

if (!nodeOnly) {
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: `${root}/vite.config.ts`, logLevel: 'warn' });
}
process.stdout.write(
  `Built ${nodeOnly ? 'dist/electron' : 'dist/electron and dist/renderer'} in ${Math.round(performance.now() - started)} ms\n`,
);
