import type { DatabaseSync } from 'node:sqlite';
import { checkInBackground, isDamageError, openHistoryDatabase, openInMemory, replaceDamaged } from './database';
import { createSqliteHistoryStore, type HistoryStore } from '../history/historyStore';
import { createSqliteLibraryStore, type LibraryStore } from '../library/libraryStore';
import { createSqliteChecklistStore, type ChecklistStore } from '../checklists/checklistStore';
import { createSqliteRunStore, type RunStore } from '../runs/runStore';

/** Resolves after `ms`, or at once when `signal` aborts; never holds the process open. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The stores of the app's one database, all on one connection. */
interface AppStores {
  /** Every exchange. */
  history: HistoryStore;
  /** Each profile's guideline library and its kept versions. */
  library: LibraryStore;
  /** The checklists against an answer, kept with their history entries. */
  checklists: ChecklistStore;
  /** The runs and their results. */
  runs: RunStore;
}

/**
 * The app's one database: one file to keep, move aside or back up (or memory), holding the
 * history, the library, the checklists and the runs, replaced as a whole when it is damaged.
 */
export interface AppDatabase extends AppStores {
  /** Settles when the background check of the file is done (and any damage it found handled). */
  checked: Promise<void>;
  /** Closes the connection: the last one checkpoints the WAL into the file and removes it. */
  close(): void;
}

export interface OpenDatabaseOptions {
  now?: () => Date;
  /**
   * When the background page check starts. Default 3 s: after the first screen, which it would
   * otherwise compete with for CPU (it reads the whole file).
   */
  checkDelayMs?: number;
}

function storesOn(db: DatabaseSync): AppStores {
  return {
    history: createSqliteHistoryStore(db),
    library: createSqliteLibraryStore(db),
    checklists: createSqliteChecklistStore(db),
    runs: createSqliteRunStore(db),
  };
}

/** The same stores over a database in memory, made by the same migrations; nothing is kept after close. */
export function openMemoryDatabase(): AppDatabase {
  const db = openInMemory();
  return { ...storesOn(db), checked: Promise.resolve(), close: () => db.close() };
}

/** Every method of the store `current()` gives at the time of the call, run through `guard`. */
function guarded<T extends object>(current: () => T, guard: <R>(call: () => Promise<R>) => Promise<R>): T {
  const methods = Object.keys(current()) as Array<keyof T>;
  return Object.fromEntries(
    methods.map((name) => [
      name,
      (...args: unknown[]) => guard(() => (current()[name] as (...args: unknown[]) => Promise<unknown>)(...args)),
    ]),
  ) as T;
}

/**
 * The database for a run: the SQLite file when there is a data folder, else memory. When the
 * file cannot be used (see database.ts) the reason goes to `onProblem` and the session still
 * keeps everything in memory, so the app always starts.
 *
 * Damage found after the start, by the background page check or by a call that trips on it,
 * is handled like damage found at start, once: the file is moved aside (with whatever this
 * session wrote to it: kept, not lost), a fresh one takes its place, and `onProblem` says so.
 * The call that tripped still fails (the service reports it); the next one uses the new file.
 */
export function openAppDatabase(file: string | null, onProblem: (message: string) => void, options: OpenDatabaseOptions = {}): AppDatabase {
  const { now, checkDelayMs = 3000 } = options;
  if (file === null) return openMemoryDatabase();
  const opened = openHistoryDatabase(file, now);
  if (opened.problem) onProblem(opened.problem);
  if (opened.kind !== 'open') return openMemoryDatabase();

  let db = opened.db;
  let current = storesOn(db);
  let replaced = false;
  let closed = false;
  const replace = (why: string) => {
    if (replaced || closed) return;
    replaced = true;
    db.close();
    const fresh = replaceDamaged(file, why, now);
    onProblem(fresh.problem ?? `The history was damaged (${why}).`);
    db = fresh.kind === 'open' ? fresh.db : openInMemory();
    current = storesOn(db);
  };
  /** Runs a call on the current stores; a damaged file is replaced before the error goes on. */
  const guard = async <R>(call: () => Promise<R>): Promise<R> => {
    try {
      return await call();
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

  return {
    checked,
    history: guarded(() => current.history, guard),
    library: guarded(() => current.library, guard),
    checklists: guarded(() => current.checklists, guard),
    runs: guarded(() => current.runs, guard),
    close() {
      closed = true;
      stopCheck.abort();
      if (db.isOpen) db.close();
    },
  };
}
