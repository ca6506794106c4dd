import { useEffect, useRef } from 'react';
import type { GuidelineTabRef, GuidelineTabsChanges } from '../../../../electron/shared/api';
import { useSaveGuidelineTabs } from './queries/guidelineTabs';
import { useTabsSaver } from '../../tabs/useTabsSaver';
import { guidelineTabs, tabKey, type GuidelineTabsView } from './guidelineTabsState';

/** How long the tabs must stay still before they are saved. */
const GUIDELINE_TABS_SAVE_DELAY_MS = 300;

/**
 * Saves the guideline tabs to the host, with the timing every kind of tab shares (useTabsSaver).
 * A save sends what this page opened and closed since its last save (never its whole strip), so
 * pages sharing the host never close each other's tabs (electron/core/workspace/guidelineTabs.ts). The
 * baseline is what this page has told the host is open; tabs other pages opened never enter it,
 * so this page never sends them as closed. Returns why the last save failed, or null.
 */
export function useGuidelineTabsSaver(state: GuidelineTabsView): string | null {
  const mutation = useSaveGuidelineTabs();
  const baseline = useRef<Map<string, GuidelineTabRef> | null>(null);
  const besideSent = useRef<string | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
    // The kept tabs are the starting baseline: only changes after loading are sent.
    if (state.loaded && baseline.current === null) {
      baseline.current = new Map(state.restored.map((tab) => [tabKey(tab), tab]));
      besideSent.current = JSON.stringify(state.beside);
    }
  });

  const take = () => {
    const current = latest.current;
    const sent = baseline.current ?? new Map<string, GuidelineTabRef>();
    const onScreen = new Map(current.tabs.map((tab) => [tabKey(tab), tab]));
    const beside = JSON.stringify(current.beside);
    const changes: GuidelineTabsChanges = {
      opened: current.tabs.filter((tab) => !sent.has(tabKey(tab))),
      closed: [...sent].filter(([key]) => !onScreen.has(key)).map(([, tab]) => tab),
      active: guidelineTabs.active(current),
      ...(beside !== besideSent.current ? { beside: current.beside } : {}),
    };
    const previous = { tabs: sent, beside: besideSent.current };
    baseline.current = onScreen;
    besideSent.current = beside;
    const failed = () => {
      baseline.current = previous.tabs;
      besideSent.current = previous.beside;
    };
    return { changes, failed };
  };

  return useTabsSaver({
    ready: state.loaded,
    snapshot: JSON.stringify([state.tabs, state.activeKey, state.beside]),
    // Tabs opened before the kept ones arrived are new to the host.
    changedAtStart: state.tabs.length !== state.restored.length,
    activeKey: state.activeKey,
    delayMs: GUIDELINE_TABS_SAVE_DELAY_MS,
    mutation,
    take,
  }).error;
}
