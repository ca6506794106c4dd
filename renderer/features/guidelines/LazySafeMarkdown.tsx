import { lazyComponent, loadingLine } from '../../ui/lazyComponent';

/**
 * The markdown renderer (react-markdown, remark-gfm and their parsers, about a third of the
 * renderer's code) in a chunk of its own. The first screen never needs it: it is fetched when a
 * guideline or a markdown answer is first shown, or earlier when the app is idle (see App).
 * Until it has arrived (a few milliseconds from the local host) a status line says so, for
 * screen readers too.
 */
const markdown = lazyComponent(() => import('./SafeMarkdown'), 'SafeMarkdown', loadingLine('Loading the formatted text…'));

/** Loads the markdown renderer's chunk; calling it again reuses the same request. */
export const loadSafeMarkdown = markdown.load;
/** SafeMarkdown, loaded on first use: same props. */
export const LazySafeMarkdown = markdown.Component;
