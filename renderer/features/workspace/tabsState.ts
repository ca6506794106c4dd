import type { ProfilesState, TabDraft, Workspace } from '../../../electron/shared/api';
import type { DocumentTabLabel } from '../tabs/DocumentTabStrip';
import { documentTabs, type DocumentTabs } from '../tabs/documentTabs';
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

/** All tabs, in strip order, the one in front (never null: there is always a tab), and the closed ones. */
export type TabsState = DocumentTabs<RequestTab>;

/** How many closed tabs can be reopened. */
const MAX_CLOSED = 25;
const requestTabs = documentTabs<RequestTab>({ keyOf: (tab) => tab.id, maxClosed: MAX_CLOSED });

/** What can happen to the tabs; ids of new tabs come in the action, so the reducer stays pure. */
export type TabsAction =
  | { type: 'new'; id: string; profileId: string | null }
  /** A new tab holding a request written elsewhere (History's Replay), for that request's profile. */
  | { type: 'open'; id: string; profileId: string; draft: Pick<InvokeDraft, 'agentId' | 'text' | 'payloadText'> }
  /** Closes a tab, kept (draft, place and `label`) for reopening; the last one leaves a blank tab `replacementId`. */
  | { type: 'close'; id: string; label: string; replacementId: string; profileId: string | null }
  /**
   * The active profile is this one: tabs with no profile yet take it, and so do blank tabs
   * (nothing typed is written for any server, so an empty tab follows the active profile).
   */
  | { type: 'adopt'; profileId: string }
  /**
   * The most recently closed tab (or the one with `id`) comes back, draft and all, at its place
   * when closed, in front. The empty tab its closing left (it was the last one) goes if still empty.
   */
  | { type: 'reopen'; id?: string }
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
  const saved = (workspace?.tabs ?? [])
    .map(fromTabDraft)
    .map((tab) => (tab.profileId === null ? { ...tab, profileId: activeProfileId } : tab));
  return requestTabs.start(saved.length > 0 ? saved : [blankTab(newId(), activeProfileId)], workspace?.activeTabId ?? null);
}

/** The tab in front. */
export function activeTab(state: TabsState): RequestTab | null {
  return requestTabs.active(state);
}

/** What is saved: the draft fields only, never responses, view state or closed tabs. */
export function toWorkspace(state: TabsState): Workspace {
  return { tabs: state.tabs.map(toTabDraft), activeTabId: state.activeKey };
}

/** A tab's saved draft. */
function toTabDraft({ id, title, draft, profileId }: RequestTab): TabDraft {
  return {
    id,
    title,
    agentId: draft.agentId,
    text: draft.text,
    payloadText: draft.payloadText,
    ...(profileId === null ? {} : { profileId }),
  };
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
  const changed = state.tabs.map(toTabDraft).filter((tab) => baseline.get(tab.id) !== draftKey(tab));
  const closed = [...baseline.keys()].filter((id) => !state.tabs.some((tab) => tab.id === id));
  return { tabs: changed, closed };
}

/** The tabs after an action. There is always at least one tab. */
export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'new':
      return requestTabs.open(state, blankTab(action.id, action.profileId));
    case 'open':
      return requestTabs.open(state, { ...blankTab(action.id, action.profileId), draft: { ...action.draft, source: 'user' } });
    case 'close':
      // There is always one tab: closing the last one leaves a fresh, empty one.
      return requestTabs.close(state, action.id, action.label, blankTab(action.replacementId, action.profileId));
    case 'reopen':
      // The empty tab made when the last one was closed gives its place if nothing was typed in
      // it (a blank tab the person opened themselves stays).
      return requestTabs.reopen(state, action.id, (open) => isUnwritten(open) && open.title === '');
    case 'adopt': {
      const follows = (tab: RequestTab) => tab.profileId !== action.profileId && (tab.profileId === null || isUnwritten(tab));
      if (!state.tabs.some(follows)) return state;
      return { ...state, tabs: state.tabs.map((tab) => (follows(tab) ? { ...tab, profileId: action.profileId } : tab)) };
    }
    case 'profile':
      return requestTabs.update(state, action.id, (tab) => ({ ...tab, profileId: action.profileId }));
    case 'activate':
      return requestTabs.activate(state, action.id);
    case 'rename':
      return requestTabs.update(state, action.id, (tab) => ({ ...tab, title: action.title.trim() }));
    case 'view':
      return requestTabs.update(state, action.id, (tab) => ({ ...tab, payloadView: action.view }));
    case 'draft':
      return requestTabs.update(state, action.id, (tab) => {
        const draft = draftReducer(tab.draft, action.action);
        return draft === tab.draft ? tab : { ...tab, draft };
      });
    case 'sync':
      // Tabs edited elsewhere keep how this page shows their payload, and their profile when the
      // host has none; tabs opened elsewhere without one take the active profile.
      return requestTabs.merge(
        state,
        action.workspace.tabs.map(fromTabDraft),
        action.baseline,
        (tab) => draftKey(toTabDraft(tab)),
        (saved, mine) => ({
          ...saved,
          payloadView: mine?.payloadView ?? saved.payloadView,
          profileId: saved.profileId ?? (mine ? mine.profileId : action.profileId),
        }),
        blankTab(action.replacementId, action.profileId),
      );
  }
}

/** Nothing typed at all, not even an agent id: such a tab is not yet written for any server. */
function isUnwritten(tab: RequestTab): boolean {
  return tab.draft.agentId.trim() === '' && isBlank(tab.draft);
}

/**
 * What each tab is called: its own title, else the agent's name in the tab's profile, else the agent id, else
 * "New request". Equal labels get a number ("New request 2"), so every tab has a name a
 * person (and a screen reader) can tell apart.
 */
export function tabLabels(
  tabs: readonly RequestTab[],
  agentName: (profileId: string | null, agentId: string) => string | null,
): Map<string, string> {
  const labels = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const tab of tabs) {
    const id = tab.draft.agentId.trim();
    const base = tab.title || (id && agentName(tab.profileId, id)) || id || 'New request';
    const count = (counts.get(base) ?? 0) + 1;
    counts.set(base, count);
    labels.set(tab.id, count === 1 ? base : `${base} ${count}`);
  }
  return labels;
}

/**
 * What a tab shows in the strip: its label, and the profile it belongs to once the tabs span
 * more than one; a tab whose profile is not the active one always shows it (marked), since
 * sending it asks first. `busy`: its request is in flight (marked, so one sent in a background
 * tab is not forgotten).
 */
export function stripLabel(
  tab: RequestTab,
  name: string,
  busy: boolean,
  profiles: ProfilesState | undefined,
  spansProfiles: boolean,
): DocumentTabLabel {
  const profile = profiles && tab.profileId !== null ? profiles.profiles.find((candidate) => candidate.id === tab.profileId) : undefined;
  const elsewhere = tab.profileId !== profiles?.activeProfileId;
  const shown = profiles && tab.profileId !== null && (spansProfiles || elsewhere) ? (profile?.name ?? 'a deleted profile') : null;
  const description = shown && (elsewhere ? `For profile ${shown}, not the active profile` : `For profile ${shown}`);
  return {
    name,
    title: `${name}${description ? ` — ${description}` : ''}${busy ? ', waiting for the agent' : ''}`,
    tag: shown === null ? null : { text: shown, marked: elsewhere },
    description,
    busy,
  };
}
