import { createContext, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import type { GuidelineTabRef } from '../../../../electron/shared/api';
import { useSavedGuidelineTabs } from './queries/guidelineTabs';
import { guidelineTabsReducer, initialGuidelineTabs, type GuidelineTabsAction, type GuidelineTabsView } from './guidelineTabsState';
import { useGuidelineTabsSaver } from './useGuidelineTabsSaver';

/** The guideline tabs and the guideline beside the workbench, shared by the Guidelines and Agents sections. */
export interface GuidelineTabsChannel {
  state: GuidelineTabsView;
  dispatch: Dispatch<GuidelineTabsAction>;
  /** Why the tabs could not be saved, or null. */
  saveError: string | null;
  /** Shows a guideline beside the invoke workbench and brings the Agents section to front. */
  showBeside: (tab: GuidelineTabRef) => void;
}

const GuidelineTabsContext = createContext<GuidelineTabsChannel | null>(null);

/** Holds the tabs for the whole app: restored from the host once, saved as they change. */
export function GuidelineTabsProvider({ children, onShowBeside }: { children: ReactNode; onShowBeside: () => void }) {
  const saved = useSavedGuidelineTabs();
  const [state, dispatch] = useReducer(guidelineTabsReducer, initialGuidelineTabs);
  useEffect(() => {
    if (saved.isSuccess) dispatch({ type: 'loaded', saved: saved.data });
    // When they cannot be read, work starts with none: nothing is lost but the old strip.
    else if (saved.isError) dispatch({ type: 'loaded', saved: null });
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
    }),
    [state, saveError, onShowBeside],
  );
  return <GuidelineTabsContext.Provider value={value}>{children}</GuidelineTabsContext.Provider>;
}

export function useGuidelineTabs(): GuidelineTabsChannel {
  const channel = useContext(GuidelineTabsContext);
  if (!channel) throw new Error('useGuidelineTabs outside a GuidelineTabsProvider');
  return channel;
}
