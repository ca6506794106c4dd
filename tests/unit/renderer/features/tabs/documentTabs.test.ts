import type { GuidelineTabRef, KnownAgent, Workspace } from '../../../../../electron/shared/api';
import {
  guidelineTabsReducer,
  initialGuidelineTabs,
  type GuidelineTabsView,
} from '../../../../../renderer/features/guidelines/tabs/guidelineTabsState';
import {
  blankTab,
  draftKey,
  fromWorkspace,
  tabLabels,
  tabsReducer,
  toWorkspace,
  type TabsState,
} from '../../../../../renderer/features/workspace/tabsState';

const agent: KnownAgent = { id: 'a1', name: 'Drafter', description: '', placeholders: [], example: { text: 'Ex', payload: { x: 1 } } };

function ids(prefix: string) {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/**
 * Document tabs (renderer/features/tabs/documentTabs.ts): the rules request tabs and guideline
 * tabs share (open, close to a neighbour, reopen in place, merge a saved set), checked through
 * each kind's reducer, with what each kind adds (drafts and profiles; guideline identity).
 */

describe('request tabs', () => {
  it('start with one blank tab on a first run', () => {
    const state = fromWorkspace({ tabs: [], activeTabId: null }, ids('t'));
    expect(state.tabs.map((tab) => tab.id)).toEqual(['t1']);
    expect(state.activeKey).toBe('t1');
  });

  it('restore saved drafts and the active tab, and save only the draft fields', () => {
    const saved: Workspace = {
      tabs: [
        { id: 'a', title: '', agentId: 'a1', text: 'hello', payloadText: '{"x": 1' },
        { id: 'b', title: 'Mine', agentId: '', text: '', payloadText: '{}' },
      ],
      activeTabId: 'b',
    };
    const state = fromWorkspace(saved, ids('t'));
    expect(state.activeKey).toBe('b');
    expect(state.tabs[0]?.draft).toEqual({ agentId: 'a1', text: 'hello', payloadText: '{"x": 1', source: 'user' });
    expect(state.tabs[1]?.draft.source).toBe('empty');
    expect(toWorkspace(state)).toEqual(saved);
  });

  it('keep each tab’s draft apart', () => {
    let state: TabsState = fromWorkspace(undefined, ids('t'));
    state = tabsReducer(state, { type: 'new', id: 'n', profileId: null });
    state = tabsReducer(state, { type: 'draft', id: 'n', action: { type: 'pick', agent } });
    state = tabsReducer(state, { type: 'draft', id: 't1', action: { type: 'text', value: 'first' } });
    expect(state.tabs.map((tab) => [tab.id, tab.draft.agentId, tab.draft.text])).toEqual([
      ['t1', '', 'first'],
      ['n', 'a1', 'Ex'],
    ]);
    expect(state.activeKey).toBe('n');
  });

  it('close to the right-hand neighbour, and never below one tab', () => {
    let state: TabsState = { ...fromWorkspace(undefined, ids('t')) };
    state = tabsReducer(state, { type: 'new', id: 'b', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'c', profileId: null });
    state = tabsReducer(state, { type: 'activate', id: 'b' });
    state = tabsReducer(state, { type: 'close', id: 'b', label: 'L', replacementId: 'x', profileId: null });
    expect([state.tabs.map((tab) => tab.id), state.activeKey]).toEqual([['t1', 'c'], 'c']);
    state = tabsReducer(state, { type: 'close', id: 'c', label: 'L', replacementId: 'x', profileId: null });
    state = tabsReducer(state, { type: 'close', id: 't1', label: 'L', replacementId: 'x', profileId: null });
    expect([state.tabs.map((tab) => tab.id), state.activeKey]).toEqual([['x'], 'x']);
  });

  it('are labelled by title, agent name, id or "New request", numbered when equal', () => {
    let state: TabsState = fromWorkspace(undefined, ids('t'));
    state = tabsReducer(state, { type: 'new', id: 'b', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'c', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'd', profileId: null });
    state = tabsReducer(state, { type: 'draft', id: 'c', action: { type: 'agentId', value: ' a1 ' } });
    state = tabsReducer(state, { type: 'draft', id: 'd', action: { type: 'agentId', value: 'other' } });
    state = tabsReducer(state, { type: 'rename', id: 'b', title: '  Mine ' });
    const labels = tabLabels(state.tabs, (_profile, id) => (id === 'a1' ? 'Drafter' : null));
    expect([...labels.values()]).toEqual(['New request', 'Mine', 'Drafter', 'other']);
    state = tabsReducer(state, { type: 'new', id: 'e', profileId: null });
    expect([...tabLabels(state.tabs, () => null).values()].at(-1)).toBe('New request 2');
  });

  it('belong to a profile: drafts saved without one take the active profile once, new tabs the active one', () => {
    // A workspace.json written before tabs carried a profile still loads.
    const old: Workspace = { tabs: [{ id: 'a', title: '', agentId: 'a1', text: 'hi', payloadText: '{}' }], activeTabId: 'a' };
    let state = fromWorkspace(old, ids('t'));
    expect(state.tabs[0]?.profileId).toBeNull();
    state = tabsReducer(state, { type: 'adopt', profileId: 'prod' });
    expect(state.tabs[0]?.profileId).toBe('prod');
    // Adopting again (another profile became active) changes nothing: the tab stays with its profile.
    expect(tabsReducer(state, { type: 'adopt', profileId: 'sandbox' })).toBe(state);

    state = tabsReducer(state, { type: 'new', id: 'b', profileId: 'sandbox' });
    expect(state.tabs.map((tab) => [tab.id, tab.profileId])).toEqual([
      ['a', 'prod'],
      ['b', 'sandbox'],
    ]);
    // A blank tab follows the active profile; one with a draft stays.
    expect(tabsReducer(state, { type: 'adopt', profileId: 'prod' }).tabs.map((tab) => tab.profileId)).toEqual(['prod', 'prod']);
    state = tabsReducer(state, { type: 'draft', id: 'b', action: { type: 'text', value: 'typed' } });
    expect(tabsReducer(state, { type: 'adopt', profileId: 'prod' })).toBe(state);
    state = tabsReducer(state, { type: 'profile', id: 'a', profileId: 'sandbox' });
    expect(toWorkspace(state).tabs.map((tab) => tab.profileId)).toEqual(['sandbox', 'sandbox']);
    expect(fromWorkspace(toWorkspace(state), ids('t')).tabs.map((tab) => tab.profileId)).toEqual(['sandbox', 'sandbox']);
  });
});

describe('opening a request from History', () => {
  it('adds a tab in front holding the request as the user’s own, for the given profile', () => {
    const start = fromWorkspace(undefined, () => 'a', 'sandbox');
    const state = tabsReducer(start, {
      type: 'open',
      id: 'b',
      profileId: 'prod',
      draft: { agentId: 'agent-1', text: 'hi', payloadText: '{}' },
    });
    expect(state.activeKey).toBe('b');
    expect(state.tabs.map((tab) => tab.id)).toEqual(['a', 'b']);
    expect(state.tabs[1]).toMatchObject({
      profileId: 'prod',
      draft: { agentId: 'agent-1', text: 'hi', payloadText: '{}', source: 'user' },
    });
    // Written for its profile: switching the active profile does not move it.
    expect(tabsReducer(state, { type: 'adopt', profileId: 'sandbox' }).tabs[1]!.profileId).toBe('prod');
  });
});

describe('reopening a closed request tab', () => {
  const saved: Workspace = {
    tabs: [
      { id: 'a', title: 'A', agentId: 'x', text: 'one', payloadText: '{}' },
      { id: 'b', title: 'B', agentId: 'x', text: 'two', payloadText: '{}' },
    ],
    activeTabId: 'a',
  };

  it('puts it back at its place, in front, with its draft', () => {
    const start = fromWorkspace(saved, ids('t'));
    const after = tabsReducer(start, { type: 'close', id: 'a', label: 'A', replacementId: 'r', profileId: null });
    expect(after.closed).toEqual([{ tab: start.tabs[0], index: 0, label: 'A' }]);
    const back = tabsReducer(after, { type: 'reopen' });
    expect(back.tabs.map((tab) => [tab.id, tab.draft.text])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
    ]);
    expect(back.activeKey).toBe('a');
    expect(back.closed).toEqual([]);
  });

  it('brings back the most recently closed ones in turn, or the one Undo names', () => {
    let state = fromWorkspace(saved, ids('t'));
    state = tabsReducer(state, { type: 'new', id: 'c', profileId: null });
    for (const id of ['a', 'b', 'c']) state = tabsReducer(state, { type: 'close', id, label: id, replacementId: 'r', profileId: null });
    expect(state.tabs.map((tab) => tab.id)).toEqual(['r']);
    const undoA = tabsReducer(state, { type: 'reopen', id: 'a' });
    expect([undoA.tabs.map((tab) => tab.id), undoA.activeKey, undoA.closed.map((closed) => closed.tab.id)]).toEqual([
      ['a', 'r'],
      'a',
      ['b', 'c'],
    ]);
    state = tabsReducer(state, { type: 'reopen' });
    state = tabsReducer(state, { type: 'reopen' });
    expect(state.tabs.map((tab) => tab.id)).toEqual(['b', 'c']); // each at its place when closed; the empty one gave way
    state = tabsReducer(state, { type: 'reopen' });
    expect(state.tabs.map((tab) => tab.id)).toEqual(['a', 'b', 'c']);
    expect(tabsReducer(state, { type: 'reopen' })).toBe(state);
  });

  it('takes the place of the empty tab its closing made (not of another blank tab), and only brings to front a tab still open', () => {
    const one = fromWorkspace({ tabs: [saved.tabs[0]!], activeTabId: 'a' }, ids('t'));
    const empty = tabsReducer(one, { type: 'close', id: 'a', label: 'A', replacementId: 'r', profileId: null });
    expect(empty.tabs.map((tab) => tab.id)).toEqual(['r']);
    const back = tabsReducer(empty, { type: 'reopen' });
    expect(back.tabs.map((tab) => tab.id)).toEqual(['a']);
    // Something typed in the empty tab: it stays.
    const typed = tabsReducer(empty, { type: 'draft', id: 'r', action: { type: 'text', value: 'x' } });
    expect(tabsReducer(typed, { type: 'reopen' }).tabs.map((tab) => tab.id)).toEqual(['a', 'r']);
    // A blank tab the person opened is not the one closing made: it stays.
    let two = tabsReducer(one, { type: 'new', id: 'n', profileId: null });
    two = tabsReducer(two, { type: 'close', id: 'a', label: 'A', replacementId: 'r', profileId: null });
    expect(tabsReducer(two, { type: 'reopen' }).tabs.map((tab) => tab.id)).toEqual(['a', 'n']);
    // Still open (brought back another way): only brought to front.
    const open = { ...back, activeKey: 'x', tabs: [...back.tabs, blankTab('x')], closed: empty.closed };
    const again = tabsReducer(open, { type: 'reopen' });
    expect([again.tabs, again.activeKey, again.closed]).toEqual([open.tabs, 'a', []]);
  });

  it('keeps the 25 most recently closed', () => {
    let state = fromWorkspace(undefined, ids('t'));
    for (let n = 0; n < 30; n++)
      state = tabsReducer(state, { type: 'close', id: state.activeKey!, label: '', replacementId: `r${n}`, profileId: null });
    // t1, then r0 to r28 were closed: the oldest five are forgotten.
    expect(state.closed.map((closed) => closed.tab.id)).toEqual(Array.from({ length: 25 }, (_, n) => `r${n + 4}`));
  });
});

