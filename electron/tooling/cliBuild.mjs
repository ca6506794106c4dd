// How the command lines are bundled: `agent-explorer` (the package's bin), browser mode
// (`npm run web`) and the standalone Sandbox. Used by build.mjs, and by the tests that run each
// as a process (tests/unit/cli/main.test.ts, run.process.test.ts, runTls.test.ts, web/ and sandbox/).
import { lazyHttp2, undiciDefine } from './undiciBundle.mjs';

/**
 * What the three bundles share: ES modules run by Node 22 or later, with no license comments (one
 * name with an accent in them would make the whole source two-byte text, slower for Node to read
 * at every start).
 */
const common = { bundle: true, platform: 'node', target: 'node22', format: 'esm', sourcemap: false, legalComments: 'none' };

/**
 * Node's built-in modules loaded with require, not import. Importing a built-in from an ES
 * module makes Node read every one of its exports, and some exports are lazy getters:
 * `node:http`'s load Node's whole fetch stack (undici, http2, zlib, worker threads), tens
 * of milliseconds of CPU of the command's start, for nothing it uses. Each `node:x` becomes a CommonJS
 * module of one `require`, which the banner makes available.
 */
const requireBuiltins = {
  name: 'require-builtins',
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) =>
      args.namespace === 'builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin' },
    );
    builder.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

const banner = [
  '#!/usr/bin/env node',
  "import { createRequire as createRequireForBuiltins } from 'node:module';",
  'const require = createRequireForBuiltins(import.meta.url);',
].join('\n');

/** esbuild options for the command line's bundle at `outfile` (an ES module, run by Node 22 or later). */
export function cliBuildOptions(outfile) {
  return {
    entryPoints: ['electron/cli/main.ts'],
    outfile,
    ...common,
    banner: { js: banner },
    plugins: [requireBuiltins, lazyHttp2],
    define: undiciDefine,
  };
}

const ESM_REQUIRE =
  "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);";

/**
 * esbuild options for browser mode's bundle at `outfile`: an ES module that bundles undici
 * (CommonJS, which requires Node's modules), so `require` is made available to it. It serves the
 * renderer from `../renderer/` beside it.
 */
export function webBuildOptions(outfile) {
  return {
    ...common,
    entryPoints: ['electron/web/cli.ts'],
    outfile,
    banner: { js: ESM_REQUIRE },
    plugins: [lazyHttp2],
    define: undiciDefine,
  };
}

/** esbuild options for the standalone Sandbox's bundle at `outfile`. */
export function sandboxBuildOptions(outfile) {
  return { ...common, entryPoints: ['electron/sandbox/cli.ts'], outfile };
}
