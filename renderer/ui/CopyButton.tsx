import { useEffect, useState } from 'react';

/**
 * Copies a text to the clipboard and says so briefly (visibly, and to screen readers through
 * a status region); says so too when the clipboard refuses. `caption` is the button's visible
 * word when idle ("Copy" unless given; give the whole label where "Copy" alone is unclear).
 * `text` may be a function, so a long text is only made when it is copied.
 */
export function CopyButton({ text, label, caption = 'Copy' }: { text: string | (() => string); label: string; caption?: string }) {
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
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : caption}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </>
  );
}
