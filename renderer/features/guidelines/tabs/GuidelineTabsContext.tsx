import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type Dispatch, type ReactNode } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useSavedGuidelineTabs } from './queries/guidelineTabs';
import { guidelineTabsReducer, initialGuidelineTabs, tabKey, type GuidelineTabsAction, type GuidelineTabsView } from './guidelineTabsState';
import { useGuidelineTabsSaver } from './useGuidelineTabsSaver';

/** The guideline tabs and the guideline beside the workbench, shared by the Guidelines and Agents sections. */
export interface GuidelineTabsChannel {
  state: GuidelineTabsView;
  dispatch: Dispatch<GuidelineTabsAction>;
  /** Why the tabs could not be saved, or null. */
  saveError: string | null;
  /** Shows a guideline beside the invoke workbench and brings the Agents section to front. */
  showBeside: (tab: GuidelineTabRef) => void;
  /**
   * Whether a read of this tab is the person's: false for a tab restored at start that they have
   * not opened since (its reads are kept out of History). Asked at the moment of the read.
   */
  readIsAsked: (tab: GuidelineTabRef) => boolean;
}

const GuidelineTabsContext = createContext<GuidelineTabsChannel | null>(null);

/** Holds the tabs for the whole app: restored from the host once, saved as they change. */
export function GuidelineTabsProvider({ children, onShowBeside }: { children: ReactNode; onShowBeside: () => void }) {
  const saved = useSavedGuidelineTabs();
  const [state, dispatchToState] = useReducer(guidelineTabsReducer, initialGuidelineTabs);
  // The restored tabs not opened since, kept outside React state: an open followed at once by a
  // read (opening a tab already open reads it again) must see it as the person's.
  const unasked = useRef(new Set<string>());
  const dispatch = useCallback<Dispatch<GuidelineTabsAction>>((action) => {
    if (action.type === 'open') unasked.current.delete(tabKey(action.tab));
    if (action.type === 'beside' && action.beside.guideline) unasked.current.delete(tabKey(action.beside.guideline));
    dispatchToState(action);
  }, []);
  useEffect(() => {
    if (saved.isSuccess && !state.loaded && saved.data) {
      for (const tab of saved.data.tabs) unasked.current.add(tabKey(tab));
      if (saved.data.beside.guideline) unasked.current.add(tabKey(saved.data.beside.guideline));
    }
    if (saved.isSuccess) dispatch({ type: 'loaded', saved: saved.data });
    // When they cannot be read, work starts with none: nothing is lost but the old strip.
    else if (saved.isError) dispatch({ type: 'loaded', saved: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the kept tabs arrive
  }, [saved.isSuccess, saved.isError, saved.data]);
  const saveError = useGuidelineTabsSaver(state);
  const value = useMemo<GuidelineTabsChannel>(
    () => ({
      state,
      dispatch,
      saveError,
      showBeside: (tab) => {
        dispatch({ type: 'beside', beside: { guideline: tab, open: true } });
        onShowBeside();
      },
      readIsAsked: (tab) => !unasked.current.has(tabKey(tab)),
    }),
    [state, dispatch, saveError, onShowBeside],
  );
  return <GuidelineTabsContext.Provider value={value}>{children}</GuidelineTabsContext.Provider>;
}

export function useGuidelineTabs(): GuidelineTabsChannel {
  const channel = useContext(GuidelineTabsContext);
  if (!channel) throw new Error('useGuidelineTabs outside a GuidelineTabsProvider');
  return channel;
}
