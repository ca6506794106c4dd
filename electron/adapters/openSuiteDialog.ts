import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { BaseWindow, Dialog } from 'electron';
import type { Api, Result } from '../shared/contract';
import type { OpenedSuiteFile, RunDataFile } from '../shared/runsContract';

/**
 * Opening a suite file in the desktop app (issue 10): the system's open dialog, attached to the
 * window, for one `.json` file; then the data file the suite names, read from beside it.
 *
 * The person chose the suite, but not what it says: suites are shared through git, so its
 * `data` is untrusted text. A data path is therefore read only when it stays inside the suite's
 * folder (beside it, or in a folder under it), checked on the real paths after symbolic links
 * are followed (a repository can carry a link named `rows.csv` that points at ~/.ssh); it must
 * name a `.csv` or `.jsonl` regular file, as the runner reads only those. Anything else is not
 * read: `dataProblem` says why and the page asks the person to pick the file, which is then
 * their own choice. (The command line resolves `data` anywhere, as a shell user names files
 * anywhere; the app's text goes into a renderer that shows untrusted server content, so it
 * reads less.) Both files are read whole up to a size cap, from one open file handle (no
 * change between the size check and the read), and never follow a FIFO or device.
 */

/** The largest suite file read (a suite is cases, not data: 5 MB is far beyond any real one). */
export const MAX_SUITE_BYTES = 5 * 1024 * 1024;
/** The largest data file read: the browser-mode host's request limit, so a file that works in one mode works in both. */
export const MAX_DATA_BYTES = 16 * 1024 * 1024;

type Read = { ok: true; text: string } | { ok: false; reason: string; tooLarge: boolean };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Reads a regular file as UTF-8, at most `limit` bytes; says why not in words a person reads. */
async function readCapped(file: string, limit: number, what: string): Promise<Read> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO must not hang the main process (ignored for regular files; absent on Windows).
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? `the ${what} does not exist` : `the ${what} cannot be read (${code ?? 'error'})`, tooLarge: false };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: `the ${what} is not a regular file`, tooLarge: false };
    if (info.size > limit) return { ok: false, reason: `the ${what} is larger than ${megabytes(limit)}`, tooLarge: true };
    const buffer = Buffer.alloc(info.size);
    let filled = 0;
    while (filled < info.size) {
      const { bytesRead } = await handle.read(buffer, filled, info.size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, text: buffer.subarray(0, filled).toString('utf8').replace(/^\uFEFF/, '') };
  } catch (error) {
    return { ok: false, reason: `the ${what} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, tooLarge: false };
  } finally {
    await handle.close();
  }
}

/** The `data` a suite text names, or null (not JSON, no `data`, not a string: startRun reports those). */
function namedData(text: string): string | null {
  try {
    const suite = JSON.parse(text) as unknown;
    if (typeof suite !== 'object' || suite === null || Array.isArray(suite)) return null;
    const data = (suite as { data?: unknown }).data;
    return typeof data === 'string' ? data : null;
  } catch {
    return null;
  }
}

/** Reads the data file `name` relative to the suite's folder, only inside it. */
export async function readDataBeside(suiteFile: string, name: string): Promise<{ data: RunDataFile | null; dataProblem: string | null }> {
  const refuse = (reason: string) => ({ data: null, dataProblem: `The data file "${name}" was not read: ${reason}. Choose it yourself.` });
  if (!/\.(csv|jsonl)$/i.test(name)) return refuse('a data file must be .csv or .jsonl');
  if (path.isAbsolute(name) || path.win32.isAbsolute(name)) return refuse('it is not a path relative to the suite');
  let folder: string;
  let target: string;
  try {
    folder = await realpath(path.dirname(suiteFile));
    const wanted = path.resolve(path.dirname(suiteFile), name);
    target = await realpath(wanted);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(code === 'ENOENT' ? 'it does not exist beside the suite' : `it cannot be read (${code ?? 'error'})`);
  }
  const relative = path.relative(folder, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return refuse("it is outside the suite's folder");
  const read = await readCapped(target, MAX_DATA_BYTES, 'data file');
  if (!read.ok) return refuse(read.reason);
  return { data: { name, text: read.text }, dataProblem: null };
}

export function openSuiteDialogApi(dialog: Pick<Dialog, 'showOpenDialog'>, window: () => BaseWindow | null): Pick<Api, 'openSuiteFile'> {
  return {
    async openSuiteFile(): Promise<Result<OpenedSuiteFile | null>> {
      const options = {
        title: 'Open suite',
        filters: [{ name: 'Suite (JSON)', extensions: ['json'] }],
        properties: ['openFile'] as Array<'openFile'>,
      };
      let chosen: string | undefined;
      try {
        const parent = window();
        const choice = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
        if (choice.canceled) return { ok: true, value: null };
        chosen = choice.filePaths[0];
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, error: { code: 'internal', message: `The open dialog failed: ${reason}` } };
      }
      if (chosen === undefined) return { ok: true, value: null };
      const suite = await readCapped(chosen, MAX_SUITE_BYTES, 'suite file');
      if (!suite.ok) {
        return { ok: false, error: { code: suite.tooLarge ? 'too_large' : 'internal', message: `${path.basename(chosen)} was not opened: ${suite.reason}.` } };
      }
      const name = namedData(suite.text);
      const beside = name === null ? { data: null, dataProblem: null } : await readDataBeside(chosen, name);
      return { ok: true, value: { fileName: path.basename(chosen), text: suite.text, ...beside } };
    },
  };
}
