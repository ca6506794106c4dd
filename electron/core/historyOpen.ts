import { checkInBackground, isDamageError, openHistoryDatabase, replaceDamaged } from './historyDb';
import { createMemoryHistoryStore } from './historyMemory';
import { createSqliteHistoryStore, type HistoryStore } from './historyStore';
import { createMemoryLibraryStore } from './libraryMemory';
import { createSqliteLibraryStore, type LibraryStore } from './libraryStore';
import { createMemoryChecklistStore } from './checklistMemory';
import { createSqliteChecklistStore, type ChecklistStore } from './checklistStore';
import { createMemoryRunStore } from './runMemory';
import { createSqliteRunStore, type RunStore } from './runStore';

/** Resolves after `ms`, or at once when `signal` aborts; never holds the process open. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** The history of a run, and the background check of its file. */
export interface OpenedHistoryStore extends HistoryStore {
  /** Settles when the background check of the file is done (and any damage it found handled). */
  checked: Promise<void>;
  /**
   * The guideline library (issue 9), in the same database file (one file to keep, move aside
   * or back up), on the same connection, and replaced with it when the file is damaged.
   */
  library: LibraryStore;
  /** The checklists against an answer (issue 9), kept with their entries in the same file. */
  checklists: ChecklistStore;
  /** The runs and their results (issue 10), in the same file. */
  runs: RunStore;
}

/**
 * The history for a run: the SQLite file when there is a data folder, else memory. When the file
 * cannot be used (see historyDb.ts) the reason goes to `onProblem` and the session still keeps
 * its history in memory, so the app always starts.
 *
 * Damage found after the start, by the background page check or by a call that trips on it,
 * is handled like damage found at start, once: the file is moved aside (with whatever this
 * session wrote to it: kept, not lost), a fresh one takes its place, and `onProblem` says so.
 * The call that tripped still fails (the service reports it); the next one uses the new file.
 */
export interface OpenHistoryOptions {
  now?: () => Date;
  /**
   * When the background page check starts. Default 3 s: after the first screen, which it would
   * otherwise compete with for CPU (it reads the whole file: about 0.6 s at 100,000 entries).
   */
  checkDelayMs?: number;
}

/** A memory history with memory checklists that know its entries. */
function withMemoryChecklists(store: Omit<OpenedHistoryStore, 'checklists' | 'runs'>): OpenedHistoryStore {
  return { ...store, checklists: createMemoryChecklistStore(async (id) => (await store.get(id)) !== null), runs: createMemoryRunStore() };
}

