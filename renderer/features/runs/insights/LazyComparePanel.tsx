import { lazyComponent } from '../../../ui/lazyComponent';

/**
 * Compare with the word diff (jsdiff, through History's wordDiff) in a chunk of its own, like
 * History's Compare view: the app's first chunk stays under 500 kB (tests/e2e/split.spec.ts).
 */
const compare = lazyComponent(
  () => import('./ComparePanel').then((module) => module.ComparePanel),
  <p role="status" className="muted lazy-loading">
    Loading the comparison…
  </p>,
  'ComparePanel',
);

/** Loads the Compare panel's chunk (tests load it up front, as the app has it once opened). */
export const loadComparePanel = compare.load;
/** ComparePanel, loaded on first use: same props. */
export const LazyComparePanel = compare.Component;
