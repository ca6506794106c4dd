import type { CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import { RangeSetBuilder, type EditorState } from '@codemirror/state';
import { Decoration, ViewPlugin, type DecorationSet, type EditorView, type ViewUpdate } from '@codemirror/view';
import { keySpotAt, keySuggestions } from '../../../lib/payloadCompletion';
import { payloadDiagnostics } from '../../../lib/payloadDiagnostics';
import type { HintContext } from '../../../lib/payloadMembers';

/**
 * The payload editor's CodeMirror pieces that hold our logic, kept apart from the component
 * so they can be tested in Node with a bare `EditorState` (no DOM needed).
 */

/** Lint marks from our JSON scanner (see `payloadDiagnostics`), so messages match the rest of the app. */
export function payloadLintSource(view: { state: EditorState }, context: HintContext = {}): Diagnostic[] {
  return payloadDiagnostics(view.state.doc.toString(), context);
}

/**
 * Completes the agent's known keys where a top-level key is being typed. `knownKeys` is read
 * at each request, so the list follows the chosen agent without reconfiguring the editor.
 */
export function payloadKeyCompletions(knownKeys: () => readonly { key: string; detail: string }[]): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    const spot = keySpotAt(text, context.pos);
    if (!spot) return null;
    // Without a quote or a letter typed, only offer when asked (Ctrl+Space), not after every "{".
    if (!spot.quoted && spot.typed === '' && !context.explicit) return null;
    const options = keySuggestions(text, spot, knownKeys());
    if (options.length === 0) return null;
    return {
      from: spot.from,
      to: spot.to,
      options: options.map((option) => ({ label: option.label, apply: option.apply, detail: option.detail, type: 'property' })),
      // The quote is part of the replaced range, so CodeMirror's own filter would not match; ours did it.
      filter: false,
    };
  };
}

/** Syntax classes by JSON node name; colours live in payloadEditor.css (light and dark). */
const NODE_CLASSES: Record<string, string> = {
  PropertyName: 'json-key',
  String: 'json-string',
  Number: 'json-number',
  True: 'json-literal',
  False: 'json-literal',
  Null: 'json-literal',
};

const marks = Object.fromEntries(Object.entries(NODE_CLASSES).map(([name, cls]) => [name, Decoration.mark({ class: cls })]));

function highlight(view: EditorView): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(view.state).iterate({
      from,
      to,
      enter: (node) => {
        const mark = marks[node.name];
        if (mark) builder.add(node.from, node.to, mark);
      },
    });
  }
  return builder.finish();
}

/**
 * Syntax colouring with plain classes. CodeMirror's own highlight styles would generate CSS
 * at run time with fixed light-theme colours; classes let the app's stylesheet colour them
 * with its tokens, dark mode included.
 */
export const jsonClassHighlighter = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = highlight(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged || syntaxTree(update.startState) !== syntaxTree(update.state)) {
        this.decorations = highlight(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
