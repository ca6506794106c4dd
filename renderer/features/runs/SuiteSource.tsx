import { useId } from 'react';
import { fromSuiteText } from './suiteModel';

/**
 * The suite as its JSON file, for people who would rather type JSON (schemas/suite.schema.json
 * describes it). Each change that reads as a suite is applied to the form at once; text that
 * does not is kept here as typed, with why it is not applied, so nothing typed is lost.
 */
export function SuiteSource({ text, onText, problem }: { text: string; onText: (text: string) => void; problem: string | null }) {
  const ids = { input: useId(), error: useId(), hint: useId() };
  return (
    <div className="field suite-source">
      <label htmlFor={ids.input}>Suite JSON</label>
      <textarea
        id={ids.input}
        className="input mono"
        rows={24}
        spellCheck={false}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
        onChange={(event) => onText(event.target.value)}
      />
      {problem && (
        <p id={ids.error} className="field-error">
          Not applied: {problem} The form keeps the last suite that could be read.
        </p>
      )}
      <p id={ids.hint} className="field-hint">
        The format is described by schemas/suite.schema.json (add "$schema" to have an editor check it).
      </p>
    </div>
  );
}

/** The problem with a source text, or null when it reads as a suite. */
export function sourceProblem(text: string): string | null {
  const read = fromSuiteText(text, null);
  return read.ok ? null : read.message;
}
