import { useEffect, useState, type ReactNode } from 'react';

/**
 * Copies a text to the clipboard and says so briefly (visibly, and to screen readers through
 * a status region); says so too when the clipboard refuses. `text` may be a function, called on
 * click, for a text that is costly to make (a 5 MB guideline as plain text). `children` replaces
 * the word "Copy" on the button.
 */
export function CopyButton({ text, label, children }: { text: string | (() => string); label: string; children?: ReactNode }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button type="button" className="button-quiet button-small" onClick={() => void copy()} aria-label={label}>
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : (children ?? 'Copy')}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
