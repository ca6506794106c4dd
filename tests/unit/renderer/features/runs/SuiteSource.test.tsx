import { render, screen, waitFor } from '@testing-library/react';
import { PayloadEditorKindContext, type PayloadEditorKind } from '../../../../../renderer/features/invoke/payload/editorChoice';
import { SuiteSource } from '../../../../../renderer/features/runs/SuiteSource';
import { lintMessages } from '../../lintMarks';

/**
 * The suite's Source view: the payload's CodeMirror editor with the suite's JSON Schema for its
 * marks (a plain text box where that editor cannot run). The editor's typing is tested in real
 * Chromium (tests/e2e/runs.spec.ts); here, which editor shows and what it checks.
 */
function renderSource(kind: PayloadEditorKind, text: string, problem: string | null = null) {
  return render(
    <PayloadEditorKindContext.Provider value={kind}>
      <SuiteSource text={text} onText={vi.fn()} problem={problem} />
    </PayloadEditorKindContext.Provider>,
  );
}

/** The code editor's content element, once its chunk has loaded. */
async function codeContent(container: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const content = container.querySelector('.payload-code-editor')?.shadowRoot?.querySelector<HTMLElement>('[role="textbox"]');
    expect(content).toBeTruthy();
    return content!;
  });
}

describe('the suite Source view', () => {
  it('is the code editor, named Suite JSON, marking what the suite’s schema refuses', async () => {
    const { container } = renderSource('code', '{"cases": [{"agent": "a", "txt": "hi"}]}');
    const content = await codeContent(container);
    expect(content).toHaveAttribute('aria-label', 'Suite JSON');
    expect(await lintMessages(content)).toEqual([expect.stringMatching(/^"txt" is not a field here\./)]);
  });

  it('says why text is not applied, in the editor’s description and under it', async () => {
    const { container } = renderSource('code', '{"cases": [', 'Invalid JSON at line 1, column 12.');
    const content = await codeContent(container);
    expect(content).toHaveAttribute('aria-invalid', 'true');
    expect(content.getAttribute('aria-description')).toMatch(/^Not applied: Invalid JSON/);
    expect(screen.getByText(/^Not applied:/)).toBeInTheDocument();
  });

  it('needs no note about "$schema": the editor checks against the schema itself', async () => {
    const { container } = renderSource('code', '{"cases": [{}]}');
    await codeContent(container);
    expect(container).not.toHaveTextContent(/\$schema|schema\.json/);
  });

  it('is a plain text box named Suite JSON where the code editor cannot run', () => {
    renderSource('plain', '{"cases": [{}]}');
    expect(screen.getByRole('textbox', { name: 'Suite JSON' })).toHaveValue('{"cases": [{}]}');
  });
});
