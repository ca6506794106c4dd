import { createElement, lazy, Suspense, useState, type ComponentProps } from 'react';
import type { SafeMarkdown } from './SafeMarkdown';

let loading: Promise<{ default: typeof SafeMarkdown }> | undefined;
/** Once the chunk is in, places shown from then on use the component directly: no Suspense round. */
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
  // Chosen once per place: where the chunk was already in, the component renders at once; where
  // it was not, the Suspense stays even after it arrives. Switching from one to the other on a
  // later render would unmount the SafeMarkdown and mount a new one (for the editor: the caret and
  // what was being typed gone mid-keystroke).
  const [direct] = useState(() => loaded);
  if (direct) return createElement(direct, props);
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
