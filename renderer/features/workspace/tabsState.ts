import type { TabDraft, Workspace } from '../../../electron/shared/contract';
import { draftReducer, initialDraft, isBlank, type DraftAction, type InvokeDraft } from '../invoke/draft';

/**
 * The request tabs of the Agents section: each tab's draft, how its payload is shown, and
 * which tab is in front. Responses are not here: each tab keeps its own in its request
 * mutation, and they are never saved (only drafts cross restarts, see `toWorkspace`).
 */

/** How a tab shows its payload. */
export type PayloadView = 'json' | 'table';

/** One request tab: its draft and how it shows the payload. */
export interface RequestTab {
  id: string;
  /** The user's name for the tab; empty means "name it after the agent". */
  title: string;
  draft: InvokeDraft;
  payloadView: PayloadView;
  /**
   * The profile the tab was made for: its request goes to that profile's server, and sending
   * it while another profile is active asks first. Null only until the profiles are known
   * (a first run, or drafts saved before tabs carried a profile): then it takes the active one.
   */
  profileId: string | null;
}

/** All tabs, in strip order, and the one in front. */
export interface TabsState {
  tabs: RequestTab[];
  activeId: string;
}

/** What can happen to the tabs; ids of new tabs come in the action, so the reducer stays pure. */
export type TabsAction =
  | { type: 'new'; id: string; profileId: string | null }
  /** A new tab holding a request written elsewhere (History's Replay), for that request's profile. */
  | { type: 'open'; id: string; profileId: string; draft: Pick<InvokeDraft, 'agentId' | 'text' | 'payloadText'> }
  | { type: 'close'; id: string; replacementId: string; profileId: string | null }
  /**
   * The active profile is this one: tabs with no profile yet take it, and so do blank tabs
   * (nothing typed is written for any server, so an empty tab follows the active profile).
   */
  | { type: 'adopt'; profileId: string }
  /**
   * A closed tab comes back, draft and all, at `index` (its place when closed), in front.
   * `replaces`: the empty tab its closing left (it was the last one), dropped if still empty.
   */
  | { type: 'reopen'; tab: RequestTab; index: number; replaces?: string }
  /** The tab now belongs to this profile (the person chose to send it there). */
  | { type: 'profile'; id: string; profileId: string }
  | { type: 'activate'; id: string }
  | { type: 'rename'; id: string; title: string }
  | { type: 'view'; id: string; view: PayloadView }
  | { type: 'draft'; id: string; action: DraftAction }
  /**
   * The host's workspace after a save (other pages' changes merged in). `baseline` is what this
   * page last knew the host to have, by tab id (`draftKey`): a tab still equal to it was not
   * edited here since, so it takes the host's version (or goes, if another page closed it); a
   * tab edited here is left alone (it is saved next). Tabs new to this page are added.
   */
  | { type: 'sync'; workspace: Workspace; baseline: ReadonlyMap<string, string>; replacementId: string; profileId: string | null };

/** A new, empty tab for a profile. */
export function blankTab(id: string, profileId: string | null = null): RequestTab {
  return { id, title: '', draft: initialDraft, payloadView: 'json', profileId };
}

/** A tab from its saved draft. What was typed counts as the user's own (`source: 'user'`) unless it is blank. */
function fromTabDraft(saved: TabDraft): RequestTab {
  const draft: InvokeDraft = { agentId: saved.agentId, text: saved.text, payloadText: saved.payloadText, source: 'user' };
  return {
    id: saved.id,
    title: saved.title,
    draft: isBlank(draft) ? { ...draft, source: 'empty' } : draft,
    payloadView: 'json',
    profileId: saved.profileId ?? null,
  };
}

/**
 * The tabs as they were saved; a first run (no tabs) starts with one blank tab. Tabs saved
 * without a profile (before tabs carried one) take `activeProfileId`, the profile they would
 * have been sent to; null when the profiles are not known yet (then `adopt` does it later).
 */
