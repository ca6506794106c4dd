import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { openRegularFile, readCapped, type FileRead } from '../storage/cappedFile';
import { MAX_DATA_BYTES } from '../../shared/runs/runLimits';
import { dataFormatOf, type DataSource } from './dataRows';

/**
 * Reading a suite's data file from disk, one implementation for every host that does: the
 * desktop's Open suite (adapters/openSuiteDialog.ts, which hands the page its text) and the
 * command line (suiteLoad.ts, which reads it row by row as the run needs it).
 *
 * The person chose the suite, but not what it says: suites are shared through git, so its
 * `data` is untrusted text. A data path a suite names is therefore read only when it stays
 * inside the suite's folder (beside it, or in a folder under it), checked on the real paths
 * after symbolic links are followed (a repository can carry a link named `rows.csv` that points
 * at ~/.ssh or a `.env`); it must name a `.csv`, `.jsonl` or `.json` regular file, as the runner
 * reads only those. A data file the person names themselves (the app's picker, `--data`) may be
 * anywhere, but is still a regular file. Nothing follows a FIFO or a device. Read whole, a file
 * is read from one open file handle up to its cap (no change between the size check and the
 * read); read row by row, it is opened again for each pass over it, and each open must find the
 * very file the first found (same device and inode, never a link), or the pass stops.
 */

/** A data file's name: the runner reads .csv, .jsonl and .json only. */
export const DATA_FILE_NAME = /\.(csv|jsonl|json)$/i;
const NOT_DATA = 'a data file must be .csv, .jsonl or .json';

type Located = { ok: true; file: string } | { ok: false; reason: string; tooLarge: false };
const refuse = (reason: string): Located => ({ ok: false, reason, tooLarge: false });

/** The real path of the data file `name` that the suite at `suiteFile` names, only inside the suite's folder. */
async function locateBeside(suiteFile: string, name: string): Promise<Located> {
  if (!DATA_FILE_NAME.test(name)) return refuse(NOT_DATA);
  if (path.isAbsolute(name) || path.win32.isAbsolute(name)) return refuse("it is not a path inside the suite's folder");
  const folderNamed = path.dirname(suiteFile);
  const wanted = path.resolve(folderNamed, name);
  // Said before anything is looked up: a path out of the folder is refused as written, whether or not it exists.
  if (isOutside(path.resolve(folderNamed), wanted)) return refuse("it is not a path inside the suite's folder");
  let folder: string;
  let target: string;
  try {
    folder = await realpath(folderNamed);
    target = await realpath(wanted);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(code === 'ENOENT' ? 'it does not exist beside the suite' : `it cannot be read (${code ?? 'error'})`);
  }
  if (isOutside(folder, target)) return refuse("it is outside the suite's folder");
  return { ok: true, file: target };
}

/**
 * Reads the data file `name` that the suite at `suiteFile` names, only inside the suite's
 * folder; the reason says why not ("it is outside the suite's folder").
 */
export async function readDataBeside(suiteFile: string, name: string): Promise<FileRead> {
  const located = await locateBeside(suiteFile, name);
  if (!located.ok) return located;
  return readCapped(located.file, MAX_DATA_BYTES, 'data file', { noFollow: true });
}

export type DataOpened = { ok: true; source: DataSource } | { ok: false; reason: string };

/** The data file the suite names, to be read row by row (see readDataBeside for where it may be). */
export async function openDataBeside(suiteFile: string, name: string): Promise<DataOpened> {
  const located = await locateBeside(suiteFile, name);
  if (!located.ok) return located;
  return openDataFile(located.file, path.basename(name), true);
}

/** A data file the person named themselves (`--data`): anywhere, but a regular .csv, .jsonl or .json file. */
export async function openOwnDataFile(file: string): Promise<DataOpened> {
  if (!DATA_FILE_NAME.test(file)) return { ok: false, reason: NOT_DATA };
  return openDataFile(file, path.basename(file), false);
}

const READ_BYTES = 65_536;

/**
 * Opens the file once to check it, and gives a source that opens it again, the same file, for
 * each pass. Its format is the one `shown` (the name a person knows it by) says.
 */
export async function openDataFile(file: string, shown: string, noFollow: boolean): Promise<DataOpened> {
  const first = await openRegularFile(file, 'data file', { noFollow });
  if (!first.ok) return first;
  const { dev, ino } = first.info;
  await first.handle.close();
  return {
    ok: true,
    source: {
      shown,
      format: dataFormatOf(shown),
      async *chunks() {
        const opened = await openRegularFile(file, 'data file', { noFollow });
        if (!opened.ok) throw new Error(opened.reason);
        const { handle, info } = opened;
        try {
          if (info.dev !== dev || info.ino !== ino) throw new Error('the data file was replaced while the run was going');
          const decoder = new StringDecoder('utf8');
          const buffer = Buffer.allocUnsafe(READ_BYTES);
          for (let position = 0; ;) {
            const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, position);
            if (bytesRead === 0) break;
            position += bytesRead;
            yield decoder.write(buffer.subarray(0, bytesRead));
          }
          const rest = decoder.end();
          if (rest !== '') yield rest;
        } finally {
          await handle.close();
        }
      },
    },
  };
}

/** Whether `target` is `folder` itself or not under it. */
function isOutside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
