import { readJsonFile, writePrivateFile } from './privateFiles';

/**
 * One JSON document the app keeps for itself (profiles, encrypted keys, settings, request
 * drafts, the agent catalog):
 * read once, written owner-only and atomically, writes applied in order. A file that cannot be
 * read as the document is moved aside and reported, never overwritten unseen. With no file
 * (no data directory, or tests) it lives in memory: the in-memory twin is the same code.
 */
export interface JsonDocument<T> {
  read(): Promise<T>;
  /** Applies `change` to the current value and saves the result. */
  update(change: (current: T) => T): Promise<T>;
}

export function createJsonDocument<T>(options: {
  file: string | null;
  /** The value when there is no file yet (or it was unreadable). */
  empty: () => T;
  /**
   * Narrows what was read; null means "not this document". Entries it cannot use it drops and
   * tells `drop` why: the rest is kept, the original file is moved aside and the cleaned
   * document written in its place, so one bad entry never costs the good ones (nor the app).
   */
  parse: (raw: unknown, drop: (problem: string) => void) => T | null | Promise<T | null>;
  /** What the document holds, for the problem message ("profiles", "saved keys"). */
  name?: string;
  onProblem?: (message: string) => void;
  /**
   * False for a document with a file that is read seldom and may be large (the suite draft, with
   * a data file's text): it is read from its file each time, not held in memory between uses.
   */
  held?: boolean;
}): JsonDocument<T> {
  const { file } = options;
  const held = options.held !== false || !file;
  const load = async (): Promise<T> => {
    if (!file) return options.empty();
    const read = await readJsonFile(file);
    if (read.kind === 'missing') return options.empty();
    const dropped: string[] = [];
    const value = read.kind === 'ok' ? await options.parse(read.value, (problem) => dropped.push(problem)) : null;
    if (value !== null && dropped.length === 0) return value;
    const as = options.name ? ` as ${options.name}` : '';
    if (value !== null) {
      // The good entries are used even when the file cannot be moved aside or rewritten now.
      let kept: string;
      try {
        kept = `The original was kept as ${await read.moveAside()}.`;
        await writePrivateFile(file, `${JSON.stringify(value, null, 2)}\n`);
      } catch {
        kept = 'The original could not be moved aside or rewritten now.';
      }
      options.onProblem?.(`${file} had entries that could not be used${as}: ${dropped.join(' ')} ${kept}`);
      return value;
    }
    options.onProblem?.(`${file} could not be read${as}; it was kept as ${await read.moveAside()} and a new one is started.`);
    return options.empty();
  };
  // The value, or (not held) undefined once it has been read or written: the file then has it.
  const kept = (value: T): T | undefined => (held ? value : undefined);
  let current: Promise<T | undefined> = load().then(kept);
  const value = async (found: T | undefined): Promise<T> => (found === undefined ? load() : structuredClone(found));

  return {
    read: () => current.then(value),
    update(change) {
      const previous = current;
      const next = previous.then(async (found) => {
        const updated = change(await value(found));
        if (file) await writePrivateFile(file, `${JSON.stringify(updated, null, 2)}\n`);
        return updated;
      });
      // A failed write leaves the last good value in place for the next change.
      current = next.then(kept, () => previous);
      return next.then((updated) => structuredClone(updated));
    },
  };
}
