import { autocompletion, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, isolateHistory } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { lintGutter, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useImperativeHandle, useRef, type RefObject } from 'react';
import editorCss from './payloadEditor.css?inline';
import { jsonClassHighlighter, payloadKeyCompletions, payloadLintSource } from './codeEditorExtensions';
import type { PayloadEditorHandle } from './editorChoice';

/** Marks a change that came from outside (props), so it is not reported back as typing. */
const external = Annotation.define<boolean>();

let sharedSheet: CSSStyleSheet | null = null;

/** Our editor stylesheet as a constructed sheet, made once and shared by every editor. */
function editorSheet(): CSSStyleSheet {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(editorCss);
  }
  return sharedSheet;
}

/**
 * Ctrl/Cmd+Enter is the app's Invoke shortcut. CodeMirror's default keymap binds it to
 * "insert blank line" and would swallow it, so it is left out: the key event then bubbles
 * (out of the shadow root: keyboard events are composed) to the form, which invokes.
 */
const keys = [
  ...defaultKeymap.filter((binding) => binding.key !== 'Mod-Enter'),
  ...historyKeymap,
  ...foldKeymap,
  ...completionKeymap,
  ...lintKeymap,
];

interface PayloadCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editable area. */
  label: string;
  invalid: boolean;
  /** Read by screen readers after the name (e.g. the JSON error); cross-root ids cannot be used. */
  description: string | null;
  knownKeys: readonly { key: string; detail: string }[];
  /** A suite case's payload: `{{column}}` is its data reference, not warned about. */
  dataReferences?: boolean;
  editorRef: RefObject<PayloadEditorHandle | null>;
  /** Other JSON than a payload (a suite file): its own lint marks and completion in place of the payload's. */
  hints?: EditorHints;
  /** As tall as its text, the pane around it scrolling (a whole file), rather than scrolling inside a box of its own. */
  grow?: boolean;
}

/** What an editor of another JSON document checks and completes. */
export interface EditorHints {
  lint: (view: EditorView) => Diagnostic[];
  complete: CompletionSource;
}

function contentAttributes(label: string, invalid: boolean, description: string | null) {
  return EditorView.contentAttributes.of({
    'aria-label': label,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(description ? { 'aria-description': description } : {}),
  });
}

/**
 * The payload as a CodeMirror 6 JSON editor: line numbers, folding, bracket matching, undo,
 * our lint marks and key completion. It lives in a shadow root (see editorChoice.ts for why)
 * and is controlled: `value` is the truth, typing reports through `onChange`.
 */
export function PayloadCodeEditor({
  value,
  onChange,
  label,
  invalid,
  description,
  knownKeys,
  dataReferences = false,
  editorRef,
  hints,
  grow = false,
}: PayloadCodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  const latest = useRef({ value, onChange, knownKeys, dataReferences, label, invalid, description, hints });

  useEffect(() => {
    latest.current = { value, onChange, knownKeys, dataReferences, label, invalid, description, hints };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // StrictMode mounts twice; a host keeps its shadow root, so reuse it.
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    if (!root.adoptedStyleSheets.includes(editorSheet())) root.adoptedStyleSheets = [...root.adoptedStyleSheets, editorSheet()];
    const { value: initial, label: name, invalid: bad, description: about } = latest.current;
    const payloadKeys = payloadKeyCompletions(() => latest.current.knownKeys);
    const view = new EditorView({
      root,
      parent: root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          foldGutter(),
          history(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          json(),
          jsonClassHighlighter,
          linter((view) => latest.current.hints?.lint(view) ?? payloadLintSource(view, { dataReferences: latest.current.dataReferences }), {
            delay: 250,
          }),
          lintGutter(),
          autocompletion({
            override: [(context) => (latest.current.hints?.complete ?? payloadKeys)(context)],
            icons: false,
          }),
          keymap.of(keys),
          EditorView.lineWrapping,
          attributes.current.of(contentAttributes(name, bad, about)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((tr) => tr.annotation(external))) return;
            latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  // Changes from outside (Format, the table, an example, a restored draft) replace the text
  // as one undoable step of their own (never merged with the typing just before), so
  // Ctrl+Z after Format brings back exactly the text before Format.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || view.state.doc.toString() === value) return;
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: value },
      annotations: [external.of(true), isolateHistory.of('full')],
    });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes(label, invalid, description)) });
  }, [label, invalid, description]);

  useImperativeHandle(editorRef, () => ({
    focus: () => viewRef.current?.focus(),
    focusAt: (offset: number) => {
      const view = viewRef.current;
      if (!view) return;
      const anchor = Math.min(offset, view.state.doc.length);
      view.dispatch({ selection: { anchor }, scrollIntoView: true });
      view.focus();
    },
  }));

  return <div ref={hostRef} className={['payload-code-editor', invalid ? 'invalid' : '', grow ? 'grow' : ''].filter(Boolean).join(' ')} />;
}