export function fromWorkspace(workspace: Workspace | undefined, newId: () => string, activeProfileId: string | null = null): TabsState {
  const tabs = (workspace?.tabs ?? []).map(fromTabDraft).map((tab) => (tab.profileId === null ? { ...tab, profileId: activeProfileId } : tab));
  if (tabs.length === 0) {
    const tab = blankTab(newId(), activeProfileId);
    return { tabs: [tab], activeId: tab.id };
  }
  const active = tabs.find((tab) => tab.id === workspace?.activeTabId) ?? tabs[0]!;
  return { tabs, activeId: active.id };
}

/** What is saved: the draft fields only, never responses or view state. */
export function toWorkspace(state: TabsState): Workspace {
  return { tabs: state.tabs.map(toTabDraft), activeTabId: state.activeId };
}

/** A tab's saved draft. */
export function toTabDraft({ id, title, draft, profileId }: RequestTab): TabDraft {
  return { id, title, agentId: draft.agentId, text: draft.text, payloadText: draft.payloadText, ...(profileId === null ? {} : { profileId }) };
}

/** A saved draft as one comparable string (field order fixed, whatever order it came in). */
export function draftKey(tab: TabDraft): string {
  return JSON.stringify([tab.id, tab.title, tab.agentId, tab.text, tab.payloadText, tab.profileId ?? null]);
}

/**
 * This page's changes since `baseline` (what it last knew the host to have, by tab id): tabs
 * added or changed, and tabs closed. What the host merges (see WorkspaceChanges).
 */
export function workspaceChanges(state: TabsState, baseline: ReadonlyMap<string, string>): { tabs: TabDraft[]; closed: string[] } {
  const tabs = state.tabs.map(toTabDraft).filter((tab) => baseline.get(tab.id) !== draftKey(tab));
  const closed = [...baseline.keys()].filter((id) => !state.tabs.some((tab) => tab.id === id));
  return { tabs, closed };
}

function syncTabs(state: TabsState, action: Extract<TabsAction, { type: 'sync' }>): TabsState {
  const theirs = new Map(action.workspace.tabs.map((tab) => [tab.id, tab]));
  const tabs: RequestTab[] = [];
  let changed = false;
  for (const tab of state.tabs) {
    const saved = theirs.get(tab.id);
    const key = draftKey(toTabDraft(tab));
    // Edited here since the last save, or never saved: this page's draft stays.
    if (action.baseline.get(tab.id) !== key) tabs.push(tab);
    else if (saved === undefined) changed = true; // closed in another page, nothing typed here since
    else if (draftKey(saved) === key) tabs.push(tab);
    else {
      tabs.push({ ...fromTabDraft(saved), payloadView: tab.payloadView, profileId: saved.profileId ?? tab.profileId });
      changed = true;
    }
  }
  // Tabs opened in another page (a tab this page knew and closed is not brought back).
  for (const saved of action.workspace.tabs) {
    if (state.tabs.some((tab) => tab.id === saved.id) || action.baseline.has(saved.id)) continue;
    tabs.push({ ...fromTabDraft(saved), profileId: saved.profileId ?? action.profileId });
    changed = true;
  }
  if (!changed) return state;
  if (tabs.length === 0) {
    const tab = blankTab(action.replacementId, action.profileId);
    return { tabs: [tab], activeId: tab.id };
  }
  if (tabs.some((tab) => tab.id === state.activeId)) return { tabs, activeId: state.activeId };
  // The tab in front was closed elsewhere: its neighbour takes its place, as when closed here.
  const index = Math.min(state.tabs.findIndex((tab) => tab.id === state.activeId), tabs.length - 1);
  return { tabs, activeId: tabs[Math.max(index, 0)]!.id };
}

