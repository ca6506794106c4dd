import { useEffect, useMemo, useState } from 'react';
import { keysNotFound, occursIn, type PayloadValue, type Pattern } from './provenance';

/** Up to this many characters, the whole answer is checked at once (a few milliseconds). */
const AT_ONCE_CHARS = 1024 * 1024;
/** Past that, it is checked in windows this big, one per task, so the page never stalls. */
const WINDOW_CHARS = 2 * 1024 * 1024;

/**
 * The payload keys whose values occur nowhere in the *whole* answer (not only the part on
 * screen). A small answer is checked during render; a big one window by window after the
 * first paint, so a 30 MB answer appears at once and the list follows. Null while checking.
 */
export function useMissingKeys(text: string, values: readonly PayloadValue[], patterns: readonly Pattern[]): string[] | null {
  const small = text.length <= AT_ONCE_CHARS;
  const atOnce = useMemo(() => {
    if (!small) return null;
    const found = new Set(patterns.flatMap((pattern, index) => (occursIn(text, pattern, 0, text.length) ? [index] : [])));
    return keysNotFound(values, patterns, found);
  }, [small, text, values, patterns]);

  const [scanned, setScanned] = useState<{ text: string; patterns: readonly Pattern[]; missing: string[] } | null>(null);

  useEffect(() => {
    if (small) return;
    const found = new Set<number>();
    let start = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const end = Math.min(text.length, start + WINDOW_CHARS);
      patterns.forEach((pattern, index) => {
        if (!found.has(index) && occursIn(text, pattern, start, end)) found.add(index);
      });
      start = end;
      if (start < text.length && found.size < patterns.length) timer = setTimeout(step, 0);
      else setScanned({ text, patterns, missing: keysNotFound(values, patterns, found) });
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [small, text, values, patterns]);

  if (atOnce) return atOnce;
  return scanned && scanned.text === text && scanned.patterns === patterns ? scanned.missing : null;
}
