import { useEffect, useRef, type Dispatch } from 'react';
import type { Workspace, WorkspaceChanges } from '../../../electron/shared/contract';
import { thrownMessage } from '../../lib/errorKinds';
import { useSaveWorkspace } from '../../queries/workspace';
import { draftKey, toWorkspace, workspaceChanges, type TabsAction, type TabsState } from './tabsState';
import { useWorkspaceRefreshRequests } from './workspaceRefresh';

/** How long typing must pause before the drafts are saved. */
export const SAVE_DELAY_MS = 500;

const newId = () => crypto.randomUUID();

/** What the host has, by tab id (see `draftKey`). */
function baselineOf(workspace: Workspace | undefined): Map<string, string> {
  return new Map((workspace?.tabs ?? []).map((tab) => [tab.id, draftKey(tab)]));
}

/**
 * Saves the tabs' drafts to the host: half a second after the last change, and at once when
 * another tab is brought to the front (a natural "I am done here" moment) or the page is
 * being left. Nothing is saved while nothing changed, including right after loading.
 *
 * More than one page can share the workspace (browser tabs), so a save sends only what this
 * page changed since it last heard from the host (the "baseline"), with the revision it was
 * based on; the host merges and answers the whole workspace, and tabs not edited here since
 * take the host's version (`sync`), so other pages' tabs appear and the page's picture stays
 * current. Coming back to the page (focus, or it becomes visible) asks the same way. Saves go
 * one at a time, so an answer always describes what this page sent. Returns why the last save
 * failed, or null.
 */
export function useWorkspaceSaver(
  state: TabsState,
  dispatch: Dispatch<TabsAction>,
  saved: Workspace | undefined,
  activeProfileId: string | null,
): string | null {
  const { mutateAsync, data, error } = useSaveWorkspace();
  const snapshot = JSON.stringify(toWorkspace(state));
  const lastSnapshot = useRef(snapshot);
  const activeId = useRef(state.activeId);
  const latest = useRef({ state, activeProfileId });
  const baseline = useRef<Map<string, string> | null>(null);
  baseline.current ??= baselineOf(saved);
  const revision = useRef(saved?.revision ?? 0);
  const writer = useRef<string | null>(null);
  writer.current ??= newId();
  const inFlight = useRef(false);
  const again = useRef(false);

  useEffect(() => {
    latest.current = { state, activeProfileId };
  });

  /** Sends this page's changes (maybe none: then it only learns the host's workspace). */
  const send = useRef((leaving = false) => {
    if (inFlight.current && !leaving) {
      again.current = true;
      return;
    }
    const current = latest.current.state;
    const sent = baseline.current!;
    const changes: WorkspaceChanges = {
      baseRevision: revision.current,
      writer: writer.current!,
      ...workspaceChanges(current, sent),
      activeTabId: current.activeId,
    };
    // From now on the host has what was sent: edits typed while it travels differ from this.
    const next = new Map(sent);
    for (const tab of changes.tabs) next.set(tab.id, draftKey(tab));
    for (const id of changes.closed) next.delete(id);
    baseline.current = next;
    inFlight.current = true;
    const done = () => {
      inFlight.current = false;
      if (!again.current) return;
      again.current = false;
      send.current();
    };
    mutateAsync(changes)
      .then((result) => {
        if (result.ok && (result.value.revision ?? 0) >= revision.current) {
          dispatch({
            type: 'sync',
            workspace: result.value,
            baseline: baseline.current!,
            replacementId: newId(),
            profileId: latest.current.activeProfileId,
          });
          baseline.current = baselineOf(result.value);
          revision.current = result.value.revision ?? 0;
        } else if (!result.ok) {
          forget(changes);
        }
      })
      .catch(() => forget(changes))
      .finally(done);
  });

  /** A save that failed: what it carried counts as unsaved again, so the next save sends it. */
  const forget = (changes: WorkspaceChanges) => {
    const next = new Map(baseline.current!);
    for (const tab of changes.tabs) next.delete(tab.id);
    for (const id of changes.closed) next.set(id, '');
    baseline.current = next;
  };

  useEffect(() => {
    if (snapshot === lastSnapshot.current) return;
    const switched = activeId.current !== state.activeId;
    activeId.current = state.activeId;
    const timer = setTimeout(
      () => {
        lastSnapshot.current = snapshot;
        send.current();
      },
      switched ? 0 : SAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [snapshot, state.activeId]);

  // A workspace file was imported: learn its tabs now (the host merges, as for another page).
  useWorkspaceRefreshRequests(() => send.current());

  // Leaving the page (closing the window, reloading): save what the timer has not saved yet.
  // Coming back to it: learn what other pages changed meanwhile (and save anything pending).
  useEffect(() => {
    const flush = () => {
      if (lastSnapshot.current === JSON.stringify(toWorkspace(latest.current.state))) return;
      lastSnapshot.current = JSON.stringify(toWorkspace(latest.current.state));
      send.current(true);
    };
    const refresh = () => {
      if (document.visibilityState === 'visible') send.current();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);

  if (error) return thrownMessage(error);
  if (data && !data.ok) return data.error.message;
  return null;
}
