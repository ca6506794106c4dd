import { useMemo, type ReactNode } from 'react';
import { formatCount, formatWhole } from '../../lib/textChunks';
import { findMatches, type Pattern } from './provenance';

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
  const nodes: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    const keys = patterns[match.pattern]?.keys ?? [];
    if (match.start > at) nodes.push(text.slice(at, match.start));
    const description = markDescription(keys);
    nodes.push(
      <mark key={match.start} className={colourClass(colourOf(keys[0] ?? ''))} title={description} aria-description={description}>
        {text.slice(match.start, match.end)}
      </mark>,
    );
    at = match.end;
  }
  if (at < text.length) nodes.push(text.slice(at));
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
