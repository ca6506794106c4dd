import { open, readFile, unlink } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './privateFiles';

/**
 * One running Agent Explorer per data folder. Two on one folder would each write back their
 * whole in-memory documents, and the last writer would win. (The desktop app has Electron's
 * single-instance lock; this is browser mode's.)
 *
 * The lock is a file created with O_EXCL (atomic: of two starts, exactly one creates it) that
 * says which process holds it and how it was started. A lock whose process is gone (killed,
 * power cut) is stale and taken over.
 */

export const LOCK_FILE_NAME = 'agent-explorer.lock';

/** What the lock file says about its holder. */
interface LockHolder {
  pid: number;
  /** How it was started, e.g. "npm run web". */
  startedWith: string;
  /** ISO time. */
  startedAt: string;
}

export type LockOutcome = { ok: true; file: string; release: () => void } | { ok: false; file: string; holder: LockHolder | null };

/** True when a process with this id exists (ours or another user's). */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) return null;
    return { pid: value.pid, startedWith: String(value.startedWith ?? 'unknown'), startedAt: String(value.startedAt ?? 'unknown') };
  } catch {
    return null;
  }
}

/** Takes the data folder's lock for this process, or says who holds it. */
export async function lockDataDir(
  dir: string,
  startedWith: string,
  isAlive: (pid: number) => boolean = isProcessAlive,
): Promise<LockOutcome> {
  await ensurePrivateDir(dir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const me: LockHolder = { pid: process.pid, startedWith, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(me)}\n`, 'utf8');
      } finally {
        await handle.close();
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
      return { ok: true, file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    // A lock being written this instant reads as empty: treat it as held, never take it over.
    if (holder === null || isAlive(holder.pid)) return { ok: false, file, holder };
    await unlink(file).catch(() => undefined); // stale: its process is gone
  }
  return { ok: false, file, holder: await readHolder(file) };
}

/**
 * How this process was started, for the lock file: "npm run web", "npm start", or "node web.mjs".
 * Never the options: they may hold a key (--sandbox-key).
 */
export function describeLaunch(env: Record<string, string | undefined>, script: string | undefined): string {
  const npmScript = env['npm_lifecycle_event'];
  if (npmScript === 'start') return 'npm start';
  if (npmScript) return `npm run ${npmScript}`;
  return `node ${path.basename(script ?? 'agent-explorer')}`;
}

/** The one plain sentence for a folder in use. */
export function folderInUseMessage(dir: string, outcome: Extract<LockOutcome, { ok: false }>): string {
  const who = outcome.holder
    ? `process ${outcome.holder.pid}, started with "${outcome.holder.startedWith}" at ${outcome.holder.startedAt}`
    : 'a process that is starting';
  return (
    `The data folder ${dir} is in use by another Agent Explorer (${who}). ` +
    `Stop that one first, or give this one its own folder (--data-dir, or AGENT_EXPLORER_DATA_DIR). ` +
    `If no such process is running, delete ${outcome.file}.`
  );
}
