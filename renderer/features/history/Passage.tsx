import type { HistoryPassage } from '../../../electron/shared/contract';

/**
 * A search hit's passage with its matches in <mark>. The passage is untrusted text (a payload,
 * an answer): it is cut by the given ranges and rendered as text nodes only, never as markup.
 */
export function Passage({ passage }: { passage: HistoryPassage }) {
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