export function openHistoryStore(file: string | null, onProblem: (message: string) => void, options: OpenHistoryOptions = {}): OpenedHistoryStore {
  const { now, checkDelayMs = 3000 } = options;
  if (file === null) return withMemoryChecklists({ ...createMemoryHistoryStore(), checked: Promise.resolve(), library: createMemoryLibraryStore() });
  const opened = openHistoryDatabase(file, now);
  if (opened.problem) onProblem(opened.problem);
  if (opened.kind !== 'open') return withMemoryChecklists({ ...createMemoryHistoryStore(), checked: Promise.resolve(), library: createMemoryLibraryStore() });

  let current: HistoryStore = createSqliteHistoryStore(opened.db);
  let currentLibrary: LibraryStore = createSqliteLibraryStore(opened.db);
  let currentChecklists: ChecklistStore = createSqliteChecklistStore(opened.db);
  let currentRuns: RunStore = createSqliteRunStore(opened.db);
  let replaced = false;
  let closed = false;
  const replace = (why: string) => {
    if (replaced || closed) return;
    replaced = true;
    current.close();
    const fresh = replaceDamaged(file, why, now);
    onProblem(fresh.problem ?? `The history was damaged (${why}).`);
    current = fresh.kind === 'open' ? createSqliteHistoryStore(fresh.db) : createMemoryHistoryStore();
    currentLibrary = fresh.kind === 'open' ? createSqliteLibraryStore(fresh.db) : createMemoryLibraryStore();
    currentChecklists = fresh.kind === 'open' ? createSqliteChecklistStore(fresh.db) : createMemoryChecklistStore(async (id) => (await current.get(id)) !== null);
    currentRuns = fresh.kind === 'open' ? createSqliteRunStore(fresh.db) : createMemoryRunStore();
  };
  /** Runs a call on the current store; a damaged file is replaced before the error goes on. */
  const guard = async <T>(call: (store: HistoryStore) => Promise<T>): Promise<T> => {
    try {
      return await call(current);
    } catch (error) {
      if (isDamageError(error)) replace(`SQLite said: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  };
  // A fresh file (just made, or made in place of a damaged one) has nothing to check.
  const stopCheck = new AbortController();
  const checked =
    opened.problem === null
      ? delay(checkDelayMs, stopCheck.signal)
          .then(() => (stopCheck.signal.aborted ? null : checkInBackground(file, stopCheck.signal)))
          .then((damage) => {
            if (damage !== null) replace(damage);
          })
      : Promise.resolve();

  /** The library's calls, on the current store and guarded the same way. */
  const libraryGuard = <T>(call: (store: LibraryStore) => Promise<T>): Promise<T> => guard(() => call(currentLibrary));
  const library: LibraryStore = {
    list: (...args) => libraryGuard((store) => store.list(...args)),
    get: (...args) => libraryGuard((store) => store.get(...args)),
    add: (...args) => libraryGuard((store) => store.add(...args)),
    recordFetch: (...args) => libraryGuard((store) => store.recordFetch(...args)),
    remove: (...args) => libraryGuard((store) => store.remove(...args)),
    pin: (...args) => libraryGuard((store) => store.pin(...args)),
    setLabels: (...args) => libraryGuard((store) => store.setLabels(...args)),
    markRead: (...args) => libraryGuard((store) => store.markRead(...args)),
    search: (...args) => libraryGuard((store) => store.search(...args)),
    versions: (...args) => libraryGuard((store) => store.versions(...args)),
    version: (...args) => libraryGuard((store) => store.version(...args)),
    close: () => undefined, // the history's close closes the shared connection
  };

  const checklistGuard = <T>(call: (store: ChecklistStore) => Promise<T>): Promise<T> => guard(() => call(currentChecklists));
  const checklists: ChecklistStore = {
    list: (...args) => checklistGuard((store) => store.list(...args)),
    save: (...args) => checklistGuard((store) => store.save(...args)),
    entryExists: (...args) => checklistGuard((store) => store.entryExists(...args)),
  };

  const runGuard = <T>(call: (store: RunStore) => Promise<T>): Promise<T> => guard(() => call(currentRuns));
  const runs: RunStore = {
    create: (...args) => runGuard((store) => store.create(...args)),
    addResults: (...args) => runGuard((store) => store.addResults(...args)),
    finish: (...args) => runGuard((store) => store.finish(...args)),
    get: (...args) => runGuard((store) => store.get(...args)),
    list: (...args) => runGuard((store) => store.list(...args)),
    results: (...args) => runGuard((store) => store.results(...args)),
    rows: (...args) => runGuard((store) => store.rows(...args)),
    result: (...args) => runGuard((store) => store.result(...args)),
    details: (...args) => runGuard((store) => store.details(...args)),
    unsent: (...args) => runGuard((store) => store.unsent(...args)),
    delete: (...args) => runGuard((store) => store.delete(...args)),
    interruptRunning: () => runGuard((store) => store.interruptRunning()),
  };

  return {
    checked,
    library,
    checklists,
    runs,
    record: (entry, retention) => guard((store) => store.record(entry, retention)),
    recordMany: (entries) => guard((store) => store.recordMany(entries)),
    list: (query) => guard((store) => store.list(query)),
    get: (id) => guard((store) => store.get(id)),
    search: (query) => guard((store) => store.search(query)),
    delete: (ids) => guard((store) => store.delete(ids)),
    pin: (id, pinned) => guard((store) => store.pin(id, pinned)),
    clear: (options) => guard((store) => store.clear(options)),
    counts: () => guard((store) => store.counts()),
    prune: (retention, now) => guard((store) => store.prune(retention, now)),
    lastForTabs: (tabIds) => guard((store) => store.lastForTabs(tabIds)),
    close() {
      closed = true;
      stopCheck.abort();
      current.close();
    },
  };
}
