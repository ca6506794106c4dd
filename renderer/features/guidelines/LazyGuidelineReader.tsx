import { lazyComponent } from '../../ui/lazyComponent';

/**
 * The guideline reader, in the markdown renderer's chunk (it renders through react-markdown):
 * fetched when a guideline is first shown, or earlier when the app is idle.
 */
const reader = lazyComponent(
  () => import('./GuidelineReader').then((module) => module.GuidelineReader),
  <p role="status" className="muted lazy-loading">
    Loading the formatted text…
  </p>,
  'GuidelineReader',
);

/** Loads the reader's chunk; calling it again reuses the same request. */
export const loadGuidelineReader = reader.load;
/** GuidelineReader, loaded on first use: same props. */
export const LazyGuidelineReader = reader.Component;
