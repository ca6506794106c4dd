import { spawn, type ChildProcess } from 'node:child_process';

/** A browser-mode host started for a benchmark, and the one-time addresses it prints. */
export interface BenchHost {
  process: ChildProcess;
  /** The next unused address: each opens the app once, and the host prints a fresh one when one is spent. */
  nextLink(): Promise<string>;
  /** A session on the host's inspector, when it was started with `inspect`. */
  inspector?: Promise<Inspector>;
}

/** A Chrome DevTools Protocol session on a Node process (the methods a benchmark reads figures with). */
export interface Inspector {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): void;
}

/** The address in Node's `Debugger listening on ws://…` line, or null while `stderr` holds none. */
export function inspectorAddress(stderr: string): string | null {
  // The line's end, not the text's: a chunk may end in the middle of the address.
  return /^Debugger listening on (ws:\/\/\S+)\r?\n/m.exec(stderr)?.[1] ?? null;
}

/** The lines Node prints as its inspector listens, is attached and ends. */
const INSPECTOR_NOTICE = /^(Debugger (listening on|attached\.|ending on)|For help, see: ).*\n/gm;

/** Connects to the inspector at `address` with Node's own WebSocket. */
async function connectInspector(address: string): Promise<Inspector> {
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`could not connect to the host's inspector at ${address}`)), { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return; // an event, not an answer
    pending.delete(message.id!);
    if (message.error) waiter.reject(new Error(`the host's inspector said: ${message.error.message}`));
    else waiter.resolve(message.result ?? {});
  });
  socket.addEventListener('close', () => {
    for (const waiter of pending.values()) waiter.reject(new Error("the host's inspector closed"));
    pending.clear();
  });
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        lastId += 1;
        pending.set(lastId, { resolve, reject });
        socket.send(JSON.stringify({ id: lastId, method, params }));
      }),
    close: () => socket.close(),
  };
}

/**
 * Starts dist/electron/web.mjs on a free port with `dataDir`, the Sandbox without latency, and `env`.
 * With `inspect`, the host also opens its inspector on a free loopback port (its stderr is read for
 * the address and passed on as it comes).
 */
export function startBenchHost(webEntry: string, dataDir: string, env: NodeJS.ProcessEnv = {}, inspect = false): BenchHost {
  const nodeOptions = [env['NODE_OPTIONS'] ?? process.env['NODE_OPTIONS'], inspect ? '--inspect=127.0.0.1:0' : undefined].filter(Boolean);
  const host = spawn(process.execPath, [webEntry, '--port', '0', '--data-dir', dataDir, '--sandbox-latency', 'none'], {
    stdio: ['ignore', 'pipe', inspect ? 'pipe' : 'inherit'],
    env: { ...process.env, ...env, ...(nodeOptions.length === 0 ? {} : { NODE_OPTIONS: nodeOptions.join(' ') }) },
  });
  let printed = '';
  let used = 0;
  let exited = false;
  // One exit listener for the host's life, not one per address asked for.
  const waiting = new Set<(error: Error) => void>();
  host.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  host.once('exit', () => {
    exited = true;
    for (const reject of waiting) reject(new Error('the web host exited before it printed another address'));
  });
  const nextLink = () =>
    new Promise<string>((resolve, reject) => {
      if (exited) return reject(new Error('the web host has exited'));
      const take = () => {
        const link = [...printed.matchAll(/http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/g)][used]?.[0];
        if (link === undefined) return;
        used += 1;
        host.stdout!.off('data', take);
        waiting.delete(reject);
        resolve(link);
      };
      waiting.add(reject);
      host.stdout!.on('data', take);
      take();
    });
  if (!inspect) return { process: host, nextLink };
  const inspector = new Promise<string>((resolve, reject) => {
    let stderr = '';
    host.stderr!.on('data', (chunk: Buffer) => {
      // Node's notices about its inspector are read here, not passed on; anything else the host says is.
      process.stderr.write(chunk.toString().replace(INSPECTOR_NOTICE, ''));
      stderr += chunk.toString();
      const address = inspectorAddress(stderr);
      if (address) resolve(address);
    });
    host.once('exit', () => reject(new Error('the web host exited before its inspector listened')));
  }).then(connectInspector);
  // A host that fails before the benchmark asks for its inspector is reported by what the benchmark awaits.
  inspector.catch(() => undefined);
  return { process: host, nextLink, inspector };
}
