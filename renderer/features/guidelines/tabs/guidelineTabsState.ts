import type { GuidelineBeside, GuidelineTabRef, GuidelineTabs } from '../../../../electron/shared/contract';

/**
 * The guideline tabs on screen (issue 9): which guidelines are open, which one is in front, the
 * ones closed this session (for "Reopen closed guideline"), and the guideline beside the
 * workbench. A tab is one guideline of one profile: opening one already open brings it to front.
 */
export interface GuidelineTabsView {
  tabs: GuidelineTabRef[];
  active: GuidelineTabRef | null;
  /** Most recent last; each with the place it had. Not kept across restarts. */
  closed: { tab: GuidelineTabRef; index: number }[];
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
export const sameTab = (a: GuidelineTabRef | null, b: GuidelineTabRef | null) => a !== null && b !== null && tabKey(a) === tabKey(b);

export const initialGuidelineTabs: GuidelineTabsView = {
  tabs: [],
  active: null,
  closed: [],
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
      // Tabs opened before the kept ones arrived stay, after them.
      const tabs = [...saved.tabs, ...state.tabs.filter((tab) => !saved.tabs.some((other) => sameTab(other, tab)))];
      return { ...state, tabs, active: state.active ?? saved.active ?? tabs[0] ?? null, beside: saved.beside, loaded: true, restored: saved.tabs };
    }
    case 'open': {
      const open = state.tabs.find((tab) => sameTab(tab, action.tab));
      if (open) return { ...state, active: open };
      return { ...state, tabs: [...state.tabs, action.tab], active: action.tab };
    }
    case 'activate':
      return state.tabs.some((tab) => sameTab(tab, action.tab)) ? { ...state, active: action.tab } : state;
    case 'close': {
      const index = state.tabs.findIndex((tab) => sameTab(tab, action.tab));
      if (index === -1) return state;
      const tabs = state.tabs.filter((_, at) => at !== index);
      // The tab in front closes: its right neighbour (else its left one) comes to front.
      const active = sameTab(state.active, action.tab) ? (tabs[index] ?? tabs[index - 1] ?? null) : state.active;
      return { ...state, tabs, active, closed: [...state.closed, { tab: action.tab, index }].slice(-20) };
    }
    case 'reopen': {
      const last = state.closed.at(-1);
      if (!last) return state;
      const closed = state.closed.slice(0, -1);
      if (state.tabs.some((tab) => sameTab(tab, last.tab))) return { ...state, closed, active: last.tab };
      const tabs = [...state.tabs.slice(0, last.index), last.tab, ...state.tabs.slice(last.index)];
      return { ...state, tabs, active: last.tab, closed };
    }
    case 'rehome': {
      const moved = { profileId: action.profileId, guidelineId: action.tab.guidelineId };
      if (!state.tabs.some((tab) => sameTab(tab, action.tab))) return state;
      const tabs = state.tabs.filter((tab) => !sameTab(tab, moved)).map((tab) => (sameTab(tab, action.tab) ? moved : tab));
      const active = sameTab(state.active, action.tab) || sameTab(state.active, moved) ? moved : state.active;
      const beside = sameTab(state.beside.guideline, action.tab) ? { ...state.beside, guideline: moved } : state.beside;
      return { ...state, tabs, active, beside };
    }
    case 'beside':
      return { ...state, beside: { ...state.beside, ...action.beside } };
  }
}
