import { constants } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * The one way the app and the command line write a file (reports, saved exports, the app's own
 * documents): a new temporary file beside the target, created exclusively (O_CREAT|O_EXCL, and
 * O_NOFOLLOW where the system has it) and owner-only, filled, flushed to disk, then renamed over
 * the target.
 *
 * - A symlink at the target's name is replaced by the new file, never written through: a
 *   repository carrying `report.xml -> ~/.ssh/authorized_keys` gets a new report.xml, and the
 *   keys file is untouched. (rename replaces the directory entry; it does not follow links.)
 * - The result is 0600 whatever the old file's mode was (a report may hold what a server said),
 *   unless the caller asks for a shared file: then 0644, less what the umask takes away, as any
 *   tool's new file (the command line's reports, unless the person marks the run --private).
 * - A crash or a failure mid-write leaves the old file as it was, never half a file; the
 *   temporary file is removed on failure, and one a killed process left is recognised by the
 *   start-up clean-up (TEMPORARY_NAME, temporaryFiles.ts).
 * - Text given as pieces (an iterable, sync or async) is written about 64 KB at a time as the
 *   pieces come: a large report is never held whole.
 *
 * The folder must exist: the place is the caller's choice (privateFiles.ts makes its own).
 */

/** The temporary files this module makes: `<name>.<12 hex digits>.tmp`. */
export const TEMPORARY_NAME = /\.[0-9a-f]{12}\.tmp$/;

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
const CHUNK_CHARS = 65_536;
// Long enough to recognise; short enough that the suffix still fits a 255-byte file name.
const KEPT_NAME_CHARS = 120;

function temporaryFor(file: string): string {
  // node:crypto is loaded on the first write, not at start: the command line's start never needs it.
  const random = process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex');
  return path.join(path.dirname(file), `${path.basename(file).slice(0, KEPT_NAME_CHARS)}.${random}.tmp`);
}

/**
 * A new owner-only scratch file beside `file`, open for reading and writing, named as this
 * module's temporary files are (so a killed process's leftovers are recognised the same way): a
 * report written while a run goes keeps its results there until the totals that come first are
 * known. The caller closes and removes it.
 */
export async function createScratchFile(file: string): Promise<{ path: string; handle: FileHandle }> {
  const scratch = temporaryFor(file);
  const handle = await open(scratch, (CREATE_NEW & ~constants.O_WRONLY) | constants.O_RDWR, 0o600);
  try {
    await handle.chmod(0o600);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(scratch).catch(() => undefined);
    throw error;
  }
  return { path: scratch, handle };
}

/** Text, or pieces of text and of bytes already encoded as UTF-8, in order. */
export type FileContent = string | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * `content` in pieces of about CHUNK_CHARS: small pieces of text gathered, bytes passed as they
 * are (after the text before them). What a file or a response is written with: a few large
 * writes rather than one per little piece, and never the whole.
 */
export async function* inChunks(content: FileContent): AsyncGenerator<string | Uint8Array> {
  let chunk = '';
  for await (const piece of typeof content === 'string' ? [content] : content) {
    if (typeof piece !== 'string') {
      if (chunk !== '') yield chunk;
      chunk = '';
      yield piece;
      continue;
    }
    chunk += piece;
    if (chunk.length < CHUNK_CHARS) continue;
    yield chunk;
    chunk = '';
  }
  if (chunk !== '') yield chunk;
}

/** Who may read the file written: its owner only (the default), or anyone the umask allows. */
export type FileAccess = 'owner' | 'shared';

/** Writes `content` to `file` as described above; throws the system's error (with its code) when it cannot. */
export async function writeFileSafely(file: string, content: FileContent, access: FileAccess = 'owner'): Promise<void> {
  const temporary = temporaryFor(file);
  const handle = await open(temporary, CREATE_NEW, access === 'owner' ? 0o600 : 0o644);
  let closed = false;
  try {
    // The mode given to open is reduced by the umask: an owner-only file is made exactly owner
    // read and write whatever the umask; a shared one keeps what the umask leaves.
    if (access === 'owner') await handle.chmod(0o600);
    // writeFile goes on from the current position and loops until all of it is written.
    for await (const chunk of inChunks(content)) await handle.writeFile(chunk, 'utf8');
    await handle.sync();
    closed = true;
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
