import { lazyComponent, loadingLine } from '../../../ui/lazyComponent';

/**
 * Compare with the word diff (jsdiff, through History's wordDiff) in a chunk of its own, like
 * History's Compare view: the app's first chunk stays under 500 kB (tests/e2e/split.spec.ts).
 */
const compare = lazyComponent(() => import('./ComparePanel'), 'ComparePanel', loadingLine('Loading the comparison…'));

/** ComparePanel, loaded on first use: same props. */
export const LazyComparePanel = compare.Component;
