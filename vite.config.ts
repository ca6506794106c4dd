import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The renderer is built from renderer/ into dist/renderer/ with relative asset paths, so the
 * same build loads from Electron's app:// protocol and from the browser-mode host.
 * Vitest runs two projects: the Node core (plain Node) and components (jsdom).
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: false,
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
