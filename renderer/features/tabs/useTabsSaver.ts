import { useCallback, useEffect, useRef } from 'react';
import type { Result } from '../../../electron/shared/api';
import { thrownMessage } from '../../lib/errorKinds';

/** How one kind of tabs is saved; the timing rules are the same for every kind. */
export interface TabsSaverSpec<C, A> {
  /** False until the saved tabs have arrived: nothing is saved before. */
  ready: boolean;
  /** What is saved, as one string: a save follows each change of it. */
  snapshot: string;
  /** True when the tabs already differ from what the host has once ready (opened while loading). */
  changedAtStart?: boolean;
  /** The tab in front: another tab coming to front (an "I am done here" moment) saves at once. */
  activeKey: string | null;
  /** How long the tabs must stay still before they are saved. */
  delayMs: number;
  /** The save call (a mutation) and its last outcome. */
  mutation: { mutateAsync: (changes: C) => Promise<Result<A>>; data: Result<A> | undefined; error: Error | null };
  /**
   * This page's changes since its last save, with `failed`, which makes them count as unsaved
   * again (the next save sends them). Called once per save: from then on the host has them.
   */
  take: () => { changes: C; failed: () => void };
  /** The host's answer to a save that went through. */
  onSaved?: (answer: A) => void;
}

/**
 * Saves tabs to the host: `delayMs` after the last change, at once when another tab comes to
 * front or the page is being left. Nothing is saved while nothing changed, including right after
 * loading. Saves go one at a time (a change during one is sent after it), so an answer always
 * describes what this page sent; only leaving does not wait. Returns `saveNow` (also to learn the
 * host's state with no change) and why the last save failed, or null.
 */
export function useTabsSaver<C, A>(spec: TabsSaverSpec<C, A>): { saveNow: () => void; error: string | null } {
  const { ready, snapshot, changedAtStart = false, activeKey, delayMs, mutation } = spec;
  const latest = useRef(spec);
  // The picture last handed to a save; null until ready.
  const lastSent = useRef<string | null>(null);
  const front = useRef(activeKey);
  const inFlight = useRef(false);
  const again = useRef(false);

  useEffect(() => {
    latest.current = spec;
  });

  const send = useRef((leaving = false) => {
    const current = latest.current;
    if (!current.ready) return;
    if (inFlight.current && !leaving) {
      again.current = true;
      return;
    }
    const { changes, failed } = current.take();
    inFlight.current = true;
    current.mutation
      .mutateAsync(changes)
      .then((result) => {
        if (result.ok) latest.current.onSaved?.(result.value);
        else failed();
      })
      .catch(failed)
      .finally(() => {
        inFlight.current = false;
        if (!again.current) return;
        again.current = false;
        send.current();
      });
  });

  useEffect(() => {
    if (!ready) return;
    if (lastSent.current === null) {
      lastSent.current = changedAtStart ? '' : snapshot;
      front.current = activeKey;
    }
    if (snapshot === lastSent.current) return;
    const switched = front.current !== activeKey;
    front.current = activeKey;
    const timer = setTimeout(
      () => {
        lastSent.current = snapshot;
        send.current();
      },
      switched ? 0 : delayMs,
    );
    return () => clearTimeout(timer);
  }, [ready, snapshot, changedAtStart, activeKey, delayMs]);

  // Leaving the page (closing the window, reloading): save what the timer has not saved yet.
  useEffect(() => {
    const flush = () => {
      const { snapshot: now } = latest.current;
      if (lastSent.current === null || lastSent.current === now) return;
      lastSent.current = now;
      send.current(true);
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  const error = mutation.error ? thrownMessage(mutation.error) : mutation.data && !mutation.data.ok ? mutation.data.error.message : null;
  const saveNow = useCallback(() => send.current(), []);
  return { saveNow, error };
}