/** The tabs after an action. There is always at least one tab. */
export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'new':
      return { tabs: [...state.tabs, blankTab(action.id, action.profileId)], activeId: action.id };
    case 'open':
      return { tabs: [...state.tabs, { ...blankTab(action.id, action.profileId), draft: { ...action.draft, source: 'user' } }], activeId: action.id };
    case 'close': {
      const index = state.tabs.findIndex((tab) => tab.id === action.id);
      if (index < 0) return state;
      const tabs = state.tabs.filter((tab) => tab.id !== action.id);
      // There is always one tab: closing the last one leaves a fresh, empty one.
      if (tabs.length === 0) {
        const tab = blankTab(action.replacementId, action.profileId);
        return { tabs: [tab], activeId: tab.id };
      }
      // The neighbour to the right takes the closed tab's place, as in browsers; else the one to the left.
      const activeId = state.activeId === action.id ? (tabs[index] ?? tabs[index - 1])!.id : state.activeId;
      return { tabs, activeId };
    }
    case 'reopen':
      return reopenTab(state, action.tab, action.index, action.replaces);
    case 'adopt': {
      const follows = (tab: RequestTab) => tab.profileId !== action.profileId && (tab.profileId === null || isUnwritten(tab));
      if (!state.tabs.some(follows)) return state;
      return { ...state, tabs: state.tabs.map((tab) => (follows(tab) ? { ...tab, profileId: action.profileId } : tab)) };
    }
    case 'profile':
      return mapTab(state, action.id, (tab) => ({ ...tab, profileId: action.profileId }));
    case 'activate':
      return state.tabs.some((tab) => tab.id === action.id) ? { ...state, activeId: action.id } : state;
    case 'rename':
      return mapTab(state, action.id, (tab) => ({ ...tab, title: action.title.trim() }));
    case 'view':
      return mapTab(state, action.id, (tab) => ({ ...tab, payloadView: action.view }));
    case 'draft':
      return mapTab(state, action.id, (tab) => {
        const draft = draftReducer(tab.draft, action.action);
        return draft === tab.draft ? tab : { ...tab, draft };
      });
    case 'sync':
      return syncTabs(state, action);
  }
}

/**
 * Puts a closed tab back where it was. A tab with that id still open is just brought to front;
 * the empty tab made when the last one was closed gives its place if nothing was typed in it
 * (a blank tab the person opened themselves stays).
 */
function reopenTab(state: TabsState, tab: RequestTab, index: number, replaces: string | undefined): TabsState {
  if (state.tabs.some((open) => open.id === tab.id)) return { ...state, activeId: tab.id };
  const drop = (open: RequestTab) => open.id === replaces && isUnwritten(open) && open.title === '';
  const others = state.tabs.filter((open) => !drop(open));
  const at = Math.max(0, Math.min(index, others.length));
  return { tabs: [...others.slice(0, at), tab, ...others.slice(at)], activeId: tab.id };
}

/** Nothing typed at all, not even an agent id: such a tab is not yet written for any server. */
function isUnwritten(tab: RequestTab): boolean {
  return tab.draft.agentId.trim() === '' && isBlank(tab.draft);
}

function mapTab(state: TabsState, id: string, change: (tab: RequestTab) => RequestTab): TabsState {
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === id ? change(tab) : tab)) };
}

/**
 * What each tab is called: its own title, else the agent's name, else the agent id, else
 * "New request". Equal labels get a number ("New request 2"), so every tab has a name a
 * person (and a screen reader) can tell apart.
 */
export function tabLabels(tabs: readonly RequestTab[], agentName: (agentId: string) => string | null): Map<string, string> {
  const labels = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const tab of tabs) {
    const id = tab.draft.agentId.trim();
    const base = tab.title || (id && agentName(id)) || id || 'New request';
    const count = (counts.get(base) ?? 0) + 1;
    counts.set(base, count);
    labels.set(tab.id, count === 1 ? base : `${base} ${count}`);
  }
  return labels;
}
