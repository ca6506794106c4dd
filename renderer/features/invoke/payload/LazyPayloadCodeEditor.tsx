import { lazyComponent, loadingLine } from '../../../ui/lazyComponent';

/**
 * The payload code editor (CodeMirror 6 and its JSON language, the largest part of the
 * renderer) in a chunk of its own. The app is ready to type in before it arrives: the Agent and
 * Text fields never wait for it. Its place keeps the editor's height while the chunk loads, and
 * a status line says what is coming.
 */
const editor = lazyComponent(
  () => import('./PayloadCodeEditor'),
  'PayloadCodeEditor',
  loadingLine('Loading the payload editor…', 'small payload-editor-loading'),
);

/** Loads the editor's chunk; calling it again reuses the same request. */
export const loadPayloadCodeEditor = editor.load;
/** PayloadCodeEditor, loaded on first use: same props. */
export const LazyPayloadCodeEditor = editor.Component;
