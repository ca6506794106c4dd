import { lazyComponent, loadingLine } from '../../../ui/lazyComponent';

/**
 * Compare versions in a chunk of its own (the block and line diffs and their views): most
 * readers never compare, and the first screen stays under its size budget (tests/e2e/split.spec.ts).
 */
const compare = lazyComponent(() => import('./CompareVersions'), 'CompareVersions', loadingLine('Loading the comparison…'));

/** CompareVersions, loaded on first use: same props. */
export const LazyCompareVersions = compare.Component;
