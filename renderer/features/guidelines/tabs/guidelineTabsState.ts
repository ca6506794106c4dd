import type { GuidelineBeside, GuidelineTabRef, GuidelineTabs } from '../../../../electron/shared/api';
import { documentTabs, type DocumentTabs } from '../../tabs/documentTabs';

/**
 * The guideline tabs on screen: which guidelines are open, which one is in front, the ones
 * closed this session (for "Reopen closed guideline"), and the guideline beside the workbench.
 * A tab is one guideline of one profile: opening one already open brings it to front.
 */
export interface GuidelineTabsView extends DocumentTabs<GuidelineTabRef> {
  beside: GuidelineBeside;
  /** False until the kept tabs arrived (or failed to): nothing is saved before. */
  loaded: boolean;
  /** The tabs the host had when they arrived: what the first save compares with. */
  restored: GuidelineTabRef[];
}

export type GuidelineTabsAction =
  | { type: 'loaded'; saved: GuidelineTabs | null }
  | { type: 'open'; tab: GuidelineTabRef }
  | { type: 'activate'; tab: GuidelineTabRef }
  | { type: 'close'; tab: GuidelineTabRef }
  | { type: 'reopen' }
  /** A tab read while the page was behind on the active profile moves to the profile now shown. */
  | { type: 'rehome'; tab: GuidelineTabRef; profileId: string }
  | { type: 'beside'; beside: Partial<GuidelineBeside> };

/** A tab's identity as a string: its profile and guideline (ids hold no line breaks the UI allows). */
export const tabKey = (tab: GuidelineTabRef) => `${tab.profileId}\n${tab.guidelineId}`;

export const guidelineTabs = documentTabs<GuidelineTabRef>({ keyOf: tabKey, maxClosed: 20 });

export const initialGuidelineTabs: GuidelineTabsView = {
  ...guidelineTabs.start([]),
  beside: { guideline: null, open: false, width: 420 },
  loaded: false,
  restored: [],
};

export function guidelineTabsReducer(state: GuidelineTabsView, action: GuidelineTabsAction): GuidelineTabsView {
  switch (action.type) {
    case 'loaded': {
      if (state.loaded) return state;
      const saved = action.saved;
      if (!saved) return { ...state, loaded: true };
      // The kept tabs, then the ones opened before they arrived (new to the kept set, never saved).
      const merged = guidelineTabs.merge({ ...state, tabs: saved.tabs }, state.tabs, new Map(), tabKey, (tab) => tab);
      const activeKey = state.activeKey ?? (saved.active && tabKey(saved.active)) ?? (merged.tabs[0] ? tabKey(merged.tabs[0]) : null);
      return { ...merged, activeKey, beside: saved.beside, loaded: true, restored: saved.tabs };
    }
    case 'open':
      return guidelineTabs.open(state, action.tab);
    case 'activate':
      return guidelineTabs.activate(state, tabKey(action.tab));
    case 'close':
      return guidelineTabs.close(state, tabKey(action.tab));
    case 'reopen':
      return guidelineTabs.reopen(state);
    case 'rehome': {
      const moved = { profileId: action.profileId, guidelineId: action.tab.guidelineId };
      const next = guidelineTabs.replace(state, tabKey(action.tab), moved);
      if (next === state) return state;
      const beside =
        state.beside.guideline && tabKey(state.beside.guideline) === tabKey(action.tab)
          ? { ...state.beside, guideline: moved }
          : state.beside;
      return { ...next, beside };
    }
    case 'beside':
      return { ...state, beside: { ...state.beside, ...action.beside } };
  }
}
