import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/**
 * The second step of an action that loses something (a profile, a key, unsaved edits): a
 * sentence that names what is lost, then the safe choice and the action.
 *
 * The safe choice comes first and has focus, so Enter pressed out of habit keeps things as
 * they are. Escape also takes the safe choice, and stops there: inside a dialog it steps back
 * out of the confirmation instead of closing the whole dialog.
 */
export function ConfirmStep({
  label,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  onCancel,
  onConfirm,
  pending = false,
}: {
  /** The group's accessible name, e.g. "Confirm delete". */
  label: string;
  /** What will be lost, in a sentence. */
  children: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** The action is under way: its button is disabled so it cannot be sent twice. */
  pending?: boolean;
}) {
  const { cancelRef, onKeyDown } = useSafeChoice(onCancel);
  return (
    <div role="group" aria-label={label} className="confirm-step" onKeyDown={onKeyDown}>
      <p>{children}</p>
      <div className="actions">
        <button ref={cancelRef} type="button" className="button-quiet" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button-danger-solid" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}

/**
 * What every step that asks before acting does with the keyboard: the safe choice (the button
 * given `cancelRef`) has focus first, and Escape takes it and stops there, so inside a dialog
 * it steps back out of the question instead of closing the whole dialog.
 */
export function useSafeChoice(onCancel: () => void): {
  cancelRef: RefObject<HTMLButtonElement | null>;
  onKeyDown: (event: KeyboardEvent) => void;
} {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return { cancelRef, onKeyDown };
}

/**
 * Focus for the button that opens a ConfirmStep and is hidden while it shows: when the step is
 * cancelled, focus goes back to that button once it is on screen again, rather than falling
 * to the page. Returns the ref for the button, and a function for `onCancel` to call.
 */
export function useFocusBackOnCancel<T extends HTMLElement>(confirming: boolean): [RefObject<T | null>, () => void] {
  const openerRef = useRef<T>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!confirming && pending.current) openerRef.current?.focus();
    pending.current = false;
  }, [confirming]);
  const cancelled = useCallback(() => {
    pending.current = true;
  }, []);
  return [openerRef, cancelled];
}
