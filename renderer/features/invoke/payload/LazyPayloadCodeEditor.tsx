import { createElement, lazy, Suspense, useState, type ComponentProps } from 'react';
import type { PayloadCodeEditor } from './PayloadCodeEditor';

let loading: Promise<{ default: typeof PayloadCodeEditor }> | undefined;
/** Once the chunk is in, places shown from then on use the component directly: no Suspense round. */
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
  // Chosen once per place: where the chunk was already in, the component renders at once; where
  // it was not, the Suspense stays even after it arrives. Switching from one to the other on a
  // later render would unmount the PayloadCodeEditor and mount a new one (for the editor: the caret and
  // what was being typed gone mid-keystroke).
  const [direct] = useState(() => loaded);
  if (direct) return createElement(direct, props);
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
