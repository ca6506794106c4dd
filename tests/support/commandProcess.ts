import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

/**
 * A command line as a user meets it: its entry bundled as `npm run build` bundles it (the options
 * from electron/tooling/cliBuild.mjs), started as a process with an environment of our choosing.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Bundled {
  file: string;
  remove(): Promise<void>;
}

/** Bundles with `options(outfile)` into a fresh folder; `remove` deletes it. */
export async function bundleCommand(name: string, options: (outfile: string) => BuildOptions): Promise<Bundled> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${name}-bundle-`));
  const file = path.join(dir, `${name}.mjs`);
  await build({ absWorkingDir: root, logLevel: 'warning', ...options(file) });
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a command gets: PATH and what the test gives, nothing else of ours (no AGENT_EXPLORER_*). */
const environment = (env: Record<string, string>) => ({ PATH: process.env['PATH'] ?? '', ...env });

function collect(child: ChildProcess): { output: () => Ended; ended: Promise<Ended> } {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<Ended>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A program that cannot start (not installed): said as its output, not a test left waiting.
    child.on('error', (error) => resolve({ code: null, stdout, stderr: `${stderr}${error.message}` }));
  });
  return { output: () => ({ code: null, stdout, stderr }), ended };
}

/** Runs a program to its end, in `cwd` (the repository when absent), with PATH and `env` only. */
export function runProgram(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Ended> {
  const child = spawn(command, args, { cwd: options.cwd ?? root, env: environment(options.env ?? {}), stdio: ['ignore', 'pipe', 'pipe'] });
  return collect(child).ended;
}

/** Runs the bundled command to its end. */
export function runCommand(file: string, args: readonly string[], env: Record<string, string> = {}, cwd = root): Promise<Ended> {
  return runProgram(process.execPath, [file, ...args], { cwd, env });
}

/**
 * Starts a command that keeps running (a server) and waits until its standard output matches
 * `ready`; `stop` sends SIGTERM and resolves when it has exited. Rejects with what it printed when
 * it exits first.
 */
export async function startCommand(
  file: string,
  args: readonly string[],
  ready: RegExp,
  env: Record<string, string> = {},
): Promise<{ match: RegExpExecArray; stop: () => Promise<Ended> }> {
  const child = spawn(process.execPath, [file, ...args], { cwd: root, env: environment(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const { output, ended } = collect(child);
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const look = () => {
      const found = ready.exec(output().stdout);
      if (found) resolve(found);
    };
    child.stdout?.on('data', look);
    void ended.then((end) => reject(new Error(`exited (${end.code}) before it was ready:\n${end.stdout}${end.stderr}`)));
  });
  return {
    match,
    stop: () => {
      child.kill('SIGTERM');
      return ended;
    },
  };
}

/** A port nothing listens on at the moment of asking, for a command told to listen there. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}
