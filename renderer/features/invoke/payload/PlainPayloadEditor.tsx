import { useImperativeHandle, useRef, type RefObject } from 'react';
import type { PayloadEditorHandle } from './editorChoice';

interface PlainPayloadEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  editorRef: RefObject<PayloadEditorHandle | null>;
}

/**
 * The payload as a plain monospace textarea: where the CodeMirror editor cannot be styled
 * under the page's CSP, and in component tests (see editorChoice.ts). Same contract as the
 * editor: controlled text, named by its `<label>`, focusable at an offset.
 */
export function PlainPayloadEditor({ id, value, onChange, invalid, describedBy, editorRef }: PlainPayloadEditorProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(editorRef, () => ({
    focus: () => textarea.current?.focus(),
    focusAt: (offset: number) => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(offset, offset);
    },
  }));
  return (
    <textarea
      ref={textarea}
      id={id}
      className="input mono"
      rows={6}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      value={value}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
