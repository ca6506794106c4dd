import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * The Runs section in a chunk of its own: the first screen is the request form, and the app's
 * first chunk stays under Vite's 500 kB warning (tests/e2e/split.spec.ts). It is fetched when
 * the app is idle (see App), or when Runs is first opened.
 */
const runs = lazyComponent(() => import('./RunsPanel'), 'RunsPanel', loadingLine('Loading Runs…'));

/** Loads the Runs section's chunk; calling it again reuses the same request. */
export const loadRunsPanel = runs.load;
/** RunsPanel, loaded on first use. */
export const LazyRunsPanel = runs.Component;
