import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the toast stays (it stays while pointed at or focused, so Undo is never pulled away). */
export const TOAST_MS = 8000;

/**
 * "Closed <name>" with Undo after a tab is closed, so a stray click on a tab's × never costs what
 * was typed. `isClosed` says whether the tab can still be reopened (the toast goes when it came
 * back some other way); `onUndo` reopens it. Returns `show` (call it on close) and the toast.
 */
export function useClosedTabToast(isClosed: (key: string) => boolean, onUndo: (key: string) => void) {
  const [toast, setToast] = useState<{ key: string; label: string; seq: number } | null>(null);
  // Each close gets a fresh toast (its own timer, not held by a pointer that left with the last one).
  const seq = useRef(0);
  const show = useCallback((key: string, label: string) => {
    seq.current += 1;
    setToast({ key, label, seq: seq.current });
  }, []);
  // Stable, so re-renders (typing elsewhere) do not restart the toast's timer.
  const dismiss = useCallback(() => setToast(null), []);
  const shown = toast !== null && isClosed(toast.key) ? toast : null;
  return {
    show,
    toast: shown && (
      <ClosedTabToast
        key={shown.seq}
        label={shown.label}
        onUndo={() => {
          setToast(null);
          onUndo(shown.key);
        }}
        onDismiss={dismiss}
      />
    ),
  };
}

/**
 * A polite status (role=status) for a few seconds. It is in the page only while it shows: an
 * always-present empty live region would be one more "status" in every screen, and a status node
 * inserted with its text is announced by current screen readers.
 */
function ClosedTabToast({ label, onUndo, onDismiss }: { label: string; onUndo: () => void; onDismiss: () => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onDismiss, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, onDismiss]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="closed-tab-toast"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span>Closed {label}</span>
      <button type="button" className="button-quiet button-small" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}
