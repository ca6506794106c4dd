import { fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import type { PayloadEditorHandle } from '../../../../../../renderer/features/invoke/payload/editorChoice';
import { PayloadCodeEditor } from '../../../../../../renderer/features/invoke/payload/PayloadCodeEditor';
import { lintMessages } from '../../../lintMarks';

/**
 * The CodeMirror editor itself, minimally: jsdom has no layout, so typing is tested in real
 * Chromium (end-to-end); here, what the rest of the app relies on: the name, the invalid
 * state, controlled text, the shortcut passing through, and no <style> element (the page's
 * CSP would block it).
 */
function renderEditor(props: Partial<Parameters<typeof PayloadCodeEditor>[0]> = {}) {
  const editorRef = createRef<PayloadEditorHandle>();
  const onKeyDown = vi.fn((event: KeyboardEvent) => event.defaultPrevented);
  const base = {
    value: '{"a": 1}',
    onChange: vi.fn(),
    label: 'Payload',
    invalid: false,
    description: null as string | null,
    knownKeys: [],
    editorRef,
  };
  const element = (extra: Partial<typeof base>) => (
    <form onKeyDown={(event) => onKeyDown(event.nativeEvent)}>
      <PayloadCodeEditor {...base} {...props} {...extra} />
    </form>
  );
  const view = render(element({}));
  const host = view.container.querySelector('.payload-code-editor')!;
  const content = () => host.shadowRoot!.querySelector<HTMLElement>('[role="textbox"]')!;
  return { ...view, content, host, onKeyDown, editorRef, rerenderWith: (extra: Partial<typeof base>) => view.rerender(element(extra)) };
}

describe('the payload code editor', () => {
  it('is a textbox named Payload inside a shadow root, styled by an adopted sheet, never a <style> element', () => {
    const { content, host } = renderEditor();
    expect(content()).toHaveAttribute('aria-label', 'Payload');
    expect(content()).toHaveAttribute('contenteditable', 'true');
    expect(content().textContent).toBe('{"a": 1}');
    expect(host.shadowRoot!.adoptedStyleSheets.length).toBeGreaterThanOrEqual(2);
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('follows the value from outside and marks itself invalid with the reason', () => {
    const { content, rerenderWith } = renderEditor();
    rerenderWith({ value: '{"b": 2', invalid: true, description: 'Invalid JSON at line 1, column 8' });
    expect(content().textContent).toBe('{"b": 2');
    expect(content()).toHaveAttribute('aria-invalid', 'true');
    expect(content()).toHaveAttribute('aria-description', 'Invalid JSON at line 1, column 8');
  });

  it("marks {…} in values, but not a suite case's {{column}} when told the payload is a case's", async () => {
    const marks = async (dataReferences: boolean) => {
      const { content, unmount } = renderEditor({ value: '{"a": "{{customer}}", "b": "Hi {name}"}', dataReferences });
      const messages = await lintMessages(content());
      unmount();
      return messages;
    };
    expect(await marks(true)).toEqual(['The server may treat {name} as a placeholder.']);
    expect(await marks(false)).toEqual([
      'The server may treat {customer} as a placeholder.',
      'The server may treat {name} as a placeholder.',
    ]);
  });

  it('lets Ctrl+Enter through to the form, untouched, so the form can invoke', () => {
    const { content, onKeyDown } = renderEditor();
    fireEvent.keyDown(content(), { key: 'Enter', code: 'Enter', ctrlKey: true });
    expect(onKeyDown).toHaveBeenCalledTimes(1);
    expect(onKeyDown.mock.results[0]?.value).toBe(false);
  });
});
