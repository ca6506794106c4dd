// How every bundle that holds undici bundles it (the command line, browser mode, the desktop main
// process): only what a run over HTTP/1.1 uses is read at start.
import path from 'node:path';

/**
 * undici's Client requires its HTTP/2 half (client-h2.js) when it loads, and that half requires
 * node:http2, which brings node:tls with it: about a tenth of a short run's start on a loaded
 * machine, for a run over plain http with HTTP/2 off (our dispatchers set allowH2: false, so
 * the HTTP/2 client is never called). This plugin gives client.js a stand-in with the same
 * export that requires the real module when first called, so the real one stays in the bundle
 * unchanged and simply loads later, if ever. undici's code is not altered.
 */
export const lazyHttp2 = {
  name: 'lazy-undici-http2',
  setup(builder) {
    const clientFile = path.join('undici', 'lib', 'dispatcher', 'client.js');
    builder.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.endsWith(clientFile) ? { path: path.join(args.resolveDir, 'client-h2.js'), namespace: 'lazy-http2' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'lazy-http2' }, (args) => ({
      // An absolute path: not matched by the filter above, so it resolves to the real module.
      contents: `module.exports = function connectH2(client, socket) {\n  return require(${JSON.stringify(args.path)})(client, socket);\n};\n`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * The define undici's own build for Node core uses (its `build:node` script): it leaves out the
 * experimental Milo parser, which undici uses only when UNDICI_USE_MILO is set, and which is
 * about a sixth of the command line's bundle, read and parsed at every start. llhttp, undici's
 * default parser, stays.
 */
export const undiciDefine = { esbuildDetection: '1' };
