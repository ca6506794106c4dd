import { act, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import type { PayloadEditorHandle } from '../../../../../../renderer/features/invoke/payload/editorChoice';
import { LazyPayloadCodeEditor, loadPayloadCodeEditor } from '../../../../../../renderer/features/invoke/payload/LazyPayloadCodeEditor';

/**
 * The payload code editor arrives in a chunk of its own. Once it has, a later render of the
 * form (any keystroke anywhere in the tab) must keep the same editor: a new one would take the
 * caret and the half-typed text away from the person typing (and once left a test's payload
 * cut into two documents in CI).
 */
function Harness() {
  const [other, setOther] = useState(0);
  const [value, setValue] = useState('{}');
  const editorRef = createRef<PayloadEditorHandle>();
  return (
    <form>
      <button type="button" onClick={() => setOther((n) => n + 1)}>
        Render again {other}
      </button>
      <LazyPayloadCodeEditor
        value={value}
        onChange={setValue}
        label="Payload"
        invalid={false}
        description={null}
        knownKeys={[]}
        editorRef={editorRef}
      />
    </form>
  );
}

describe('the lazily loaded payload editor', () => {
  it('stays the same editor when the form renders again after its chunk arrived', async () => {
    render(<Harness />);
    // First render: the chunk is not in yet (nothing in this file loaded it), so a status line shows.
    expect(screen.getByRole('status')).toHaveTextContent('Loading the payload editor');
    await act(async () => {
      await loadPayloadCodeEditor();
    });
    const host = await screen.findByText((_text, element) => element?.classList.contains('payload-code-editor') ?? false);
    await act(async () => {
      screen.getByRole('button', { name: /Render again/ }).click();
    });
    expect(document.querySelector('.payload-code-editor')).toBe(host);
  });

  it('renders at once, with no loading line, where it is first shown after the chunk arrived', async () => {
    await loadPayloadCodeEditor();
    render(<Harness />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('.payload-code-editor')).not.toBeNull();
  });
});
