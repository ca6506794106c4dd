import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * The History section (its virtualised list, entry views and report export) in a chunk of its
 * own: the first screen is the request form. It is fetched when the app is idle (see App), or
 * when History is first opened.
 */
const history = lazyComponent(() => import('./HistoryPanel'), 'HistoryPanel', loadingLine('Loading History…'));

/** Loads the History section's chunk; calling it again reuses the same request. */
export const loadHistoryPanel = history.load;
/** HistoryPanel, loaded on first use: same props. */
export const LazyHistoryPanel = history.Component;
