import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { findInLowered, findRanges } from './findText';
import type { OutlineChunk } from './outline';

/** Where the current match is: a chunk, and which of its matches (-1: its last, once rendered). */
interface Position {
  chunk: number;
  match: number;
}

const ALL = 'guideline-find';
const CURRENT = 'guideline-find-current';

/** The CSS Custom Highlight API where the browser has it (Chromium 105+), else null. */
function highlights(): { set(name: string, value: unknown): void; delete(name: string): void } | null {
  const css = globalThis.CSS as unknown as
    { highlights?: { set(name: string, value: unknown): void; delete(name: string): void } } | undefined;
  return css?.highlights && typeof (globalThis as { Highlight?: unknown }).Highlight === 'function' ? css.highlights : null;
}

function makeHighlight(ranges: Range[]): unknown {
  const HighlightClass = (globalThis as unknown as { Highlight: new (...ranges: Range[]) => unknown }).Highlight;
  return new HighlightClass(...ranges);
}

/**
 * Find within the guideline. The whole text is searched (in the source, for parts not rendered
 * yet); the matches in rendered parts are found in the page and highlighted with the CSS Custom
 * Highlight API, which marks text without changing the page (React owns those nodes). Moving to
 * a match in a part not yet rendered renders it first, after which its count is the page's.
 * Enter and Shift+Enter step through the matches, Escape closes.
 */
export function ReaderFind({
  chunks,
  rendered,
  textRef,
  requestRender,
  onClose,
  inputRef,
}: {
  chunks: readonly OutlineChunk[];
  rendered: ReadonlySet<number>;
  textRef: RefObject<HTMLElement | null>;
  requestRender: (chunk: number) => void;
  onClose: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [query, setQuery] = useState('');
  const [position, setPosition] = useState<Position | null>(null);
  const [domRanges, setDomRanges] = useState<Map<number, Range[]>>(new Map());

  const lowered = useMemo(() => chunks.map((chunk) => chunk.source.toLowerCase()), [chunks]);
  const sourceCounts = useMemo(() => lowered.map((source) => findInLowered(source, query).length), [lowered, query]);

  // The rendered parts' matches, from the page, after each render that may have added some.
  useLayoutEffect(() => {
    const text = textRef.current;
    const next = new Map<number, Range[]>();
    if (text && query !== '') {
      for (const index of rendered) {
        const element = text.querySelector(`[data-chunk="${index}"]`);
        if (element) next.set(index, findRanges(element, query));
      }
    }
    // The page is the external system here: its text is only known once React has rendered it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one extra render per change of query or parts.
    setDomRanges(next);
  }, [query, rendered, textRef]);

  const counts = chunks.map((_chunk, index) => domRanges.get(index)?.length ?? (rendered.has(index) ? 0 : sourceCounts[index]!));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const resolved =
    position && rendered.has(position.chunk) && domRanges.has(position.chunk)
      ? {
          chunk: position.chunk,
          match: position.match < 0 ? counts[position.chunk]! - 1 : Math.min(position.match, counts[position.chunk]! - 1),
        }
      : null;
  const currentRange = resolved && resolved.match >= 0 ? domRanges.get(resolved.chunk)?.[resolved.match] : undefined;
  const ordinal =
    resolved && currentRange ? counts.slice(0, resolved.chunk).reduce((sum, count) => sum + count, 0) + resolved.match + 1 : 0;

  useEffect(() => {
    const registry = highlights();
    if (!registry) return;
    registry.set(ALL, makeHighlight([...domRanges.values()].flat()));
    if (currentRange) registry.set(CURRENT, makeHighlight([currentRange]));
    else registry.delete(CURRENT);
  }, [domRanges, currentRange]);
  useEffect(
    () => () => {
      highlights()?.delete(ALL);
      highlights()?.delete(CURRENT);
    },
    [],
  );

  // Brings the current match into view once it is in the page: only after a step, not each time
  // scrolling renders more parts (which makes new ranges).
  const scrollPending = useRef(false);
  useEffect(() => {
    if (!scrollPending.current || !currentRange) return;
    scrollPending.current = false;
    currentRange.startContainer.parentElement?.scrollIntoView?.({ block: 'center' });
  }, [currentRange]);

  function go(direction: 1 | -1) {
    if (total === 0) return;
    const from = resolved ?? { chunk: direction === 1 ? -1 : chunks.length, match: 0 };
    let target: Position | null = null;
    if (resolved && direction === 1 && resolved.match + 1 < counts[resolved.chunk]!)
      target = { chunk: resolved.chunk, match: resolved.match + 1 };
    else if (resolved && direction === -1 && resolved.match > 0) target = { chunk: resolved.chunk, match: resolved.match - 1 };
    else {
      for (let step = 1; step <= chunks.length && target === null; step += 1) {
        const chunk = (((from.chunk + direction * step) % chunks.length) + chunks.length) % chunks.length;
        if (counts[chunk]! > 0) target = { chunk, match: direction === 1 ? 0 : -1 };
      }
    }
    if (!target) return;
    if (!rendered.has(target.chunk)) requestRender(target.chunk);
    scrollPending.current = true;
    setPosition(target);
  }

  return (
    <div className="reader-find" role="search" aria-label="Find in guideline">
      <input
        ref={inputRef}
        type="search"
        aria-label="Find in guideline"
        placeholder="Find in guideline"
        value={query}
        aria-keyshortcuts="Enter Shift+Enter Escape"
        onChange={(event) => {
          setQuery(event.target.value);
          setPosition(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          } else if (event.key === 'Enter') {
            event.preventDefault();
            go(event.shiftKey ? -1 : 1);
          }
        }}
      />
      <span className="muted small reader-find-count" role="status">
        {query === ''
          ? ''
          : total === 0
            ? 'No matches'
            : ordinal > 0
              ? `${ordinal} of ${total}`
              : `${total} ${total === 1 ? 'match' : 'matches'}`}
      </span>
      <button type="button" className="button-quiet button-small" onClick={() => go(-1)} disabled={total === 0} aria-label="Previous match">
        ↑
      </button>
      <button type="button" className="button-quiet button-small" onClick={() => go(1)} disabled={total === 0} aria-label="Next match">
        ↓
      </button>
      <button type="button" className="button-quiet button-small" onClick={onClose} aria-label="Close find">
        ✕
      </button>
    </div>
  );
}
