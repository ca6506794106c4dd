import { createElement, lazy, Suspense, type ComponentProps } from 'react';
import type { SafeMarkdown } from './SafeMarkdown';

let loading: Promise<{ default: typeof SafeMarkdown }> | undefined;
/** Once the chunk is in, later renders use the component directly: no Suspense round. */
let loaded: typeof SafeMarkdown | undefined;

/**
 * Loads the markdown renderer's chunk (react-markdown, remark-gfm and their parsers, about a
 * third of the renderer's code). The first screen never needs it: it is fetched when a
 * guideline or a markdown answer is first shown, or earlier when the app is idle (see App).
 * Calling it again reuses the same request.
 */
export function loadSafeMarkdown(): Promise<{ default: typeof SafeMarkdown }> {
  loading ??= import('./SafeMarkdown').then((module) => {
    loaded = module.SafeMarkdown;
    return { default: module.SafeMarkdown };
  });
  return loading;
}

const LazyMarkdown = lazy(loadSafeMarkdown);

/**
 * SafeMarkdown, loaded on first use: same props. Until its chunk has arrived (a few
 * milliseconds from the local host) a status line says so, for screen readers too.
 */
export function LazySafeMarkdown(props: ComponentProps<typeof SafeMarkdown>) {
  if (loaded) return createElement(loaded, props);
  return (
    <Suspense
      fallback={
        <p role="status" className="muted lazy-loading">
          Loading the formatted text…
        </p>
      }
    >
      <LazyMarkdown {...props} />
    </Suspense>
  );
}
