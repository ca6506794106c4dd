import { useId, type ReactNode } from 'react';

/** Ids joined for aria-describedby, or undefined when there are none. */
function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string');
  return present.length > 0 ? present.join(' ') : undefined;
}

/**
 * What is said under a field, in the order aria-describedby reads it: what is wrong, what to
 * beware of, then the general hint. Each paragraph carries the id the field points at.
 */
export function FieldNotes({
  ids,
  error,
  warning,
  hint,
}: {
  ids: { error: string; warning?: string; hint?: string };
  error?: string | null | undefined;
  warning?: string | null | undefined;
  hint?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={ids.error} className="field-error">
          {error}
        </p>
      )}
      {warning && (
        <p id={ids.warning} className="field-warning">
          {warning}
        </p>
      )}
      {hint != null && (
        <p id={ids.hint} className="field-hint">
          {hint}
        </p>
      )}
    </>
  );
}

/**
 * A labelled text input with an optional hint and error below it. The error comes first in
 * aria-describedby, so a screen reader hears what is wrong before the general hint; the value
 * is the caller's, so an error never clears what was typed. With `rows` it is a text area, for
 * a list typed one entry per line.
 */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  placeholder,
  mono = false,
  disabled = false,
  focusName,
  rows,
  prose = false,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  type?: 'text' | 'number' | 'url';
  placeholder?: string | undefined;
  mono?: boolean;
  disabled?: boolean;
  /**
   * A name for the input in `data-focus`: a form or dialog finds the field it wants to focus
   * (after an error, after a change of view) by this name, with no ref plumbing.
   */
  focusName?: string | undefined;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number | undefined;
  /** Free text a person writes (a note, an input text): the browser's spelling check and autocomplete stay on. */
  prose?: boolean;
  maxLength?: number | undefined;
}) {
  const ids = { input: useId(), error: useId(), hint: useId() };
  const props = {
    id: ids.input,
    className: mono ? 'input mono' : 'input',
    value,
    placeholder,
    disabled,
    'data-focus': focusName,
    maxLength,
    autoComplete: prose ? undefined : 'off',
    spellCheck: prose ? undefined : false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(error && ids.error, hint != null && ids.hint),
  };
  return (
    <div className="field">
      <label htmlFor={ids.input}>{label}</label>
      {rows === undefined ? (
        <input type={type} {...props} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <textarea rows={rows} {...props} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldNotes ids={ids} error={error} hint={hint} />
    </div>
  );
}

/** A labelled checkbox with an optional hint, warning and error, all tied to it for screen readers. */
export function CheckboxField({
  label,
  checked,
  onChange,
  hint,
  warning,
  error,
  focusName,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  /** Shown under the box while it applies (e.g. certificates not verified). */
  warning?: string | null | undefined;
  error?: string | null | undefined;
  /** A name for the box in `data-focus` (see TextField). */
  focusName?: string | undefined;
}) {
  const ids = { input: useId(), error: useId(), hint: useId(), warning: useId() };
  return (
    <div className="field field-check">
      <div className="check-row">
        <input
          id={ids.input}
          type="checkbox"
          data-focus={focusName}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && ids.error, warning && ids.warning, hint != null && ids.hint)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={ids.input}>{label}</label>
      </div>
      <FieldNotes ids={ids} error={error} warning={warning} hint={hint} />
    </div>
  );
}
