import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { FindInPageResult, HostEvents } from '../../../electron/shared/api';
import { useShell } from '../../host/HostContext';
import { useFindInPage } from './queries/findInPage';
import './findBar.css';

/**
 * The desktop app's find bar. Electron has no find bar of its own: the menu's Find in Page
 * (Ctrl/Cmd+F) sends onFindRequested, this bar opens, and Chromium's find (webContents.findInPage,
 * through the window's Shell) searches and highlights. In browser mode the Shell cannot find
 * (its capabilities say so), the bar never shows and the browser's own find answers Ctrl/Cmd+F.
 *
 * Chromium's find searches the whole page, this bar included, and moves the selection and focus
 * to the match (electron/electron#22880). Hence:
 * - it searches on Enter, not on each keystroke, so typing is never interrupted;
 * - during each request the field is a password field, which Chromium's find skips, so the
 *   query does not find itself; the buttons show arrows, not words, for the same reason;
 * - after an answer, focus goes to the Next (or Previous) button rather than back into the
 *   field: a caret in the field would become the selection Chromium continues from, and every
 *   "next" would start over. Enter and Shift+Enter work anywhere in the bar; Escape closes it
 *   and returns focus to where it was.
 */
export function FindBar({ events }: { events: HostEvents | null }) {
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ text: string; result: FindInPageResult } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const previousRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const { find, stop } = useFindInPage();
  const canFind = useShell().capabilities.findInPage;

  useEffect(() => {
    if (!events || !canFind) return;
    return events.onFindRequested(() => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && !barRef.current?.contains(active)) returnFocus.current = active;
      setOpen(true);
      setFocusRequest((count) => count + 1);
    });
  }, [events, canFind]);

  useEffect(() => {
    if (!open || focusRequest === 0) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [open, focusRequest]);

  if (!events || !canFind || !open) return null;

  async function search(forward: boolean) {
    const input = inputRef.current;
    if (text === '' || input === null) return;
    const newSearch = answer?.text !== text;
    input.type = 'password';
    try {
      const outcome = await find.mutateAsync({ text, forward, newSearch });
      if (outcome.ok) {
        setAnswer({ text, result: outcome.value });
        setProblem(null);
      } else {
        setProblem(outcome.error.message);
      }
    } catch {
      setProblem('The search did not answer; try again.');
    } finally {
      input.type = 'text';
    }
    (forward ? nextRef : previousRef).current?.focus();
  }

  function close() {
    if (answer !== null) stop.mutate();
    setOpen(false);
    setAnswer(null);
    setProblem(null);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (back?.isConnected) back.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Handled for the arrow buttons too (their own Enter would ignore Shift); Close keeps its own.
      if ((event.target as HTMLElement).dataset['findClose'] !== undefined) return;
      event.preventDefault();
      void search(event.target === previousRef.current ? false : !event.shiftKey);
    }
  }

  // A click on a button must not move the page's selection: Chromium continues from it.
  const keepSelection = (event: MouseEvent) => event.preventDefault();
  // What the previous and next buttons share.
  const stepButton = { type: 'button', className: 'button-quiet button-small', disabled: text === '', onMouseDown: keepSelection } as const;
  const current = answer !== null && answer.text === text ? answer.result : null;
  const count =
    problem ?? (current === null ? '' : current.matches === 0 ? 'No matches' : `${current.activeMatchOrdinal} of ${current.matches}`);

  return (
    <div ref={barRef} role="search" aria-label="Find in page" className="find-bar" onKeyDown={onKeyDown}>
      <input
        ref={inputRef}
        type="text"
        aria-label="Find in page"
        className="find-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-keyshortcuts="Enter Shift+Enter Escape"
        title="Enter: next match · Shift+Enter: previous match · Escape: close"
      />
      <span role="status" className="find-count">
        {count}
      </span>
      <button
        ref={previousRef}
        {...stepButton}
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        onClick={() => void search(false)}
      >
        ↑
      </button>
      <button ref={nextRef} {...stepButton} aria-label="Next match" title="Next match (Enter)" onClick={() => void search(true)}>
        ↓
      </button>
      <button
        type="button"
        className="button-quiet button-small"
        aria-label="Close find bar"
        title="Close (Escape)"
        data-find-close
        onClick={close}
      >
        ✕
      </button>
    </div>
  );
}
