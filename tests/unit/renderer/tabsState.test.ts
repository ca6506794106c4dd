import type { KnownAgent, Workspace } from '../../../electron/shared/contract';
import { fromWorkspace, tabLabels, tabsReducer, toWorkspace, type TabsState } from '../../../renderer/features/workspace/tabsState';

const agent: KnownAgent = { id: 'a1', name: 'Drafter', description: '', placeholders: [], example: { text: 'Ex', payload: { x: 1 } } };

function ids(prefix: string) {
  let n = 0;
  return () => `${prefix}${++n}`;
}

describe('request tabs', () => {
  it('start with one blank tab on a first run', () => {
    const state = fromWorkspace({ tabs: [], activeTabId: null }, ids('t'));
    expect(state.tabs.map((tab) => tab.id)).toEqual(['t1']);
    expect(state.activeId).toBe('t1');
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
    expect(state.activeId).toBe('b');
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
    expect(state.activeId).toBe('n');
  });

  it('close to the right-hand neighbour, and never below one tab', () => {
    let state: TabsState = { ...fromWorkspace(undefined, ids('t')) };
    state = tabsReducer(state, { type: 'new', id: 'b', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'c', profileId: null });
    state = tabsReducer(state, { type: 'activate', id: 'b' });
    state = tabsReducer(state, { type: 'close', id: 'b', replacementId: 'x', profileId: null });
    expect([state.tabs.map((tab) => tab.id), state.activeId]).toEqual([['t1', 'c'], 'c']);
    state = tabsReducer(state, { type: 'close', id: 'c', replacementId: 'x', profileId: null });
    state = tabsReducer(state, { type: 'close', id: 't1', replacementId: 'x', profileId: null });
    expect([state.tabs.map((tab) => tab.id), state.activeId]).toEqual([['x'], 'x']);
  });

  it('are labelled by title, agent name, id or "New request", numbered when equal', () => {
    let state: TabsState = fromWorkspace(undefined, ids('t'));
    state = tabsReducer(state, { type: 'new', id: 'b', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'c', profileId: null });
    state = tabsReducer(state, { type: 'new', id: 'd', profileId: null });
    state = tabsReducer(state, { type: 'draft', id: 'c', action: { type: 'agentId', value: ' a1 ' } });
    state = tabsReducer(state, { type: 'draft', id: 'd', action: { type: 'agentId', value: 'other' } });
    state = tabsReducer(state, { type: 'rename', id: 'b', title: '  Mine ' });
    const labels = tabLabels(state.tabs, (id) => (id === 'a1' ? 'Drafter' : null));
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
    const state = tabsReducer(start, { type: 'open', id: 'b', profileId: 'prod', draft: { agentId: 'agent-1', text: 'hi', payloadText: '{}' } });
    expect(state.activeId).toBe('b');
    expect(state.tabs.map((tab) => tab.id)).toEqual(['a', 'b']);
    expect(state.tabs[1]).toMatchObject({ profileId: 'prod', draft: { agentId: 'agent-1', text: 'hi', payloadText: '{}', source: 'user' } });
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
    const closed = start.tabs[0]!;
    const after = tabsReducer(start, { type: 'close', id: 'a', replacementId: 'r', profileId: null });
    const back = tabsReducer(after, { type: 'reopen', tab: closed, index: 0 });
    expect(back.tabs.map((tab) => [tab.id, tab.draft.text])).toEqual([['a', 'one'], ['b', 'two']]);
    expect(back.activeId).toBe('a');
  });

  it('takes the place of the empty tab its closing made (not of another blank tab), and only brings to front a tab still open', () => {
    const one = fromWorkspace({ tabs: [saved.tabs[0]!], activeTabId: 'a' }, ids('t'));
    const closed = one.tabs[0]!;
    const empty = tabsReducer(one, { type: 'close', id: 'a', replacementId: 'r', profileId: null });
    expect(empty.tabs.map((tab) => tab.id)).toEqual(['r']);
    const back = tabsReducer(empty, { type: 'reopen', tab: closed, index: 0, replaces: 'r' });
    expect(back.tabs.map((tab) => tab.id)).toEqual(['a']);
    // A blank tab the person opened is not the one closing made: it stays.
    expect(tabsReducer(empty, { type: 'reopen', tab: closed, index: 0 }).tabs.map((tab) => tab.id)).toEqual(['a', 'r']);
    const again = tabsReducer(back, { type: 'reopen', tab: closed, index: 3 });
    expect(again.tabs).toBe(back.tabs);
  });
});
