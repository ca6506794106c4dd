import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { readCapped, type FileRead } from '../storage/cappedFile';
import { MAX_DATA_BYTES } from '../../shared/runs/runLimits';

/**
 * Reading a suite and its data file from disk, one implementation for every host that does:
 * the desktop's Open suite (adapters/openSuiteDialog.ts) and the command line (suiteLoad.ts).
 *
 * The person chose the suite, but not what it says: suites are shared through git, so its
 * `data` is untrusted text. A data path a suite names is therefore read only when it stays
 * inside the suite's folder (beside it, or in a folder under it), checked on the real paths
 * after symbolic links are followed (a repository can carry a link named `rows.csv` that points
 * at ~/.ssh or a `.env`); it must name a `.csv` or `.jsonl` regular file, as the runner reads
 * only those. A data file the person names themselves (the app's picker, `--data`) may be
 * anywhere, but is still a regular file read up to the same cap. Every file is read whole up to
 * its cap, from one open file handle (no change between the size check and the read), and
 * never follows a FIFO or a device.
 */

/** A data file's name: the runner reads .csv and .jsonl only. */
export const DATA_FILE_NAME = /\.(csv|jsonl)$/i;

/**
 * Reads the data file `name` that the suite at `suiteFile` names, only inside the suite's
 * folder; the reason says why not ("it is outside the suite's folder").
 */
export async function readDataBeside(suiteFile: string, name: string): Promise<FileRead> {
  const refuse = (reason: string): FileRead => ({ ok: false, reason, tooLarge: false });
  if (!DATA_FILE_NAME.test(name)) return refuse('a data file must be .csv or .jsonl');
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
  return readCapped(target, MAX_DATA_BYTES, 'data file', { noFollow: true });
}

/** A data file the person named themselves: anywhere, but a regular .csv or .jsonl file within the cap. */
export async function readOwnDataFile(file: string): Promise<FileRead> {
  if (!DATA_FILE_NAME.test(file)) return { ok: false, reason: 'a data file must be .csv or .jsonl', tooLarge: false };
  return readCapped(file, MAX_DATA_BYTES, 'data file');
}

/** Whether `target` is `folder` itself or not under it. */
function isOutside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
