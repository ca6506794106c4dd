import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Result } from '../../shared/api';
import { invalid } from '../../shared/check';
import { MAX_UPLOADED_DATA_BYTES } from '../../shared/runs/runLimits';
import { openDataFile } from './dataFile';
import type { DataSource } from './dataRows';

/**
 * A run's data file as the app's page sends it: in pieces, each written at once to a private file
 * of the host's, which the run then reads row by row as the command line reads its `--data`. No
 * data file is held whole in the host, and none is limited by what one IPC message or one HTTP
 * request may carry: a 1,000,000-row evaluation set runs in the app as in the command line.
 *
 * The page never names a path: it gets an id, the file is the host's. An upload is taken by the
 * run that names it and removed when that run ends (each run sends its data again: a file the
 * page holds cannot change under a run that has it); one never taken is removed when another
 * is sent after it waited unused for IDLE_MS, and at most a few are kept waiting. What an earlier
 * start left is removed when the host starts; what is left at close, then.
 */

/** How long an upload no run has taken is kept after its last piece. */
const IDLE_MS = 10 * 60 * 1000;
/** Uploads kept waiting for a run at once; the one unused the longest goes first. */
const MAX_WAITING = 4;

interface Upload {
  name: string;
  file: string;
  bytes: number;
  lastUsed: number;
  taken: boolean;
  /** The writes of its pieces, one after another, in the order they came. */
  writing: Promise<unknown>;
}

/** A taken upload: the rows to read, and the release that removes the file once the run is done with it. */
export interface TakenData {
  source: DataSource;
  release(): Promise<void>;
}

export interface DataUploads {
  begin(name: string): Promise<Result<{ uploadId: string }>>;
  append(uploadId: string, text: string): Promise<Result<{ bytes: number }>>;
  /** The upload for a run, which from now on owns it; `name` must be the one it began with. */
  take(uploadId: string, name: string): Promise<Result<TakenData>>;
  /** Removes every upload (the host is closing). */
  close(): Promise<void>;
}

export interface DataUploadOptions {
  /** The folder the uploads are written to, this host's alone: removed with what it holds at once, made again when needed. */
  dir: string;
  /** Monotonic ms. */
  now?: () => number;
  maxBytes?: number;
  idleMs?: number;
}

const gone = (uploadId: string) =>
  invalid(`There is no data file "${uploadId.slice(0, 80)}" waiting on the host: it was used by a run or removed. Send it again.`);

export function createDataUploads(options: DataUploadOptions): DataUploads {
  const now = options.now ?? (() => performance.now());
  const maxBytes = options.maxBytes ?? MAX_UPLOADED_DATA_BYTES;
  const idleMs = options.idleMs ?? IDLE_MS;
  const uploads = new Map<string, Upload>();
  // What an earlier start left (a run cut off by a crash) is the person's rows: removed at once,
  // with the folder, which is made again, private, when a file is first sent.
  const cleared = rm(options.dir, { recursive: true, force: true }).catch(() => undefined);
  let ready: Promise<void> | null = null;

  function folder(): Promise<void> {
    ready ??= cleared.then(async () => {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
    });
    return ready;
  }

  async function remove(uploadId: string): Promise<void> {
    const upload = uploads.get(uploadId);
    if (!upload) return;
    uploads.delete(uploadId);
    await upload.writing.catch(() => undefined);
    await unlink(upload.file).catch(() => undefined);
  }

  /** Removes uploads no run took that were unused too long, and the oldest while too many wait. */
  async function sweep(): Promise<void> {
    const waiting = [...uploads.entries()].filter(([, upload]) => !upload.taken).sort(([, a], [, b]) => a.lastUsed - b.lastUsed);
    const stale = waiting.filter(([, upload]) => now() - upload.lastUsed > idleMs).map(([id]) => id);
    const extra = waiting.slice(0, Math.max(0, waiting.length - (MAX_WAITING - 1))).map(([id]) => id);
    await Promise.all([...new Set([...stale, ...extra])].map(remove));
  }

  return {
    async begin(name) {
      try {
        await folder();
        await sweep();
        const uploadId = randomUUID();
        const file = path.join(options.dir, `${uploadId}.data`);
        await writeFile(file, '', { mode: 0o600, flag: 'wx' });
        uploads.set(uploadId, { name, file, bytes: 0, lastUsed: now(), taken: false, writing: Promise.resolve() });
        return { ok: true, value: { uploadId } };
      } catch (error) {
        return { ok: false, error: { code: 'internal', message: `The data file could not be kept for the run: ${messageOf(error)}` } };
      }
    },

    async append(uploadId, text) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.taken) return gone(uploadId);
      const bytes = upload.bytes + Buffer.byteLength(text, 'utf8');
      if (bytes > maxBytes) {
        await remove(uploadId);
        const limit = `${Math.round(maxBytes / 1024 / 1024).toLocaleString('en-US')} MB`;
        return {
          ok: false,
          error: { code: 'too_large', message: `${upload.name} is larger than ${limit}, the largest data file a run reads.` },
        };
      }
      upload.bytes = bytes;
      upload.lastUsed = now();
      const written = upload.writing.then(() => appendFile(upload.file, text, 'utf8'));
      upload.writing = written.catch(() => undefined);
      try {
        await written;
        return { ok: true, value: { bytes } };
      } catch (error) {
        await remove(uploadId);
        return { ok: false, error: { code: 'internal', message: `The data file could not be kept for the run: ${messageOf(error)}` } };
      }
    },

    async take(uploadId, name) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.taken) return gone(uploadId);
      if (upload.name !== name) return invalid(`The data file sent was ${upload.name}, not ${name}.`);
      upload.taken = true;
      await upload.writing;
      const opened = await openDataFile(upload.file, upload.name, true);
      if (!opened.ok) {
        await remove(uploadId);
        return { ok: false, error: { code: 'internal', message: `The data file sent could not be read: ${opened.reason}` } };
      }
      return { ok: true, value: { source: opened.source, release: () => remove(uploadId) } };
    },

    async close() {
      await cleared;
      await Promise.all([...uploads.keys()].map(remove));
    },
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
