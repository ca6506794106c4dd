import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The entry (main.tsx) is small: it connects to the host and then imports the app's chunk. Vite
 * preloads only what an entry imports statically, so without this the app's code (most of the
 * first screen's) would start downloading only once the entry had downloaded and run. This adds
 * a modulepreload for each chunk the entry imports dynamically, and what those import
 * statically, so the browser fetches and compiles them while the entry runs. The chunks the
 * app loads later (the editor, the markdown renderer, the other sections) are not the entry's
 * own dynamic imports and stay out.
 */
function preloadEntryImports(): Plugin {
  return {
    name: 'preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const files = new Set<string>();
        const visit = (name: string) => {
          const found = bundle[name];
          if (found?.type !== 'chunk' || files.has(name) || name === chunk.fileName || chunk.imports.includes(name)) return;
          files.add(name);
          found.imports.forEach(visit);
        };
        chunk.dynamicImports.forEach(visit);
        // Their stylesheets too: Vite's loader waits for a chunk's CSS before it runs the chunk,
        // and would only ask for it once the entry had run (one more round trip to the host).
        const styles = [...files].flatMap((file) => {
          const found = bundle[file];
          return found?.type === 'chunk' ? [...(found.viteMetadata?.importedCss ?? [])] : [];
        });
        return [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** The modules `from` imports statically, itself included, transitively. */
function staticClosure(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    ctx.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  visit(from);
  return seen;
}

/**
 * The app's chunk holds every module it needs statically that the entry does not. Left to
 * itself the bundler puts each module the app shares with a lazily loaded section or dialog in a
 * small chunk of its own: the first screen then came in 25 files, a wave of requests to the host
 * after another (6 at a time over HTTP/1.1), each wave waiting its turn for the host's CPU on a
 * busy machine. The sections loaded later import those modules from the app's chunk instead,
 * which is always there before them. What the entry imports stays out (its dependencies are not
 * pulled in): the entry must not wait for the app's chunk, it asks the host for the first
 * screen's data while that chunk loads.
 */
function appChunkGroup(): Rolldown.CodeSplittingGroup {
  const entry = fileURLToPath(new URL('renderer/app/main.tsx', import.meta.url));
  const app = fileURLToPath(new URL('renderer/app/showApp.tsx', import.meta.url));
  let members: Set<string> | null = null;
  return {
    debugName: 'app chunk',
    name(id, ctx) {
      if (!members) {
        const entryModules = staticClosure(entry, ctx);
        members = new Set([...staticClosure(app, ctx)].filter((module) => !entryModules.has(module)));
      }
      return members.has(id) ? 'showApp' : null;
    },
    includeDependenciesRecursively: false,
  };
}

/**
 * The renderer is built from renderer/ into dist/renderer/ with relative asset paths, so the
 * same build loads from Electron's app:// protocol and from the browser-mode host.
 * Vitest runs two projects: the Node core (plain Node) and components (jsdom).
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react(), preloadEntryImports()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunk imports which, for the first screen's budget (tests/e2e/split.spec.ts).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [appChunkGroup()] } } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          root: here,
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          root: here,
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [fileURLToPath(new URL('tests/unit/setup-dom.ts', import.meta.url))],
        },
      },
    ],
    globals: true,
    // Time-outs catch hangs, not slowness: on a shared 2-core machine the first ESLint or
    // schema load in a file has taken over 5 s (Vitest's default) while other work ran.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
