import { spawn, type ChildProcess } from 'node:child_process';

/** A browser-mode host started for a benchmark, and the one-time addresses it prints. */
export interface BenchHost {
  process: ChildProcess;
  /** The next unused address: each opens the app once, and the host prints a fresh one when one is spent. */
  nextLink(): Promise<string>;
}

/** Starts dist/electron/web.mjs on a free port with `dataDir`, the Sandbox without latency, and `env`. */
export function startBenchHost(webEntry: string, dataDir: string, env: NodeJS.ProcessEnv = {}): BenchHost {
  const host = spawn(process.execPath, [webEntry, '--port', '0', '--data-dir', dataDir, '--sandbox-latency', 'none'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  let printed = '';
  let used = 0;
  let exited = false;
  // One exit listener for the host's life, not one per address asked for.
  const waiting = new Set<(error: Error) => void>();
  host.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
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
        host.stdout.off('data', take);
        waiting.delete(reject);
        resolve(link);
      };
      waiting.add(reject);
      host.stdout.on('data', take);
      take();
    });
  return { process: host, nextLink };
}
