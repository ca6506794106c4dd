import { createElement, lazy, Suspense, type ComponentProps } from 'react';
import type { PayloadCodeEditor } from './PayloadCodeEditor';

let loading: Promise<{ default: typeof PayloadCodeEditor }> | undefined;
/** Once the chunk is in, later renders use the component directly: no Suspense round. */
let loaded: typeof PayloadCodeEditor | undefined;

/**
 * Loads the payload code editor's chunk (CodeMirror 6 and its JSON language, the largest part
 * of the renderer). The app is ready to type in before it arrives: the Agent and Text fields
 * never wait for it. Calling it again reuses the same request.
 */
export function loadPayloadCodeEditor(): Promise<{ default: typeof PayloadCodeEditor }> {
  loading ??= import('./PayloadCodeEditor').then((module) => {
    loaded = module.PayloadCodeEditor;
    return { default: module.PayloadCodeEditor };
  });
  return loading;
}

const LazyEditor = lazy(loadPayloadCodeEditor);

/**
 * PayloadCodeEditor, loaded on first use: same props. Its place keeps the editor's height
 * while the chunk loads, and a status line says what is coming.
 */
export function LazyPayloadCodeEditor(props: ComponentProps<typeof PayloadCodeEditor>) {
  if (loaded) return createElement(loaded, props);
  return (
    <Suspense
      fallback={
        <p role="status" className="muted small lazy-loading payload-editor-loading">
          Loading the payload editor…
        </p>
      }
    >
      <LazyEditor {...props} />
    </Suspense>
  );
}
