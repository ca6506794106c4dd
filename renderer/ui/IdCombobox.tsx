import { useId, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { FieldNotes } from './FormFields';

/**
 * A labelled id field with suggestions from a `<datalist>`: any id can be typed, known ones
 * can be picked (role combobox, named by its label). An error replaces the hint below it and
 * is tied to the input with aria-describedby, so a screen reader hears why nothing was sent.
 */
export function IdCombobox({
  label,
  labelAction,
  className,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  notes,
  inputRef,
  onKeyDown,
}: {
  label: string;
  /** A control beside the label (e.g. a button that opens a catalog). */
  labelAction?: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: string; name: string }[] | undefined;
  placeholder: string;
  error: string | null;
  /** Read to screen readers only, when there is no error (e.g. which known item the id is). */
  hint?: string | undefined;
  /** Visible notes under the field when there is no error (e.g. warnings about the id); described by. */
  notes?: ReactNode;
  inputRef: RefObject<HTMLInputElement | null>;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  const ids = { input: useId(), list: useId(), error: useId(), hint: useId(), notes: useId() };
  const describedBy = error ? ids.error : notes ? ids.notes : hint ? ids.hint : undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {labelAction ? (
        <div className="split-row">
          <label htmlFor={ids.input}>{label}</label>
          {labelAction}
        </div>
      ) : (
        <label htmlFor={ids.input}>{label}</label>
      )}
      <input
        ref={inputRef}
        id={ids.input}
        type="text"
        list={ids.list}
        className="input mono"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onKeyDown={onKeyDown}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={ids.list}>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </datalist>
      <FieldNotes ids={ids} error={error} />
      {!error && notes && <div id={ids.notes}>{notes}</div>}
      {!error && !notes && hint && (
        <p id={ids.hint} className="visually-hidden">
          {hint}
        </p>
      )}
    </div>
  );
}
