import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { writeFileSafely } from './safeWrite';

/**
 * Files the app writes for itself (profiles, encrypted keys): owner-only (0600, in a 0700
 * folder), written through `writeFileSafely` (safeWrite.ts): a temporary file renamed over the
 * old one, so a crash mid-write leaves the old file, never half a file, and a symlink in its
 * place is replaced, never written through.
 */

/**
 * Creates `dir` and any missing parent owner-only (0700), so other local users cannot list or
 * read what the app keeps. Existing folders are left as the user set them.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/** Writes one of the app's own documents: in a private folder, through the one safe write. */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  await ensurePrivateDir(path.dirname(file));
  await writeFileSafely(file, text);
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
