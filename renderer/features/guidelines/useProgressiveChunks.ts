import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { OutlineChunk } from './outline';

/** Rendered at once: about a screen and a half of text. */
const FIRST_SCREEN_CHARS = 8000;
/** Up to this size the rest is rendered in the background too, so the browser's own find and a screen reader see it all. */
const RENDER_ALL_CHARS = 300_000;
/** Parts rendered per background step: small enough that a step stays far below 200 ms. */
const STEP_CHARS = 12_000;
/** How far beyond the visible area a part starts to render, so scrolling rarely meets a placeholder. */
const AHEAD = '1500px 0px';

function firstScreen(chunks: readonly OutlineChunk[]): Set<number> {
  const set = new Set<number>();
  let chars = 0;
  for (let index = 0; index < chunks.length && (chars < FIRST_SCREEN_CHARS || set.size === 0); index += 1) {
    set.add(index);
    chars += chunks[index]!.source.length;
  }
  return set;
}

/**
 * Which parts of the guideline are rendered. The first screen at once; the rest as it comes near
 * the visible area (an IntersectionObserver on each placeholder), or, for a guideline of at most
 * RENDER_ALL_CHARS, in small background steps too. A part once rendered stays. `render(i)` renders
 * one at once (the contents, find, an anchor). Without IntersectionObserver (old engines, jsdom),
 * everything is rendered.
 */
export function useProgressiveChunks(chunks: readonly OutlineChunk[], textRef: RefObject<HTMLElement | null>) {
  const [rendered, setRendered] = useState<ReadonlySet<number>>(() =>
    typeof IntersectionObserver === 'undefined' ? new Set(chunks.map((_chunk, index) => index)) : firstScreen(chunks),
  );

  const add = useCallback((indices: number[]) => {
    setRendered((previous) => {
      if (indices.every((index) => previous.has(index))) return previous;
      const next = new Set(previous);
      for (const index of indices) next.add(index);
      return next;
    });
  }, []);

  // The placeholders of the parts not yet rendered (thousands, at 5 MB) come in a task of their
  // own just after the first screen: until then one spacer of their height stands in for them.
  const [placed, setPlaced] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPlaced(true), 0);
    return () => clearTimeout(timer);
  }, []);

  // One observer for the reader's life, on every part's element: React keeps the element when a
  // placeholder becomes its rendered part (same key, same tag), so nothing is observed twice and
  // nothing needs observing again after a render (re-creating it per render cost seconds at 5 MB).
  useEffect(() => {
    const text = textRef.current;
    if (!text || !placed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.filter((entry) => entry.isIntersecting && (entry.target as HTMLElement).dataset['placeholder'] !== undefined);
        if (near.length > 0) add(near.map((entry) => Number((entry.target as HTMLElement).dataset['chunk'])));
      },
      { rootMargin: AHEAD },
    );
    for (const part of text.querySelectorAll('[data-chunk]')) observer.observe(part);
    return () => observer.disconnect();
  }, [chunks, add, textRef, placed]);

  const total = chunks.reduce((sum, chunk) => sum + chunk.source.length, 0);
  useEffect(() => {
    if (total > RENDER_ALL_CHARS || rendered.size === chunks.length) return;
    const timer = setTimeout(() => {
      const step: number[] = [];
      let chars = 0;
      for (let index = 0; index < chunks.length && chars < STEP_CHARS; index += 1) {
        if (rendered.has(index)) continue;
        step.push(index);
        chars += chunks[index]!.source.length;
      }
      add(step);
    }, 16);
    return () => clearTimeout(timer);
  }, [rendered, chunks, total, add]);

  return { rendered, placed, render: useCallback((index: number) => add([index]), [add]) };
}
