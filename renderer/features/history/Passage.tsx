import type { HistoryPassage } from '../../../electron/shared/api';

/**
 * At most this many characters are shown before the first match. The passage line is one line
 * cut with an ellipsis at its end; FTS5's snippet centres the matches in a window of 16 words,
 * and long words before them (URLs, ids, JSON) could push the match past the end of the line.
 */
const PASSAGE_LEAD_CHARS = 24;

/**
 * The passage with the text before its first match cut to about PASSAGE_LEAD_CHARS (at a word
 * start where there is one, marked by "…"), the highlights moved with it: so the match is near
 * the start of the line, where it is seen at any width.
 */
function leadTrimmed(passage: HistoryPassage, lead = PASSAGE_LEAD_CHARS): HistoryPassage {
  const first = Math.min(...passage.highlights.map((range) => range.start));
  if (!Number.isFinite(first) || first <= lead) return passage;
  let from = first - lead;
  // Start at the next word when it begins within the allowance, rather than mid-word.
  const space = passage.text.slice(from, first).search(/\s\S/);
  if (space >= 0) from += space + 1;
  const cut = from - 1; // "…" takes one character
  return {
    text: `…${passage.text.slice(from)}`,
    highlights: passage.highlights.map((range) => ({ start: range.start - cut, end: range.end - cut })),
  };
}

/**
 * A search hit's passage with its matches in <mark>. The passage is untrusted text (a payload,
 * an answer): it is cut by the given ranges and rendered as text nodes only, never as markup.
 */
export function Passage({ passage: given }: { passage: HistoryPassage }) {
  const passage = leadTrimmed(given);
  const { text } = passage;
  const ranges = [...passage.highlights]
    .filter((range) => range.start < range.end && range.start >= 0 && range.end <= text.length)
    .sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at) continue; // overlapping ranges: the first one wins
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <span className="history-passage">
      {parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </span>
  );
}
