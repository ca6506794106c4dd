import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component loaded from a chunk of its own, and the function that loads that chunk. */
export interface LazyComponent<P extends object> {
  /** Loads the chunk (once; later calls reuse the same request), e.g. to fetch it while idle. */
  load(): Promise<{ default: ComponentType<P> }>;
  /** The component, with the same props; `fallback` shows where it is still loading. */
  Component: (props: P) => ReactNode;
}

/** The line a lazy component shows while its chunk loads: a status, so screen readers hear it too. */
export function loadingLine(text: string, extraClass = ''): ReactNode {
  return (
    <p role="status" className={`muted lazy-loading ${extraClass}`.trimEnd()}>
      {text}
    </p>
  );
}

/** The props of a component type (what its lazy twin takes). */
type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

/**
 * The component `name` of a module whose code comes in a chunk of its own (`importer` holds the
 * dynamic import, so Vite splits it out), loaded on first use or earlier through `load`.
 *
 * Each place chooses once how it renders: where the chunk was already in, the component at
 * once (no Suspense round, no loading line); where it was not, a Suspense that stays even after
 * the chunk arrives. Switching from one to the other on a later render would unmount the
 * component and mount a new one: for the payload editor, the caret and what was being typed
 * gone mid-keystroke (tests/unit/renderer/features/invoke/payload/LazyPayloadCodeEditor.test.tsx).
 */
export function lazyComponent<M, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
  fallback: ReactNode,
): LazyComponent<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const load = () =>
    (loading ??= importer().then((module) => {
      const component = module[name] as unknown as ComponentType<P>;
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  function Component(props: P) {
    const [direct] = useState(() => loaded);
    if (direct) return createElement(direct, props);
    return <Suspense fallback={fallback}>{createElement(Lazy, props)}</Suspense>;
  }
  Component.displayName = `Lazy(${name})`;
  return { load, Component };
}
