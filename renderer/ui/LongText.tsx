import { useMemo, useState, type ReactNode } from 'react';
import {
  chunkEnd,
  FIRST_CHUNK_CHARS,
  formatCompactCount,
  formatCount,
  formatWhole,
  MORE_CHUNK_CHARS,
  SHOW_ALL_MAX_CHARS,
} from '../lib/textChunks';

/**
 * Text that may be huge, shown a piece at a time: the first ~64 K characters at once, then
 * "Show more" adds 128 K at a time ("Show all" once what is left is small enough to lay out
 * without freezing the window). Everything stays a text node unless `render` says otherwise,
 * and `render` only ever receives the shown part, so work done on it (highlighting,
 * markdown) is bounded too. Pass a stable `render` (useCallback): it is redone when it changes.
 *
 * The whole text is still what Copy copies and what searches run over; only the DOM is cut.
 */
export function LongText({
  text,
  className,
  render,
  as: Element = 'pre',
  first = FIRST_CHUNK_CHARS,
  more = MORE_CHUNK_CHARS,
  noun = 'character',
}: {
  text: string;
  className: string;
  /** Renders the shown part; by default it is a plain text node. */
  render?: (shown: string) => ReactNode;
  as?: 'pre' | 'div';
  /** Characters shown at first, and added by each "Show more". */
  first?: number | undefined;
  more?: number | undefined;
  noun?: string;
}) {
  // Kept with the text it belongs to: a new text starts again from its first piece.
  const [reveal, setReveal] = useState<{ text: string; end: number } | null>(null);
  const end = reveal?.text === text ? reveal.end : chunkEnd(text, 0, first);
  const shown = end >= text.length ? text : text.slice(0, end);
  const left = text.length - end;
  // Rendering the shown part can be costly (markdown, highlights): only redo it when it changes.
  const content = useMemo(() => (render ? render(shown) : shown), [render, shown]);

  return (
    <>
      <Element className={className}>{content}</Element>
      {left > 0 && (
        <div className="cluster long-text-more">
          <span className="muted small">
            Showing {formatWhole(end)} of {formatCount(text.length, noun)}.
          </span>
          <button type="button" className="button-quiet button-small" onClick={() => setReveal({ text, end: chunkEnd(text, end, more) })}>
            Show more ({formatCompactCount(left, noun)} left)
          </button>
          {left <= SHOW_ALL_MAX_CHARS && (
            <button type="button" className="button-quiet button-small" onClick={() => setReveal({ text, end: text.length })}>
              Show all
            </button>
          )}
        </div>
      )}
    </>
  );
}
