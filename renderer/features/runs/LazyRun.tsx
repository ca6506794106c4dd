import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * A run's view and its insights (the charts library among them) in chunks of their own: the
 * first screen never needs them, and the app's first chunk stays under Vite's 500 kB warning
 * (tests/e2e/split.spec.ts). They load when a run is first opened.
 */
const view = lazyComponent(() => import('./view/RunView'), 'RunView', loadingLine('Loading the run…'));

const insights = lazyComponent(() => import('./insights/RunInsights'), 'RunInsights', null);

/** Loads both chunks (for tests, which render them at once as the app does once they are in). */
export const loadRunParts = () => Promise.all([view.load(), insights.load()]);
/** RunView, loaded on first use: same props. */
export const LazyRunView = view.Component;
/** RunInsights, loaded on first use: same props. */
export const LazyRunInsights = insights.Component;
