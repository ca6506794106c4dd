import { memo, useEffect, useRef, useState } from 'react';
import type { OutlineHeading } from './outline';

/** Contents entries rendered with the first screen. */
const FIRST_ENTRIES = 150;

/**
 * The guideline's contents: a navigation landmark named "Contents", one link per heading,
 * indented by level, the section in view marked with `aria-current`. Beside the text on wide
 * windows; above it and collapsible on narrow ones (the toggle only shows there, by CSS
 * container query). Links are plain links, so Tab and Enter reach every one.
 */
export const ReaderContents = memo(function ReaderContents({
  headings,
  current,
  onGo,
}: {
  headings: readonly OutlineHeading[];
  current: number;
  onGo: (index: number) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  // A 5 MB guideline has thousands of headings: the first entries come with the first screen, the
  // rest a moment later, so they do not lengthen the task that shows the text.
  const [shown, setShown] = useState(() => Math.min(headings.length, FIRST_ENTRIES));
  useEffect(() => {
    if (shown >= headings.length) return;
    const timer = setTimeout(() => setShown(headings.length), 50);
    return () => clearTimeout(timer);
  }, [shown, headings.length]);
  const listed = shown >= headings.length ? headings : headings.slice(0, Math.max(shown, current + 1));

  // Keeps the current entry visible in a long contents, scrolling only the list (scrollIntoView
  // would scroll the reader too).
  useEffect(() => {
    if (current === 0) return;
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !item || list.scrollHeight <= list.clientHeight) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - item.offsetHeight) list.scrollTop = top - list.clientHeight / 3;
  }, [current]);

  return (
    <nav aria-label="Contents" className="reader-contents" data-expanded={expanded}>
      <button
        type="button"
        className="button-quiet button-small reader-contents-toggle"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        Contents ({headings.length})
      </button>
      <h3 className="reader-contents-title">Contents</h3>
      <ol ref={listRef} className="reader-contents-list">
        {listed.map((heading, index) => (
          <li key={heading.id} data-level={heading.level}>
            <a
              href={`#${heading.id}`}
              aria-current={index === current ? 'location' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onGo(index);
              }}
            >
              {heading.text || 'Untitled section'}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
});
