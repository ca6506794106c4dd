import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * The Guidelines section (the library, the guideline tabs' strip and reader) in a chunk of its
 * own: the first screen is the request form. It is fetched when the app is idle (see App), or
 * when Guidelines is first opened.
 */
const guidelines = lazyComponent(() => import('./GuidelinesPanel'), 'GuidelinesPanel', loadingLine('Loading Guidelines…'));

/** Loads the Guidelines section's chunk; calling it again reuses the same request. */
export const loadGuidelinesPanel = guidelines.load;
/** GuidelinesPanel, loaded on first use. */
export const LazyGuidelinesPanel = guidelines.Component;
