import { useEffect, useRef, type Dispatch } from 'react';
import type { Workspace, WorkspaceChanges } from '../../../electron/shared/api';
import { useSaveWorkspace } from './queries/workspace';
import { useTabsSaver } from '../tabs/useTabsSaver';
import { draftKey, toWorkspace, workspaceChanges, type TabsAction, type TabsState } from './tabsState';
import { useWorkspaceRefreshRequests } from './workspaceRefresh';

/** How long typing must pause before the drafts are saved. */
const SAVE_DELAY_MS = 500;

const newId = () => crypto.randomUUID();

/** What the host has, by tab id (see `draftKey`). */
function baselineOf(workspace: Workspace | undefined): Map<string, string> {
  return new Map((workspace?.tabs ?? []).map((tab) => [tab.id, draftKey(tab)]));
}

/**
 * Saves the request tabs' drafts to the host, with the timing every kind of tab shares
 * (useTabsSaver): half a second after the last change, at once when another tab comes to front
 * or the page is being left.
 *
 * More than one page can share the workspace (browser tabs), so a save sends only what this
 * page changed since it last heard from the host (the "baseline"), with the revision it was
 * based on; the host merges and answers the whole workspace, and tabs not edited here since
 * take the host's version (`sync`), so other pages' tabs appear and the page's picture stays
 * current. Coming back to the page (focus, or it becomes visible) asks the same way. Returns
 * why the last save failed, or null.
 */
export function useWorkspaceSaver(
  state: TabsState,
  dispatch: Dispatch<TabsAction>,
  saved: Workspace | undefined,
  activeProfileId: string | null,
): string | null {
  const mutation = useSaveWorkspace();
  const latestProfile = useRef(activeProfileId);
  const latestState = useRef(state);
  const baseline = useRef<Map<string, string> | null>(null);
  baseline.current ??= baselineOf(saved);
  const revision = useRef(saved?.revision ?? 0);
  const writer = useRef<string | null>(null);
  writer.current ??= newId();

  useEffect(() => {
    latestProfile.current = activeProfileId;
    latestState.current = state;
  });

  /** This page's changes (maybe none: then the save only learns the host's workspace). */
  const take = () => {
    const current = latestState.current;
    const sent = baseline.current!;
    const changes: WorkspaceChanges = {
      baseRevision: revision.current,
      writer: writer.current!,
      ...workspaceChanges(current, sent),
      activeTabId: current.activeKey,
    };
    // From now on the host has what was sent: edits typed while it travels differ from this.
    const next = new Map(sent);
    for (const tab of changes.tabs) next.set(tab.id, draftKey(tab));
    for (const id of changes.closed) next.delete(id);
    baseline.current = next;
    const failed = () => {
      const unsaved = new Map(baseline.current!);
      for (const tab of changes.tabs) unsaved.delete(tab.id);
      for (const id of changes.closed) unsaved.set(id, '');
      baseline.current = unsaved;
    };
    return { changes, failed };
  };

  const { saveNow, error } = useTabsSaver({
    ready: true,
    snapshot: JSON.stringify(toWorkspace(state)),
    activeKey: state.activeKey,
    delayMs: SAVE_DELAY_MS,
    mutation,
    take,
    onSaved: (workspace) => {
      // An answer older than one already applied says nothing new.
      if ((workspace.revision ?? 0) < revision.current) return;
      dispatch({ type: 'sync', workspace, baseline: baseline.current!, replacementId: newId(), profileId: latestProfile.current });
      baseline.current = baselineOf(workspace);
      revision.current = workspace.revision ?? 0;
    },
  });

  // A workspace file was imported: learn its tabs now (the host merges, as for another page).
  useWorkspaceRefreshRequests(saveNow);

  // Coming back to the page: learn what other pages changed meanwhile (and save anything pending).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') saveNow();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [saveNow]);

  return error;
}
