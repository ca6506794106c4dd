import { useId } from 'react';
import { lazyComponent, loadingLine } from '../../ui/lazyComponent';
import { usePayloadEditorKind } from '../invoke/payload/editorChoice';
import { fromSuiteText } from './suiteModel';

/** The code editor and the suite's schema come in a chunk of their own, when Source is first shown. */
const codeEditor = lazyComponent(
  () => import('./SuiteCodeEditor'),
  'SuiteCodeEditor',
  loadingLine('Loading the suite editor…', 'small payload-editor-loading'),
);

/**
 * The suite as its JSON file, for people who would rather type JSON: the payload's code editor,
 * checked and completed from the suite's JSON Schema (a plain text box where that editor cannot
 * run, see editorChoice.ts). Each change that reads as a suite is applied to the form at once;
 * text that does not is kept here as typed, with why it is not applied, so nothing typed is lost.
 */
export function SuiteSource({ text, onText, problem }: { text: string; onText: (text: string) => void; problem: string | null }) {
  const ids = { input: useId(), error: useId() };
  const kind = usePayloadEditorKind();
  const message = problem ? `Not applied: ${problem} The form keeps the last suite that could be read.` : null;
  return (
    <div className="field suite-source">
      <label htmlFor={kind === 'plain' ? ids.input : undefined}>Suite JSON</label>
      {kind === 'code' ? (
        <codeEditor.Component value={text} onChange={onText} invalid={problem !== null} description={message} />
      ) : (
        <textarea
          id={ids.input}
          className="input mono"
          rows={24}
          spellCheck={false}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.error : undefined}
          onChange={(event) => onText(event.target.value)}
        />
      )}
      {message && (
        <p id={ids.error} className="field-error">
          {message}
        </p>
      )}
    </div>
  );
}

/** The problem with a source text, or null when it reads as a suite. */
export function sourceProblem(text: string): string | null {
  const read = fromSuiteText(text, null);
  return read.ok ? null : read.message;
}
