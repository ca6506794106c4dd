// How the command line (`agent-explorer run`, the package's bin) is bundled: by build.mjs, and
// by the test that checks what it loads at start (tests/unit/runs/cliStart.test.ts).
import { lazyHttp2, undiciDefine } from './undiciBundle.mjs';

/**
 * Node's built-in modules loaded with require, not import. Importing a built-in from an ES
 * module makes Node read every one of its exports, and some exports are lazy getters:
 * `node:http`'s load Node's whole fetch stack (undici, http2, zlib, worker threads), about
 * 25 ms of CPU of the command's start, for nothing it uses. Each `node:x` becomes a CommonJS
 * module of one `require`, which the banner makes available.
 */
const requireBuiltins = {
  name: 'require-builtins',
  setup(builder) {
    builder.onResolve({ filter: /^node:/ }, (args) =>
      args.namespace === 'builtin' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin' },
    );
    builder.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
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
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // As build.mjs bundles: no license comments (one name with an accent in them would make the
    // whole source two-byte text, slower for Node to read at every start).
    legalComments: 'none',
    banner: { js: banner },
    plugins: [requireBuiltins, lazyHttp2],
    define: undiciDefine,
  };
}
