import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A native modal `<dialog>`, opened with `showModal()` so the browser makes the rest of the
 * window inert and puts it on top. Escape and other close requests go through `onClose`, and
 * focus goes back to whatever opened it. Rendered only while open: each opening starts fresh.
 */
export function ModalDialog({
  title,
  subtitle,
  className,
  onClose,
  children,
}: {
  title: string;
  subtitle?: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect, so the dialog is open before anything inside tries to take focus.
  // Guarded: StrictMode runs effects twice, and showModal() on an open dialog throws.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Taken during the first render: by the time effects run, a field inside may have focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );

  return (
    <dialog
      ref={dialogRef}
      className={`modal-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {subtitle && <p className="muted small dialog-subtitle">{subtitle}</p>}
        <button type="button" className="button-quiet button-small" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
