import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * History's Compare view with the word diff (jsdiff) in a chunk of its own: the first screen
 * never needs it, and the app's first chunk stays under Vite's 500 kB warning (tests/e2e/split.spec.ts).
 * It is fetched when the app is idle (see App), or on the first Compare.
 */
const compare = lazyComponent(
  () => import('./CompareView'),
  'CompareView',
  <section aria-label="Comparison" className="card response" aria-busy="true">
    {loadingLine('Loading the comparison…')}
  </section>,
);

/** Loads the Compare view's chunk; calling it again reuses the same request. */
export const loadCompareView = compare.load;
/** CompareView, loaded on first use: same props. */
export const LazyCompareView = compare.Component;
