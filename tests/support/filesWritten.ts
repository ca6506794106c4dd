import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** One file found under the folder: its path relative to the folder, and its content. */
export interface WrittenFile {
  name: string;
  bytes: Buffer;
  text: string;
}

/**
 * Every file under `dir`, for the tests that search what the app wrote (for a key, a URL).
 *
 * The app writes by temporary file and rename, and a running Chromium keeps creating and
 * removing its own files, so a scan can list a file that is gone when it is read. Then the
 * whole scan starts again (a renamed file that was not listed yet is listed next time), and it
 * waits, boundedly, until none of the app's temporary files is left.
 */
export async function filesWritten(dir: string): Promise<WrittenFile[]> {
  for (let attempt = 1; ; attempt += 1) {
    const lastTry = attempt >= 50;
    try {
      const entries = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      if (!lastTry && entries.some((entry) => entry.name.endsWith('.tmp'))) {
        await sleep(100);
        continue;
      }
      return entries.map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        return { name: path.relative(dir, file), bytes, text: bytes.toString('utf8') };
      });
    } catch (error) {
      if (lastTry || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await sleep(100);
    }
  }
}
