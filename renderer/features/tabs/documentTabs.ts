/**
 * Document tabs: a strip of open documents (request drafts, guidelines), the one in front, and
 * the ones closed this session so they can be reopened where they were. The rules every kind of
 * tab shares live here, pure; each kind adds its own document (what a tab holds, how it is named
 * and saved) through a small spec.
 */

/** A closed tab, its place when closed, and what it was called then. */
interface ClosedTab<T> {
  tab: T;
  index: number;
  label: string;
  /** The tab made in its place when it was the last one (kinds that never have an empty strip). */
  replacementKey?: string;
}

/** The tabs in strip order, the key of the one in front (null only when there are none), and the closed ones, newest last. */
export interface DocumentTabs<T> {
  tabs: T[];
  activeKey: string | null;
  closed: ClosedTab<T>[];
}

/** What the shared rules need to know of a kind of tab. */
export interface DocumentTabsSpec<T> {
  /** A tab's identity: opening a tab with the key of an open one brings that one to front. */
  keyOf: (tab: T) => string;
  /** How many closed tabs can be reopened: more than anyone reopens, few enough to never matter. */
  maxClosed: number;
}

/** The shared rules, bound to one kind of tab. */
export function documentTabs<T>({ keyOf, maxClosed }: DocumentTabsSpec<T>) {
  const indexOf = (tabs: readonly T[], key: string | null) => (key === null ? -1 : tabs.findIndex((tab) => keyOf(tab) === key));

  /**
   * `tabs` in place of the state's; the tab in front stays if it is still there, else the tab now
   * at its place takes over (the right neighbour, as in browsers; else the last). None left: the
   * `replacement` when given (kinds that always show a tab), else an empty strip.
   */
  function settle<S extends DocumentTabs<T>>(state: S, tabs: T[], replacement?: T): S {
    if (tabs.length === 0)
      return replacement === undefined
        ? { ...state, tabs, activeKey: null }
        : { ...state, tabs: [replacement], activeKey: keyOf(replacement) };
    if (state.activeKey === null || indexOf(tabs, state.activeKey) >= 0) return { ...state, tabs };
    const at = Math.max(0, Math.min(indexOf(state.tabs, state.activeKey), tabs.length - 1));
    return { ...state, tabs, activeKey: keyOf(tabs[at]!) };
  }

  return {
    /** A fresh state holding `tabs`, with `activeKey` in front when it is one of them, else the first. */
    start(tabs: T[], activeKey: string | null = null): DocumentTabs<T> {
      const active = tabs[Math.max(0, indexOf(tabs, activeKey))];
      return { tabs, activeKey: active === undefined ? null : keyOf(active), closed: [] };
    },

    /** The tab in front, or null. */
    active(state: DocumentTabs<T>): T | null {
      return state.tabs[indexOf(state.tabs, state.activeKey)] ?? null;
    },

    /** Opens `tab` at the end, in front; a tab with its key already open is brought to front instead. */
    open<S extends DocumentTabs<T>>(state: S, tab: T): S {
      const key = keyOf(tab);
      if (indexOf(state.tabs, key) >= 0) return { ...state, activeKey: key };
      return { ...state, tabs: [...state.tabs, tab], activeKey: key };
    },

    activate<S extends DocumentTabs<T>>(state: S, key: string): S {
      return indexOf(state.tabs, key) >= 0 ? { ...state, activeKey: key } : state;
    },

    /** Changes one tab in place (its key stays). */
    update<S extends DocumentTabs<T>>(state: S, key: string, change: (tab: T) => T): S {
      const index = indexOf(state.tabs, key);
      if (index < 0) return state;
      const tab = change(state.tabs[index]!);
      return tab === state.tabs[index] ? state : { ...state, tabs: state.tabs.map((open, at) => (at === index ? tab : open)) };
    },

    /**
     * Puts `next` in the place of the tab `key` (a tab moving to another identity); an open tab
     * that already has `next`'s key goes, and the tab in front stays in front as `next`.
     */
    replace<S extends DocumentTabs<T>>(state: S, key: string, next: T): S {
      const nextKey = keyOf(next);
      if (indexOf(state.tabs, key) < 0) return state;
      const tabs = state.tabs.filter((tab) => keyOf(tab) !== nextKey || nextKey === key).map((tab) => (keyOf(tab) === key ? next : tab));
      const activeKey = state.activeKey === key || state.activeKey === nextKey ? nextKey : state.activeKey;
      return { ...state, tabs, activeKey };
    },

    /**
     * Closes the tab `key`, keeping it (with its place and `label`) so it can be reopened. The tab
     * in front goes: the one taking its place comes to front. The last tab goes: `replacement`,
     * when given, takes its place (and reopening the closed tab takes it back, if still empty).
     */
    close<S extends DocumentTabs<T>>(state: S, key: string, label = '', replacement?: T): S {
      const index = indexOf(state.tabs, key);
      if (index < 0) return state;
      const tabs = state.tabs.filter((_, at) => at !== index);
      const made = tabs.length === 0 ? replacement : undefined;
      const closed: ClosedTab<T> = {
        tab: state.tabs[index]!,
        index,
        label,
        ...(made === undefined ? {} : { replacementKey: keyOf(made) }),
      };
      return { ...settle(state, tabs, replacement), closed: [...state.closed, closed].slice(-maxClosed) };
    },

    /**
     * Brings back the most recently closed tab (or the most recent with `key`), in front, at its
     * place when closed. One with that key still open is just brought to front. The tab made when
     * it was closed as the last one gives way if `givesWay` says it is still untouched.
     */
    reopen<S extends DocumentTabs<T>>(state: S, key?: string, givesWay: (tab: T) => boolean = () => false): S {
      const at = key === undefined ? state.closed.length - 1 : state.closed.findLastIndex((entry) => keyOf(entry.tab) === key);
      const entry = state.closed[at];
      if (!entry) return state;
      const closed = state.closed.filter((_, index) => index !== at);
      const tabKey = keyOf(entry.tab);
      if (indexOf(state.tabs, tabKey) >= 0) return { ...state, closed, activeKey: tabKey };
      const others = state.tabs.filter((open) => !(keyOf(open) === entry.replacementKey && givesWay(open)));
      const place = Math.max(0, Math.min(entry.index, others.length));
      return { ...state, tabs: [...others.slice(0, place), entry.tab, ...others.slice(place)], activeKey: tabKey, closed };
    },

    /**
     * Merges a saved set (what the host keeps, other pages' changes included) into the tabs on
     * screen. `baseline`: what this page last knew the saved set to hold, by key, as `contentOf`
     * strings. A tab still equal to its baseline was not changed here since: it takes the saved
     * version (`take(saved, mine)`), or goes when the saved set no longer has it. A tab changed
     * here, or never saved, stays. Saved tabs new to this page (not open, not in the baseline, so
     * not closed here) are added at the end (`take(saved)`). Returns the same state when nothing
     * changed.
     */
    merge<S extends DocumentTabs<T>>(
      state: S,
      saved: readonly T[],
      baseline: ReadonlyMap<string, string>,
      contentOf: (tab: T) => string,
      take: (saved: T, mine?: T) => T,
      replacement?: T,
    ): S {
      const theirs = new Map(saved.map((tab) => [keyOf(tab), tab]));
      const tabs: T[] = [];
      let changed = false;
      for (const tab of state.tabs) {
        const key = keyOf(tab);
        const content = contentOf(tab);
        const their = theirs.get(key);
        if (baseline.get(key) !== content) tabs.push(tab);
        else if (their === undefined)
          changed = true; // closed in another page, untouched here since
        else if (contentOf(their) === content) tabs.push(tab);
        else {
          tabs.push(take(their, tab));
          changed = true;
        }
      }
      for (const their of saved) {
        const key = keyOf(their);
        if (indexOf(state.tabs, key) >= 0 || baseline.has(key)) continue;
        tabs.push(take(their));
        changed = true;
      }
      return changed ? settle(state, tabs, replacement) : state;
    },
  };
}
