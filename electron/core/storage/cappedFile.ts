import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';

/**
 * Reading a file the person named (a suite, its data, a client certificate or key), one way for
 * every caller: from one open file handle (no change between the size check and the read), only
 * a regular file (never a FIFO or a device, whose read could hang or never end), and only up to
 * a size cap, said in words a person reads when it is not met.
 */

export type FileRead = { ok: true; text: string } | { ok: false; reason: string; tooLarge: boolean };
export type FileBytesRead = { ok: true; bytes: Buffer } | { ok: false; reason: string; tooLarge: boolean };

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);

type Opened = { ok: true; handle: FileHandle; info: Stats } | { ok: false; reason: string; tooLarge: false };

/**
 * Opens a regular file to read; says why not ("the data file is not a regular file"), `what`
 * naming the file. `noFollow`: refuse a file that is itself a symbolic link (for a path already
 * resolved, so one put in its place since is not followed). The caller closes the handle.
 */
export async function openRegularFile(file: string, what: string, options: { noFollow?: boolean } = {}): Promise<Opened> {
  let handle: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not hang the process (ignored for regular files; absent on Windows).
    const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
    handle = await open(file, flags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { ok: false, reason: `the ${what} is a link`, tooLarge: false };
    return {
      ok: false,
      reason: code === 'ENOENT' ? `the ${what} does not exist` : `the ${what} cannot be read (${code ?? 'error'})`,
      tooLarge: false,
    };
  }
  try {
    const info = await handle.stat();
    if (info.isFile()) return { ok: true, handle, info };
    await handle.close();
    return { ok: false, reason: `the ${what} is not a regular file`, tooLarge: false };
  } catch (error) {
    await handle.close();
    return { ok: false, reason: `the ${what} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, tooLarge: false };
  }
}

/** Reads a regular file's bytes (openRegularFile), at most `limit`. */
export async function readCappedBytes(
  file: string,
  limit: number,
  what: string,
  options: { noFollow?: boolean } = {},
): Promise<FileBytesRead> {
  const opened = await openRegularFile(file, what, options);
  if (!opened.ok) return opened;
  const { handle, info } = opened;
  try {
    if (info.size > limit) return { ok: false, reason: `the ${what} is larger than ${megabytes(limit)}`, tooLarge: true };
    const buffer = Buffer.alloc(info.size);
    let filled = 0;
    while (filled < info.size) {
      const { bytesRead } = await handle.read(buffer, filled, info.size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: buffer.subarray(0, filled) };
  } catch (error) {
    return { ok: false, reason: `the ${what} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, tooLarge: false };
  } finally {
    await handle.close();
  }
}

/** As readCappedBytes, the file read as UTF-8 text (a byte-order mark dropped). */
export async function readCapped(file: string, limit: number, what: string, options: { noFollow?: boolean } = {}): Promise<FileRead> {
  const read = await readCappedBytes(file, limit, what, options);
  return read.ok ? { ok: true, text: read.bytes.toString('utf8').replace(/^\uFEFF/, '') } : read;
}
