import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The rows in view of a list of rows of one height, however many: a million results open and
 * scroll as ten do. TanStack Virtual (the History list's) keeps a measurement per row, rebuilt
 * whenever the count changes (a million objects, hundreds of ms on the main thread), and no page
 * can be taller than the browser allows (about 33 million px in Chromium: 36 px × 1,000,000 is
 * beyond it, so the last rows could not be reached). Rows of one fixed height need neither: the
 * first row in view is the scroll position over the row height, and past MAX_HEIGHT the scroll
 * bar stands for the list in proportion (its top the first row, its end the last).
 */

/** The tallest the scrolled content is made: under every browser's limit (Firefox's is about 17.9 million px). */
const MAX_HEIGHT = 8_000_000;

export interface WindowRow {
  index: number;
  /** Its top in the scrolled content, px. */
  start: number;
}

export interface RowWindow {
  rows: WindowRow[];
  /** The scrolled content's height, px. */
  height: number;
  /** Scrolls the least that brings the row at `index` into view. */
  scrollToIndex(index: number): void;
}

interface View {
  top: number;
  height: number;
}

/** What is in view at a scroll position (pure, for the hook and its tests). */
export function rowsInView(count: number, rowHeight: number, view: View, overscan: number): { rows: WindowRow[]; height: number } {
  const full = count * rowHeight;
  const height = Math.min(full, MAX_HEIGHT);
  // Scaled: the scroll bar's travel stands for the list's, so the bottom shows the last row.
  const travel = Math.max(0, height - view.height);
  const scale = travel > 0 && full > height ? (full - view.height) / travel : 1;
  const top = Math.min(view.top, travel);
  const listTop = top * scale;
  const first = Math.max(0, Math.floor(listTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((listTop + view.height) / rowHeight) + overscan);
  const rows: WindowRow[] = [];
  for (let index = first; index <= last; index += 1) rows.push({ index, start: top + index * rowHeight - listTop });
  return { rows, height };
}

/** The scroll position that brings `index` into view with the least move, or null when it is in view. */
export function scrollFor(count: number, rowHeight: number, view: View, index: number): number | null {
  const full = count * rowHeight;
  const height = Math.min(full, MAX_HEIGHT);
  const travel = Math.max(0, height - view.height);
  const scale = travel > 0 && full > height ? (full - view.height) / travel : 1;
  const listTop = Math.min(view.top, travel) * scale;
  const rowTop = index * rowHeight;
  if (rowTop < listTop) return rowTop / scale;
  if (rowTop + rowHeight > listTop + view.height) return (rowTop + rowHeight - view.height) / scale;
  return null;
}

/**
 * The rows of `scroller` in view (and `overscan` more each side), following its scroll and
 * size. `initialHeight` stands in where nothing is measured (jsdom, a hidden tab).
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  { overscan = 8, initialHeight = 480 } = {},
): RowWindow {
  const [view, setView] = useState<View>({ top: 0, height: initialHeight });
  // The view as last rendered, for a scroll asked for from an event.
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const read = () => {
      const next = { top: element.scrollTop, height: element.clientHeight || initialHeight };
      setView((now) => (now.top === next.top && now.height === next.height ? now : next));
    };
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resize?.disconnect();
    };
  }, [scroller, initialHeight]);
  // Called from events only (a key pressed), so a new function each render costs nothing.
  const scrollToIndex = (index: number) => {
    const element = scroller.current;
    const top = scrollFor(count, rowHeight, latest.current, index);
    if (!element || top === null) return;
    // (jsdom has no scrollTo.)
    element.scrollTo?.({ top });
    // Shown at once (a scroll event follows in a browser; jsdom sends none).
    latest.current = { ...latest.current, top };
    setView(latest.current);
  };
  return { ...rowsInView(count, rowHeight, view, overscan), scrollToIndex };
}
