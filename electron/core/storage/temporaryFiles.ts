import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { TEMPORARY_NAME } from './safeWrite';

/**
 * Writes (`safeWrite.ts`) go through `<name>.<random>.tmp` and a rename. A process
 * killed between the two leaves the temporary file behind, with a whole or half document in
 * it; nobody will ever read it, so it is removed at the next start (only when this process
 * holds the folder, so another's write in progress is never touched).
 */

/** Removes orphaned `*.<hex>.tmp` files directly in `dir`; returns their names. */
export async function removeOrphanedTemporaryFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no folder yet: nothing orphaned
  }
  const orphans = names.filter((name) => TEMPORARY_NAME.test(name));
  await Promise.all(orphans.map((name) => unlink(path.join(dir, name)).catch(() => undefined)));
  return orphans;
}
