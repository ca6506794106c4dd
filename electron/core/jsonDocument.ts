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
  /** Narrows what was read; null means "not this document". */
  parse: (raw: unknown) => T | null;
  /** What the document holds, for the problem message ("profiles", "saved keys"). */
  name?: string;
  onProblem?: (message: string) => void;
}): JsonDocument<T> {
  const { file } = options;
  let current: Promise<T> = (async () => {
    if (!file) return options.empty();
    const read = await readJsonFile(file);
    if (read.kind === 'missing') return options.empty();
    const value = read.kind === 'ok' ? options.parse(read.value) : null;
    if (value !== null) return value;
    const as = options.name ? ` as ${options.name}` : '';
    options.onProblem?.(`${file} could not be read${as}; it was kept as ${await read.moveAside()} and a new one is started.`);
    return options.empty();
  })();

  return {
    read: () => current.then((value) => structuredClone(value)),
    update(change) {
      const previous = current;
      const next = previous.then(async (value) => {
        const updated = change(structuredClone(value));
        if (file) await writePrivateFile(file, `${JSON.stringify(updated, null, 2)}\n`);
        return updated;
      });
      // A failed write leaves the last good value in place for the next change.
      current = next.catch(() => previous);
      return next.then((value) => structuredClone(value));
    },
  };
}