describe('request tabs merged with the host’s workspace after a save', () => {
  const draft = (id: string, text: string) => ({ id, title: id.toUpperCase(), agentId: 'x', text, payloadText: '{}', profileId: 'p' });

  it('take what other pages changed in tabs untouched here, keep what is typed here, drop what was closed there, add what was opened there', () => {
    const saved: Workspace = { tabs: [draft('a', 'one'), draft('b', 'two'), draft('c', 'three')], activeTabId: 'c' };
    let state = fromWorkspace(saved, ids('t'));
    state = tabsReducer(state, { type: 'view', id: 'b', view: 'table' });
    const baseline = new Map(saved.tabs.map((tab) => [tab.id, draftKey(tab)]));
    state = tabsReducer(state, { type: 'draft', id: 'a', action: { type: 'text', value: 'mine' } });
    const host: Workspace = {
      tabs: [draft('a', 'theirs'), draft('b', 'edited there'), { ...draft('d', 'new there'), profileId: undefined }],
      activeTabId: 'd',
    };
    const after = tabsReducer(state, { type: 'sync', workspace: host, baseline, replacementId: 'r', profileId: 'active' });
    expect(after.tabs.map((tab) => [tab.id, tab.draft.text, tab.payloadView, tab.profileId])).toEqual([
      ['a', 'mine', 'json', 'p'],
      ['b', 'edited there', 'table', 'p'],
      ['d', 'new there', 'json', 'active'],
    ]);
    // The tab in front was closed there: the one now at its place comes to front.
    expect(after.activeKey).toBe('d');
    // Nothing new: the same state.
    expect(
      tabsReducer(after, {
        type: 'sync',
        workspace: toWorkspace(after),
        baseline: new Map(toWorkspace(after).tabs.map((tab) => [tab.id, draftKey(tab)])),
        replacementId: 'r',
        profileId: null,
      }),
    ).toBe(after);
  });

  it('leave one blank tab when every tab was closed elsewhere', () => {
    const saved: Workspace = { tabs: [draft('a', 'one')], activeTabId: 'a' };
    const state = fromWorkspace(saved, ids('t'));
    const baseline = new Map(saved.tabs.map((tab) => [tab.id, draftKey(tab)]));
    const after = tabsReducer(state, {
      type: 'sync',
      workspace: { tabs: [], activeTabId: null },
      baseline,
      replacementId: 'r',
      profileId: 'p',
    });
    expect([after.tabs, after.activeKey]).toEqual([[blankTab('r', 'p')], 'r']);
  });
});

