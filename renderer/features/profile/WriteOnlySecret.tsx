import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { KeyStatus, Result } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';
import { KeyInTransit } from './queries/profileKey';
import { ConfirmStep, useFocusBackOnCancel } from '../../ui/ConfirmStep';
import { FieldNotes } from '../../ui/FormFields';

/** How a call that sets or clears a secret reports back. */
interface SecretCallbacks {
  onSuccess: (result: Result<KeyStatus>) => void;
  onError: (thrown: unknown) => void;
  onSettled: () => void;
}

/** The calls behind the section: the caller's mutations, which let go of the secret once settled. */
export interface SecretActions {
  busy: boolean;
  set: (secret: KeyInTransit, callbacks: SecretCallbacks) => void;
  clear: (callbacks: SecretCallbacks) => void;
}

/** The words of one secret's section: what it is called, its buttons, and what Clear asks. */
export interface SecretWords {
  heading: string;
  label: string;
  /** What it is, in a sentence: "The API key typed for … is not saved." */
  noun: string;
  placeholder: { unset: string; set: string };
  /** Said when Save is pressed with nothing typed. */
  empty: string;
  save: string;
  replace: string;
  clear: string;
  confirmGroup: string;
  confirm: string;
  /** The question Clear asks, naming the profile. */
  clearQuestion: ReactNode;
}

/**
 * A write-only secret of a profile (the API key, the proxy password, the certificate's
 * passphrase), the way a password manager treats a password.
 *
 * The secret lives only in the password input's own DOM value: the input is uncontrolled, so
 * the secret is in no React state, prop or query cache. It is read at the moment of saving,
 * handed to the host in a one-shot holder, and the input is emptied when the call settles,
 * whether it succeeded or not; it is never shown again, not even masked. What the person sees
 * afterwards is whether it is set and where it is kept, never the secret. For the same reason
 * Clear asks first: a cleared secret cannot be had back from here.
 */
export function WriteOnlySecret({
  status,
  statusText,
  note,
  words,
  actions,
  focusName,
}: {
  status: KeyStatus;
  statusText: string;
  /** A line under the status (e.g. the server a key is bound to). */
  note?: ReactNode;
  words: SecretWords;
  actions: SecretActions;
  /** The input's `data-focus` name: the dialog focuses it, and asks before closing on typing in it. */
  focusName: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { input: useId(), error: useId(), status: useId(), heading: useId() };
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearButtonRef, clearCancelled] = useFocusBackOnCancel<HTMLButtonElement>(confirmingClear);
  const { busy } = actions;

  function save() {
    const input = inputRef.current;
    if (!input || busy) return;
    if (input.value.trim() === '') {
      setError(words.empty);
      input.focus();
      return;
    }
    setError(null);
    actions.set(new KeyInTransit(input.value), {
      onSuccess: (result) => {
        if (!result.ok) setError(result.error.message);
      },
      onError: (thrown) => setError(thrownMessage(thrown)),
      onSettled: () => {
        input.value = '';
      },
    });
  }

  function clear() {
    setConfirmingClear(false);
    setError(null);
    actions.clear({
      onSuccess: (result) => {
        if (!result.ok) setError(result.error.message);
      },
      onError: (thrown) => setError(thrownMessage(thrown)),
      // The Clear button goes away with the secret: keep focus in the section.
      onSettled: () => inputRef.current?.focus(),
    });
  }

  return (
    <section className="profile-section" aria-labelledby={ids.heading}>
      <h4 id={ids.heading} className="section-title">
        {words.heading}
      </h4>
      <p id={ids.status} role="status" className={status.set ? 'key-status key-status-set' : 'key-status'}>
        {statusText}
      </p>
      {note}
      <form
        className="key-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={ids.input}>{words.label}</label>
          <SecretInput
            inputRef={inputRef}
            id={ids.input}
            placeholder={status.set ? words.placeholder.set : words.placeholder.unset}
            // Read-only, not disabled, while saving: a disabled input would drop the focus.
            readOnly={busy}
            focusName={focusName}
            noun={words.noun}
            invalid={error !== null}
            describedBy={error ? `${ids.error} ${ids.status}` : ids.status}
            onChange={() => setError(null)}
          />
          <FieldNotes ids={ids} error={error} />
        </div>
        <div className="actions">
          <button type="submit" className="button-primary" disabled={busy}>
            {status.set ? words.replace : words.save}
          </button>
          {status.set && !confirmingClear && (
            <button ref={clearButtonRef} type="button" className="button-quiet" disabled={busy} onClick={() => setConfirmingClear(true)}>
              {words.clear}
            </button>
          )}
        </div>
        {status.set && confirmingClear && (
          <ConfirmStep
            label={words.confirmGroup}
            confirmLabel={words.confirm}
            onCancel={() => {
              clearCancelled();
              setConfirmingClear(false);
            }}
            onConfirm={clear}
            pending={busy}
          >
            {words.clearQuestion}
          </ConfirmStep>
        )}
      </form>
    </section>
  );
}

/**
 * The password input every write-only secret is typed in: uncontrolled (the secret is only in
 * its DOM value), no autocomplete, autocorrect or spelling check (nothing may keep or send it),
 * and `data-secret` naming it, so closing the dialog with one typed asks first.
 */
export function SecretInput({
  inputRef,
  id,
  placeholder,
  focusName,
  noun,
  describedBy,
  readOnly = false,
  invalid = false,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  id: string;
  placeholder: string;
  focusName: string;
  /** What it is, as the close question names it ("API key"). */
  noun: string;
  describedBy: string;
  readOnly?: boolean;
  invalid?: boolean;
  onChange?: () => void;
}) {
  return (
    <input
      ref={inputRef}
      id={id}
      type="password"
      className="input mono"
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={placeholder}
      readOnly={readOnly}
      data-focus={focusName}
      data-secret={noun}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      onChange={onChange}
    />
  );
}
