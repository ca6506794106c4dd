import { useEffect, useRef } from 'react';
import type { Workspace } from '../../../electron/shared/contract';
import { thrownMessage } from '../../lib/errorKinds';
import { useSaveWorkspace } from '../../queries/workspace';
import { toWorkspace, type TabsState } from './tabsState';

/** How long typing must pause before the drafts are saved. */
export const SAVE_DELAY_MS = 500;

/**
 * Saves the tabs' drafts to the host: half a second after the last change, and at once when
 * another tab is brought to the front (a natural "I am done here" moment) or the page is
 * being left. Only drafts are saved (`toWorkspace`); nothing is saved while nothing changed,
 * including right after loading. Returns why the last save failed, or null.
 */
export function useWorkspaceSaver(state: TabsState): string | null {
  const { mutate, data, error } = useSaveWorkspace();
  const snapshot = JSON.stringify(toWorkspace(state));
  const saved = useRef(snapshot);
  const latest = useRef(snapshot);
  const activeId = useRef(state.activeId);

  useEffect(() => {
    latest.current = snapshot;
    if (snapshot === saved.current) return;
    const switched = activeId.current !== state.activeId;
    activeId.current = state.activeId;
    const timer = setTimeout(
      () => {
        saved.current = snapshot;
        mutate(JSON.parse(snapshot) as Workspace);
      },
      switched ? 0 : SAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [snapshot, state.activeId, mutate]);

  // Leaving the page (closing the window, reloading): save what the timer has not saved yet.
  useEffect(() => {
    const flush = () => {
      if (latest.current === saved.current) return;
      saved.current = latest.current;
      mutate(JSON.parse(latest.current) as Workspace);
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [mutate]);

  if (error) return thrownMessage(error);
  if (data && !data.ok) return data.error.message;
  return null;
}
