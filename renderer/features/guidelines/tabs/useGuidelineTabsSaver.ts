import { useEffect, useRef } from 'react';
import type { GuidelineTabsChanges } from '../../../../electron/shared/contract';
import { thrownMessage } from '../../../lib/errorKinds';
import { useSaveGuidelineTabs } from '../../../queries/guidelineTabs';
import { tabKey, type GuidelineTabsView } from './guidelineTabsState';

/** How long the tabs must stay still before they are saved. */
export const GUIDELINE_TABS_SAVE_DELAY_MS = 300;

/**
 * Saves the guideline tabs to the host a moment after they change, and at once when the page is
 * left. A save sends what this page opened and closed since its last save (never its whole
 * strip), so pages sharing the host never close each other's tabs (electron/core/guidelineTabs.ts).
 * The baseline is what this page has told the host is open; tabs other pages opened never enter
 * it, so this page never sends them as closed. Saves go one at a time. Returns why the last save
 * failed, or null.
 */
export function useGuidelineTabsSaver(state: GuidelineTabsView): string | null {
  const { mutateAsync, data, error } = useSaveGuidelineTabs();
  const latest = useRef(state);
  const baseline = useRef<Map<string, GuidelineTabsView['tabs'][number]> | null>(null);
  const besideSent = useRef<string | null>(null);
  const inFlight = useRef(false);
  const again = useRef(false);
  const pending = useRef(false);

  useEffect(() => {
    latest.current = state;
    // The kept tabs are the starting baseline: only changes after loading are sent.
    if (state.loaded && baseline.current === null) {
      baseline.current = new Map(state.restored.map((tab) => [tabKey(tab), tab]));
      besideSent.current = JSON.stringify(state.beside);
    }
  });

  const send = useRef(() => {
    if (baseline.current === null) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    pending.current = false;
    const current = latest.current;
    const sent = baseline.current;
    const onScreen = new Map(current.tabs.map((tab) => [tabKey(tab), tab]));
    const beside = JSON.stringify(current.beside);
    const changes: GuidelineTabsChanges = {
      opened: current.tabs.filter((tab) => !sent.has(tabKey(tab))),
      closed: [...sent].filter(([key]) => !onScreen.has(key)).map(([, tab]) => tab),
      active: current.active,
      ...(beside !== besideSent.current ? { beside: current.beside } : {}),
    };
    const previous = { tabs: sent, beside: besideSent.current };
    baseline.current = onScreen;
    besideSent.current = beside;
    inFlight.current = true;
    const failed = () => {
      // What it carried counts as unsaved again, so the next save sends it.
      baseline.current = previous.tabs;
      besideSent.current = previous.beside;
    };
    mutateAsync(changes)
      .then((result) => {
        if (!result.ok) failed();
      })
      .catch(failed)
      .finally(() => {
        inFlight.current = false;
        if (again.current) {
          again.current = false;
          send.current();
        }
      });
  });

  const snapshot = JSON.stringify([state.tabs, state.active, state.beside]);
  const lastSnapshot = useRef<string | null>(null);
  useEffect(() => {
    if (!state.loaded) return;
    // Right after loading nothing changed, unless a tab was opened before the kept ones arrived.
    const unchanged = lastSnapshot.current === null ? state.tabs.length === state.restored.length : lastSnapshot.current === snapshot;
    lastSnapshot.current = snapshot;
    if (unchanged) return;
    pending.current = true;
    const timer = setTimeout(() => send.current(), GUIDELINE_TABS_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot, state.loaded, state.tabs.length, state.restored.length]);

  // Leaving the page (a reload, closing the window): save what the timer has not saved yet.
  useEffect(() => {
    const flush = () => {
      if (pending.current) send.current();
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  if (error) return thrownMessage(error);
  if (data && !data.ok) return data.error.message;
  return null;
}