describe('guideline tabs', () => {
  const g = (guidelineId: string, profileId = 'sandbox'): GuidelineTabRef => ({ profileId, guidelineId });
  const keys = (state: GuidelineTabsView) => state.tabs.map((tab) => `${tab.profileId}/${tab.guidelineId}`);
  const front = (state: GuidelineTabsView) => state.activeKey?.replace('\n', '/') ?? null;
  const apply = (...actions: Parameters<typeof guidelineTabsReducer>[1][]) => actions.reduce(guidelineTabsReducer, initialGuidelineTabs);

  it('open each guideline once: opening one already open brings it to front', () => {
    const state = apply(
      { type: 'open', tab: g('one') },
      { type: 'open', tab: g('two') },
      { type: 'open', tab: g('one') },
      { type: 'open', tab: g('one', 'prod') },
    );
    expect(keys(state)).toEqual(['sandbox/one', 'sandbox/two', 'prod/one']);
    expect(front(guidelineTabsReducer(state, { type: 'open', tab: g('two') }))).toBe('sandbox/two');
    expect(front(guidelineTabsReducer(state, { type: 'activate', tab: g('one') }))).toBe('sandbox/one');
    expect(guidelineTabsReducer(state, { type: 'activate', tab: g('none') })).toBe(state);
  });

  it('close to the right-hand neighbour (else the left one), down to none, and reopen each at its place in turn', () => {
    let state = apply(
      { type: 'open', tab: g('one') },
      { type: 'open', tab: g('two') },
      { type: 'open', tab: g('three') },
      { type: 'activate', tab: g('two') },
    );
    state = guidelineTabsReducer(state, { type: 'close', tab: g('two') });
    expect([keys(state), front(state)]).toEqual([['sandbox/one', 'sandbox/three'], 'sandbox/three']);
    state = guidelineTabsReducer(state, { type: 'close', tab: g('three') });
    expect(front(state)).toBe('sandbox/one');
    state = guidelineTabsReducer(state, { type: 'close', tab: g('one') });
    expect([keys(state), front(state)]).toEqual([[], null]);
    state = guidelineTabsReducer(state, { type: 'reopen' });
    state = guidelineTabsReducer(state, { type: 'reopen' });
    expect([keys(state), front(state)]).toEqual([['sandbox/one', 'sandbox/three'], 'sandbox/three']);
    state = guidelineTabsReducer(state, { type: 'reopen' });
    expect([keys(state), front(state)]).toEqual([['sandbox/one', 'sandbox/two', 'sandbox/three'], 'sandbox/two']);
    expect(guidelineTabsReducer(state, { type: 'reopen' })).toBe(state);
    // Opened again meanwhile: reopening only brings it to front.
    state = apply(
      { type: 'open', tab: g('one') },
      { type: 'open', tab: g('two') },
      { type: 'close', tab: g('one') },
      { type: 'open', tab: g('one') },
      { type: 'activate', tab: g('two') },
    );
    state = guidelineTabsReducer(state, { type: 'reopen' });
    expect([keys(state), front(state), state.closed]).toEqual([['sandbox/two', 'sandbox/one'], 'sandbox/one', []]);
  });

  it('keep the 20 most recently closed', () => {
    let state = initialGuidelineTabs;
    for (let n = 0; n < 25; n++)
      state = guidelineTabsReducer(guidelineTabsReducer(state, { type: 'open', tab: g(`g${n}`) }), { type: 'close', tab: g(`g${n}`) });
    expect(state.closed.map((closed) => closed.tab.guidelineId)).toEqual(Array.from({ length: 20 }, (_, n) => `g${n + 5}`));
  });

  it('restore the kept tabs once, after which come the ones opened before they arrived', () => {
    const beside = { guideline: g('two'), open: true, width: 500 };
    const kept = { tabs: [g('one'), g('two')], active: g('two'), beside };
    const state = apply({ type: 'loaded', saved: kept });
    expect([keys(state), front(state), state.beside, state.loaded, state.restored]).toEqual([
      ['sandbox/one', 'sandbox/two'],
      'sandbox/two',
      beside,
      true,
      kept.tabs,
    ]);
    expect(guidelineTabsReducer(state, { type: 'loaded', saved: { ...kept, tabs: [] } })).toBe(state);
    const early = apply({ type: 'open', tab: g('three') }, { type: 'open', tab: g('one') }, { type: 'loaded', saved: kept });
    expect([keys(early), front(early)]).toEqual([['sandbox/one', 'sandbox/two', 'sandbox/three'], 'sandbox/one']);
    expect(keys(apply({ type: 'loaded', saved: { ...kept, active: null } }))).toEqual(['sandbox/one', 'sandbox/two']);
    expect(front(apply({ type: 'loaded', saved: { ...kept, active: null } }))).toBe('sandbox/one');
    const failed = apply({ type: 'loaded', saved: null });
    expect([failed.tabs, failed.loaded]).toEqual([[], true]);
  });

  it('move a tab read on a profile no longer active to the active one, in its place, in front and beside', () => {
    let state = apply(
      { type: 'open', tab: g('one', 'old') },
      { type: 'open', tab: g('one') },
      { type: 'open', tab: g('two', 'old') },
      { type: 'activate', tab: g('one', 'old') },
    );
    state = guidelineTabsReducer(state, { type: 'beside', beside: { guideline: g('one', 'old'), open: true } });
    state = guidelineTabsReducer(state, { type: 'rehome', tab: g('one', 'old'), profileId: 'sandbox' });
    expect([keys(state), front(state), state.beside.guideline]).toEqual([['sandbox/one', 'old/two'], 'sandbox/one', g('one')]);
    expect(guidelineTabsReducer(state, { type: 'rehome', tab: g('gone', 'old'), profileId: 'sandbox' })).toBe(state);
  });
});
