import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import type { ProfilesState, Workspace } from '../../../electron/shared/api';
import { useAgentNames } from '../../lib/targetNames';
import { thrownMessage } from '../../lib/errorKinds';
import { useTabsInFlight } from './queries/invoke';
import { useProfiles } from '../profile/queries/profiles';
import { useWorkspace } from '../workspace/queries/workspace';
import { LazyCatalogDialog } from '../settings/LazyDialogs';
import { useReplay } from '../history/replay';
import { activeTab, fromWorkspace, stripLabel, tabLabels, tabsReducer } from '../workspace/tabsState';
import { useWorkspaceSaver } from '../workspace/useWorkspaceSaver';
import { useSuiteChannel } from '../runs/suiteChannel';
import { useClosedTabToast } from '../tabs/ClosedTabToast';
import { DocumentTabStrip } from '../tabs/DocumentTabStrip';
import { RequestTab } from './RequestTab';
import { submitRequestFromKey } from './shortcut';

const newId = () => crypto.randomUUID();

/**
 * The Agents section: the request tabs, restored from the host. Nothing is shown until the
 * saved tabs have arrived (or failed to), so a restored draft never lands on top of
 * something already typed. When they cannot be restored, work starts in one fresh tab and
 * says so.
 */
export function InvokePanel() {
  const workspace = useWorkspace();
  // The profiles too, at first: each restored tab belongs to one (see fromWorkspace). Once the
  // tabs are on screen they stay, whatever the profiles query does later (a refetch after an
  // error goes back to pending), so nothing typed is ever unmounted.
  const profiles = useProfiles();
  const [started, setStarted] = useState(false);
  const waiting = workspace.isPending || (!started && profiles.isPending);
  if (waiting) return <p className="muted loading-requests">Loading your requests…</p>;
  if (!started) setStarted(true);
  return (
    <RequestWorkspace
      saved={workspace.data}
      profiles={profiles.data}
      loadError={workspace.isError ? thrownMessage(workspace.error) : null}
    />
  );
}

/** Alt+N (Ctrl/Cmd+T belongs to the browser): matched by physical key, since Alt+N types "˜" on a Mac. */
function isNewTabShortcut(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === 'KeyN';
}

/** Alt+Shift+T reopens the last closed tab (Ctrl/Cmd+Shift+T is the browser's own, in browser mode). */
function isReopenShortcut(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.shiftKey && event.code === 'KeyT';
}

