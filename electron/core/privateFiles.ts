import { chmod, mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files the app writes for itself (profiles, encrypted keys): created owner-only (0600, in a
 * 0700 folder), replaced atomically through a temporary file and a rename, so a crash mid-write
 * leaves the old file, never half a file.
 */

/**
 * Creates `dir` and any missing parent owner-only (0700), so other local users cannot list or
 * read what the app keeps. Existing folders are left as the user set them.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

export async function writePrivateFile(file: string, text: string): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  // node:crypto is loaded here, on the first write, not at start: the command line's start never needs it.
  const temporary = `${file}.${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  // A file that existed before with looser permissions is tightened too.
  await chmod(file, 0o600);
}

export type ReadJson =
  | { kind: 'missing' }
  | { kind: 'unreadable'; moveAside: () => Promise<string> }
  | { kind: 'ok'; value: unknown; moveAside: () => Promise<string> };

/** Reads a JSON file; a broken one can be moved aside (kept, renamed) instead of overwritten. */
export async function readJsonFile(file: string): Promise<ReadJson> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    text = '\0';
  }
  const moveAside = async () => {
    const aside = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(file, aside);
    return aside;
  };
  try {
    return { kind: 'ok', value: JSON.parse(text), moveAside };
  } catch {
    return { kind: 'unreadable', moveAside };
  }
}
