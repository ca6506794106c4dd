import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestTab, TabsAction } from './tabsState';

/**
 * Closing a request tab can be undone (issue 8): closed tabs are kept, newest last, with their
 * drafts and their place, so "Undo" in the toast or "Reopen closed tab" brings them back in
 * the order they went. A stray click on a tab's × never costs what was typed. They are kept for
 * this page's life only: the tab's last answer comes back from the history, its draft from here.
 */

/** A closed tab, where it was, and what it was called then (for the toast). */
export interface ClosedTab {
  tab: RequestTab;
  index: number;
  label: string;
  /** The empty tab made in its place, when it was the last tab. */
  replacementId?: string;
}

/** How many closed tabs can be reopened: more than anyone reopens, few enough to never matter. */
const MAX_CLOSED = 25;
/** How long the toast stays (it stays while pointed at or focused, so Undo is never pulled away). */
export const TOAST_MS = 8000;

/** The closed tabs, the toast of the last close, and the two ways back. */
export function useClosedTabs(dispatch: (action: TabsAction) => void, focusTab: (id: string) => void) {
  // A ref, not state: two quick reopens must take two different tabs, before React re-renders.
  const stack = useRef<ClosedTab[]>([]);
  const [count, setCount] = useState(0);
  const [toast, setToast] = useState<{ closed: ClosedTab; seq: number } | null>(null);
  // Each close gets a fresh toast (its own timer, not held by a pointer that left with the last one).
  const toastCount = useRef(0);

  const remember = useCallback((closed: ClosedTab) => {
    stack.current = [...stack.current, closed].slice(-MAX_CLOSED);
    setCount(stack.current.length);
    toastCount.current += 1;
    setToast({ closed, seq: toastCount.current });
  }, []);

  const reopen = useCallback(
    (closed: ClosedTab | undefined) => {
      if (!closed) return;
      stack.current = stack.current.filter((one) => one !== closed);
      setCount(stack.current.length);
      setToast((shown) => (shown?.closed === closed ? null : shown));
      dispatch({ type: 'reopen', tab: closed.tab, index: closed.index, ...(closed.replacementId === undefined ? {} : { replaces: closed.replacementId }) });
      // The Undo button goes away with the toast: focus lands on the tab that came back.
      requestAnimationFrame(() => focusTab(closed.tab.id));
    },
    [dispatch, focusTab],
  );

  // Stable, so re-renders (typing elsewhere) do not restart the toast's timer.
  const dismiss = useCallback(() => setToast(null), []);

  return {
    remember,
    /** Brings back the most recently closed tab still closed. */
    reopenLast: useCallback(() => reopen(stack.current[stack.current.length - 1]), [reopen]),
    canReopen: count > 0,
    toast: toast && <ClosedTabToast key={toast.seq} closed={toast.closed} onUndo={reopen} onDismiss={dismiss} />,
  };
}

/**
 * "Closed <name>" with Undo, for a few seconds, as a polite status (role=status). It is in the
 * page only while it shows: an always-present empty live region would be one more "status" in
 * every screen, and a status node inserted with its text is announced by current screen readers.
 */
function ClosedTabToast({ closed, onUndo, onDismiss }: { closed: ClosedTab; onUndo: (closed: ClosedTab) => void; onDismiss: () => void }) {
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
      <span>Closed {closed.label}</span>
      <button type="button" className="button-quiet button-small" onClick={() => onUndo(closed)}>
        Undo
      </button>
    </div>
  );
}