function RequestWorkspace({
  saved,
  profiles,
  loadError,
}: {
  saved: Workspace | undefined;
  /** Passed in rather than read here: a second observer mounting after an error would refetch. */
  profiles: ProfilesState | undefined;
  loadError: string | null;
}) {
  const activeProfileId = profiles?.activeProfileId ?? null;
  const [state, dispatch] = useReducer(tabsReducer, saved, (workspace) => fromWorkspace(workspace, newId, activeProfileId));
  const saveError = useWorkspaceSaver(state, dispatch, saved, activeProfileId);
  const agentName = useAgentNames();
  const [catalogFor, setCatalogFor] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const focusAgentOf = useRef<string | null>(null);
  const baseId = useId();
  const tabDomId = (id: string) => `${baseId}-tab-${id}`;
  const panelDomId = (id: string) => `${baseId}-panel-${id}`;
  const inFlight = useTabsInFlight();
  // The request tab an element is in: inside a tab's panel, or on its tab in the strip.
  const panelOf = (element: Element): Element | null => {
    const within = (prefix: string) => element.closest(`[id^="${CSS.escape(`${baseId}-${prefix}-`)}"]`);
    const panel = within('panel');
    if (panel) return panel;
    const tab = within('tab');
    return tab ? document.getElementById(tab.id.replace(`${baseId}-tab-`, `${baseId}-panel-`)) : null;
  };
  const byId = new Map(state.tabs.map((tab) => [tab.id, tab]));
  const spansProfiles = new Set(state.tabs.map((tab) => tab.profileId)).size > 1;
  const labels = tabLabels(state.tabs, agentName);
  // A reopened tab comes back in front, with focus (the Undo button it was reopened from goes away).
  const focusFront = useRef(false);
  const reopen = useCallback((id?: string) => {
    focusFront.current = true;
    dispatch(id === undefined ? { type: 'reopen' } : { type: 'reopen', id });
  }, []);
  useEffect(() => {
    if (!focusFront.current) return;
    focusFront.current = false;
    document.getElementById(tabDomId(state.activeKey ?? ''))?.focus();
  });
  const closedToast = useClosedTabToast((id) => state.closed.some((closed) => closed.tab.id === id), reopen);

  // The Runs section makes a suite from the request tab in front: keep it where Runs reads it.
  const { reportActiveRequest } = useSuiteChannel();
  useEffect(() => {
    const tab = activeTab(state);
    reportActiveRequest(tab ? { ...tab.draft, title: tab.title } : null);
  });

  /** Closes a tab, keeping it (draft and place) so it can be reopened, and says so with Undo. */
  function closeTab(id: string) {
    const label = labels.get(id) ?? 'Request';
    if (state.tabs.some((tab) => tab.id === id)) closedToast.show(id, label);
    dispatch({ type: 'close', id, label, replacementId: newId(), profileId: activeProfileId });
  }

  // Tabs belong to the profile they were made for; switching profiles never moves a tab with a
  // draft in it. Blank tabs follow the active profile (nothing in them was written for a server),
  // and if the profiles could not be read at load, tabs without one take the active profile.
  useEffect(() => {
    if (activeProfileId !== null) dispatch({ type: 'adopt', profileId: activeProfileId });
  }, [activeProfileId, state.tabs.length]);

  function newTab() {
    const id = newId();
    focusAgentOf.current = id;
    dispatch({ type: 'new', id, profileId: activeProfileId });
  }

  // A new tab is for writing a request: its Agent field takes focus once it is on screen.
  useEffect(() => {
    const id = focusAgentOf.current;
    if (!id) return;
    focusAgentOf.current = null;
    container.current?.querySelector<HTMLElement>(`[id="${panelDomId(id)}"] .agent-field input`)?.focus();
  });

  // A request replayed from History opens in a new tab of its own profile (once per press).
  const { pending, taken } = useReplay();
  const lastReplay = useRef<number | null>(null);
  useEffect(() => {
    if (!pending || lastReplay.current === pending.key) return;
    lastReplay.current = pending.key;
    taken(pending.key);
    const { agentId, text, payloadText, profileId } = pending;
    const id = newId();
    // The Replay button went with the History section: focus goes to the new tab's form, not the page.
    focusAgentOf.current = id;
    dispatch({ type: 'open', id, profileId, draft: { agentId, text, payloadText } });
  }, [pending, taken]);

  /** Brings back the most recently closed tab still closed. */
  function reopenLast() {
    if (state.closed.length > 0) reopen();
  }

  const newTabRef = useRef(newTab);
  const reopenRef = useRef(reopenLast);
  useEffect(() => {
    newTabRef.current = newTab;
    reopenRef.current = reopenLast;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Only while the Agents section is the one on screen.
      if (container.current?.closest('[hidden]')) return;
      if (isNewTabShortcut(event)) newTabRef.current();
      else if (isReopenShortcut(event)) reopenRef.current();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={container}
      className="request-workspace"
      onKeyDown={(event) => {
        if (submitRequestFromKey(event, panelOf)) event.preventDefault();
      }}
    >
      <DocumentTabStrip
        label="Requests"
        keys={state.tabs.map((tab) => tab.id)}
        activeKey={state.activeKey}
        labelOf={(id) => stripLabel(byId.get(id)!, labels.get(id) ?? 'Request', inFlight.has(id), profiles, spansProfiles)}
        tabDomId={tabDomId}
        panelDomId={panelDomId}
        onActivate={(id) => dispatch({ type: 'activate', id })}
        onClose={closeTab}
        rename={{
          initial: (id) => byId.get(id)?.title || labels.get(id) || '',
          apply: (id, title) => dispatch({ type: 'rename', id, title }),
        }}
        newButton={{ text: '+ New request', title: 'New request (Alt+N)' }}
        onNew={newTab}
        reopenButton={{ text: 'Reopen closed tab', title: 'Reopen closed tab (Alt+Shift+T)' }}
        onReopen={reopenLast}
        canReopen={state.closed.length > 0}
        saveError={saveError}
        saveErrorPrefix="Drafts are not being saved"
      />
      {loadError && (
        <p className="inline-note" role="status">
          Your saved requests could not be restored ({loadError}). You are starting with a new one.
        </p>
      )}
      {state.tabs.map((tab) => (
        <RequestTab
          key={tab.id}
          tab={tab}
          active={tab.id === state.activeKey}
          tabDomId={tabDomId(tab.id)}
          panelDomId={panelDomId(tab.id)}
          dispatch={dispatch}
          onOpenCatalog={(agentId) => setCatalogFor(agentId)}
        />
      ))}
      {closedToast.toast}
      {catalogFor !== null && <LazyCatalogDialog initialAgentId={catalogFor} onClose={() => setCatalogFor(null)} />}
    </div>
  );
}
