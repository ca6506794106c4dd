import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { LATEST_VERSION, migrate, NewerDatabaseError } from './migrations';
import { foreignSchema } from './schemaCheck';

/**
 * Opens the history database file, or says plainly why not, without ever crashing the start or
 * losing data silently:
 * - a newer version's database is refused and left exactly as it is (read from the file header,
 *   before SQLite touches it);
 * - a damaged or unreadable one (garbage, truncated, a folder in its place, no permission), or
 *   one holding a table, index, trigger or view the migrations did not make (schemaCheck.ts),
 *   is moved aside with a timestamp, kept for the user, and a fresh database is made;
 * - a busy one (another instance holding a long write) is not damage: nothing is moved.
 *
 * Durability: WAL with synchronous=FULL. Each commit is fsynced to the WAL before `record`
 * returns, so an entry the UI shows as saved survives a crash of the app *and* of the machine
 * (NORMAL survives only the app's crash: the last commits could vanish on power loss). It costs
 * one fsync per entry (`npm run bench` times it), a small price for an entry that survives.
 */

export type OpenedHistory =
  | { kind: 'open'; db: DatabaseSync; problem: string | null }
  /** No database: history is kept in memory for this session; `problem` says why. */
  | { kind: 'unavailable'; problem: string };

/** The 16 bytes every SQLite 3 database file starts with. */
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** How long a write waits for another instance's lock before giving up (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 5000;
/** SQLite result codes meaning "this file is not a usable database" (primary codes). */
const DAMAGE_CODES = new Set([3 /* PERM */, 10 /* IOERR */, 11 /* CORRUPT */, 14 /* CANTOPEN */, 23 /* AUTH */, 26 /* NOTADB */]);

class DamagedError extends Error {}

type Header = 'missing' | 'empty' | { bytes: Buffer; size: number };

/** The file's first 100 bytes, read without SQLite (so a refused file is not touched at all). */
function readHeader(file: string): Header {
  let stat;
  try {
    stat = lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new DamagedError('it cannot be read');
  }
  if (!stat.isFile()) throw new DamagedError(stat.isDirectory() ? 'a folder is in its place' : 'it is not a regular file');
  if (stat.size === 0) return 'empty';
  const bytes = Buffer.alloc(100);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    throw new DamagedError('it cannot be read (no permission)');
  }
  try {
    return { bytes: bytes.subarray(0, readSync(fd, bytes, 0, 100, 0)), size: stat.size };
  } finally {
    closeSync(fd);
  }
}

/** The schema version in a SQLite header (`user_version`), or null when it is not one. */
function versionOf(header: Header): number | null {
  if (typeof header !== 'object' || header.bytes.length < 100 || !header.bytes.subarray(0, 16).equals(MAGIC)) return null;
  return header.bytes.readUInt32BE(60);
}

function isDamage(error: unknown): boolean {
  if (error instanceof DamagedError) return true;
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' && DAMAGE_CODES.has(code & 0xff);
}

function reason(error: unknown): string {
  if (error instanceof DamagedError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return typeof (error as { errcode?: unknown }).errcode === 'number' ? `SQLite said: ${message}` : message;
}

/** Opens, checks and migrates; throws DamagedError, NewerDatabaseError or SQLite's error. */
function openChecked(file: string): DatabaseSync {
  const before = readHeader(file);
  const version = versionOf(before);
  if (version !== null && version > LATEST_VERSION) throw new NewerDatabaseError(version);
  // 'a' creates the file (0600; SQLite gives -wal and -shm the main file's mode) or opens it as
  // it is: another instance may have created it a moment ago.
  if (before === 'missing') closeSync(openSync(file, 'a', 0o600));
  else chmodSync(file, 0o600);
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    // SQLite reads page 1 here, under its lock (so never a page another instance is half-way
    // through writing), and refuses garbage (not a database) and a file shorter than its
    // header says (malformed). Damage deeper in is for the page check (checkInBackground).
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    // Reading every page (quick_check) costs about 1 s at 100,000 entries: too long to hold up
    // every start, so it runs in the background (checkInBackground). Here, only what opening
    // needs: the header (above), the schema (checked, then migrated), and the newest row and its index.
    // The check comes before any statement that writes: a trigger the file brought never runs.
    const foreign = foreignSchema(db);
    if (foreign !== null) throw new DamagedError(foreign);
    migrate(db);
    db.prepare('SELECT id FROM history ORDER BY id DESC LIMIT 1').get();
    db.prepare("SELECT rowid FROM history_text WHERE history_text MATCH 'probe' LIMIT 1").get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const isBusy = (error: unknown) => [5 /* BUSY */, 6 /* LOCKED */].includes(((error as { errcode?: unknown }).errcode as number) & 0xff);

/**
 * openChecked, tried again while another instance holds the lock. SQLite's busy timeout does not
 * cover every step: two instances switching a new file to WAL at once get "database is locked"
 * at once (SQLite will not wait where waiting could deadlock). Busy is never damage.
 */
function openBusyAware(file: string): DatabaseSync {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      return openChecked(file);
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10 + Math.random() * 40); // a short, jittered pause
    }
  }
}

