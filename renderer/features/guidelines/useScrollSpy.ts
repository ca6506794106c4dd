import { useEffect, useState, type RefObject } from 'react';

/** A section counts as current once its start is this far below the top of the visible area. */
const OFFSET = 80;

/** The nearest ancestor that scrolls (the Guideline region on wide windows), or null for the page. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return parent;
  }
  return null;
}

/**
 * The section being read: the last one (of the elements marked `data-heading` under `textRef`)
 * whose start has scrolled past the top of the visible area, or the first. Follows scrolling of
 * the page or of the reader's scroll container, once per frame, with a binary search over the
 * sections' positions (they are in document order), so a guideline of thousands of sections
 * costs a few layout reads per frame.
 */
export function useScrollSpy(textRef: RefObject<HTMLElement | null>, count: number): [number, (index: number) => void] {
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    const text = textRef.current;
    if (!text || count === 0) return;
    const container = scrollParent(text);
    let frame = 0;
    const measure = () => {
      frame = 0;
      const sections = text.querySelectorAll<HTMLElement>('[data-heading]');
      const top = Math.max(0, container?.getBoundingClientRect().top ?? 0) + OFFSET;
      let low = 0;
      let high = sections.length - 1;
      let found = 0;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (sections[middle]!.getBoundingClientRect().top <= top) {
          found = middle;
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      const index = Number(sections[found]?.dataset['heading'] ?? 0);
      setCurrent(index);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const target: HTMLElement | Window = container ?? window;
    target.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      target.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [textRef, count]);
  return [current, setCurrent];
}
