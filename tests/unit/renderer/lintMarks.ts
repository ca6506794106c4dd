import { forceLinting, forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { waitFor } from '@testing-library/react';

/** The messages of a CodeMirror editor's lint marks, from its content element, once it has linted (lint waits for a pause). */
export async function lintMessages(content: HTMLElement): Promise<string[]> {
  const view = EditorView.findFromDOM(content)!;
  const messages: string[] = [];
  await waitFor(() => {
    forceLinting(view);
    messages.length = 0;
    forEachDiagnostic(view.state, (mark) => messages.push(mark.message));
    expect(messages.length).toBeGreaterThan(0);
  });
  return messages;
}