/**
 * The same database in memory, made by the same migrations: for a run without a data folder, a
 * session whose file cannot be used, and tests. What it holds goes when it is closed.
 */
export function openInMemory(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  migrate(db);
  return db;
}

/** Renames the file (and its WAL, which belongs with it) to `<file>.damaged-<time>`. */
function moveAside(file: string, now: Date): string {
  const aside = `${file}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  for (const suffix of ['-wal', '-journal']) {
    try {
      renameSync(`${file}${suffix}`, `${aside}${suffix}`);
    } catch {
      // Usually absent.
    }
  }
  rmSync(`${file}-shm`, { force: true }); // an index of the WAL only, rebuilt from it
  return aside;
}

const SESSION_ONLY = 'History is kept for this session only.';

/** Opens `file` as the history database (see the top of this file for what happens when it cannot). */
export function openHistoryDatabase(file: string, now: () => Date = () => new Date()): OpenedHistory {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  } catch (error) {
    return { kind: 'unavailable', problem: `The history folder could not be made (${reason(error)}). ${SESSION_ONLY}` };
  }
  try {
    return { kind: 'open', db: openBusyAware(file), problem: null };
  } catch (error) {
    if (error instanceof NewerDatabaseError) {
      return { kind: 'unavailable', problem: `The history in ${file} was ${error.message}. It was left untouched. ${SESSION_ONLY}` };
    }
    if (!isDamage(error)) return { kind: 'unavailable', problem: `The history could not be opened (${reason(error)}). ${SESSION_ONLY}` };
    return replaceDamaged(file, reason(error), now);
  }
}

/**
 * Moves a damaged history aside (closed by the caller) and opens a fresh one in its place.
 * Also used when the damage is found later: by the background check, or by a read that trips on it.
 */
export function replaceDamaged(file: string, why: string, now: () => Date = () => new Date()): OpenedHistory {
  let aside: string;
  try {
    aside = moveAside(file, now());
  } catch (moveError) {
    return {
      kind: 'unavailable',
      problem: `The history file could not be used (${why}) and could not be moved aside (${reason(moveError)}). ${SESSION_ONLY}`,
    };
  }
  const kept = `The history file could not be used (${why}): it was moved to ${aside}, and a new, empty history was started.`;
  try {
    return { kind: 'open', db: openBusyAware(file), problem: kept };
  } catch (freshError) {
    return { kind: 'unavailable', problem: `${kept} But the new one could not be opened either (${reason(freshError)}). ${SESSION_ONLY}` };
  }
}

/** True when an error from SQLite means the file is damaged (not busy, not a bug of ours). */
export function isDamageError(error: unknown): boolean {
  return isDamage(error);
}

/**
 * Reads every page of the file (PRAGMA quick_check) on its own read-only connection in a
 * worker thread, so neither the start nor the event loop waits for it. Resolves with what is
 * wrong, or null when the file is sound. WAL lets it read while the app writes.
 * The worker is inline code needing only node:sqlite, so it survives bundling as it is.
 * `signal` stops it (the store is closing); it then resolves with null.
 */
export function checkInBackground(file: string, signal?: AbortSignal): Promise<string | null> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { DatabaseSync } = require('node:sqlite');
    let db;
    try {
      db = new DatabaseSync(workerData, { readOnly: true, timeout: ${BUSY_TIMEOUT_MS} });
      const rows = db.prepare('PRAGMA quick_check').all().map((row) => row.quick_check);
      parentPort.postMessage(rows.length === 1 && rows[0] === 'ok' ? null : 'its pages are damaged (' + rows.slice(0, 3).join('; ') + ')');
    } catch (error) {
      const code = error && typeof error.errcode === 'number' ? error.errcode & 0xff : 0;
      parentPort.postMessage([3, 10, 11, 14, 26].includes(code) ? 'SQLite said: ' + error.message : null);
    } finally {
      if (db) db.close();
    }
  `;
  return new Promise((resolve) => {
    const worker = new Worker(code, { eval: true, workerData: file });
    worker.unref(); // a check still running never keeps the app from quitting
    // Closing the store stops the check: its connection must not outlive the app's.
    signal?.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.once('message', (message: string | null) => resolve(message));
    // A worker that cannot run is no evidence of damage.
    worker.once('error', () => resolve(null));
    worker.once('exit', () => resolve(null));
  });
}
