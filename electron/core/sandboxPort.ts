import { createJsonDocument } from './storage/jsonDocument';

/**
 * The Sandbox's port is remembered in the data folder (`sandbox.json`) and asked for again at
 * the next start, so a snippet copied from the app (`curl http://127.0.0.1:PORT/...`) keeps
 * working after a restart. When the port is taken, the Sandbox takes a free one and that is
 * remembered instead.
 *
 * The key is deliberately NOT kept: it would have to be written in clear (browser mode never
 * writes keys, and the Sandbox's key is not worth an OS keychain prompt), and snippets do not
 * contain it anyway: they read it from $AGENT_EXPLORER_API_KEY. A new key each start also
 * means a key seen once is worthless after the next start.
 */
export interface SandboxPortMemory {
  /** The port of the last start, or null. */
  read(): Promise<number | null>;
  remember(port: number): Promise<void>;
}

/** Reads `file` (null: remember nothing, e.g. no data folder). */
export function rememberedSandboxPort(file: string | null, onProblem: (message: string) => void): SandboxPortMemory {
  const document = createJsonDocument<{ port: number | null }>({
    file,
    empty: () => ({ port: null }),
    parse: (raw) => {
      const port = (raw as { port?: unknown } | null)?.port;
      return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65535 ? { port } : null;
    },
    name: 'the Sandbox port',
    onProblem,
  });
  return {
    read: async () => (await document.read()).port,
    async remember(port) {
      if ((await document.read()).port === port) return;
      // Losing it costs only a new port next time: never fail the start for it.
      await document.update(() => ({ port })).catch(() => undefined);
    },
  };
}
