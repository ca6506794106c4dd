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
  host.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const nextLink = () =>
    new Promise<string>((resolve, reject) => {
      const take = () => {
        const link = [...printed.matchAll(/http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]+/g)][used]?.[0];
        if (link === undefined) return;
        used += 1;
        host.stdout.off('data', take);
        resolve(link);
      };
      host.stdout.on('data', take);
      host.once('exit', () => reject(new Error('the web host exited before it was ready')));
      take();
    });
  return { process: host, nextLink };
}
