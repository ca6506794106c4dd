import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * The guideline reader, in the markdown renderer's chunk (it renders through react-markdown):
 * fetched when a guideline is first shown, or earlier when the app is idle.
 */
const reader = lazyComponent(() => import('./GuidelineReader'), 'GuidelineReader', loadingLine('Loading the formatted text…'));

/** Loads the reader's chunk; calling it again reuses the same request. */
export const loadGuidelineReader = reader.load;
/** GuidelineReader, loaded on first use: same props. */
export const LazyGuidelineReader = reader.Component;
