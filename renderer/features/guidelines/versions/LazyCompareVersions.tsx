import { lazyComponent } from '../../../ui/lazyComponent';

/**
 * Compare versions in a chunk of its own (the block and line diffs and their views): most
 * readers never compare, and the first screen stays under its size budget (tests/e2e/split.spec.ts).
 */
const compare = lazyComponent(
  () => import('./CompareVersions').then((module) => module.CompareVersions),
  <p role="status" className="muted lazy-loading">
    Loading the comparison…
  </p>,
  'CompareVersions',
);

/** CompareVersions, loaded on first use: same props. */
export const LazyCompareVersions = compare.Component;
