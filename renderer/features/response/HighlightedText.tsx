import { useMemo, type ReactNode } from 'react';
import { formatCount, formatWhole } from '../../lib/textChunks';
import { findMatches, pieces, type Pattern } from './provenance';

/** Highlights past this many are not drawn: a value that occurs everywhere must not stall the page. */
export const MAX_MARKS = 2000;

/** The colour class of a key: eight hues, and an underline style that changes every eight keys. */
export function colourClass(index: number): string {
  return `pv pv-c${index % 8} pv-u${Math.floor(index / 8) % 3}`;
}

/** "payload value: company" or "payload values: company, brand" (two keys with one value). */
export function markDescription(keys: readonly string[]): string {
  return `${keys.length === 1 ? 'payload value' : 'payload values'}: ${keys.join(', ')}`;
}

/**
 * Text with each occurrence of a payload value in a `<mark>` naming its key (title for the
 * pointer, aria-description for screen readers; colour is the third cue, never the only one).
 * The text is split into text nodes and marks only: nothing in it is ever read as HTML.
 */
export function HighlightedText({
  text,
  patterns,
  colourOf,
}: {
  text: string;
  patterns: readonly Pattern[];
  /** The legend's colour index for a key. */
  colourOf: (key: string) => number;
}) {
  const { matches, completeUpTo } = useMemo(() => findMatches(text, patterns, MAX_MARKS), [text, patterns]);
  const nodes: ReactNode[] = pieces(text, patterns, matches).map(({ start, text: piece, keys }) => {
    if (keys === null) return piece;
    const description = markDescription(keys);
    return (
      <mark key={start} className={colourClass(colourOf(keys[0] ?? ''))} title={description} aria-description={description}>
        {piece}
      </mark>
    );
  });
  return (
    <>
      {nodes}
      {completeUpTo < text.length && (
        <span className="pv-cut" role="note">
          Highlighting stops after {formatCount(MAX_MARKS, 'mark')}, at character {formatWhole(completeUpTo)}.
        </span>
      )}
    </>
  );
}
