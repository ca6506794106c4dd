import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../../electron/shared/version';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';

/**
 * The command as a process: the bin's entry bundled the way `npm run build` bundles it, started
 * with --sandbox, end to end (exit code, output, and a clean exit once the run is done).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
let cli: string;
let inputs: string[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-process-'));
  cli = path.join(dir, 'cli.mjs');
  const built = await build({ absWorkingDir: root, logLevel: 'warning', metafile: true, ...cliBuildOptions(cli) });
  inputs = Object.keys(built.metafile?.inputs ?? {});
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

function start(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { PATH: process.env['PATH'] ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the agent-explorer process', () => {
  it('loads nothing of the renderer, React or the history database', () => {
    // (node:sqlite is in the bundle only behind a function of undici's that a run never calls;
    // "what the process loads at start" below checks that a run does not load it.)
    expect(inputs.filter((file) => /^renderer\/|node_modules\/react|historyDb/.test(file))).toEqual([]);
    expect(inputs).toContain('electron/core/http/platformClient.ts');
  });

  it('runs the example suite against an embedded Sandbox and exits 0', async () => {
    const ran = await start(['run', 'examples/runs/orders.suite.json', '--sandbox']);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^orders: 4 run, 4 passed, 0 failed in \d+\.\d\d s$/m);
    expect(ran.code).toBe(0);
  });

  it('exits 1 when a case fails and 2 on a bad suite or arguments', async () => {
    const failing = path.join(dir, 'failing.json');
    await writeFile(
      failing,
      JSON.stringify({ cases: [{ agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73', expect: { answerContains: 'not in there' } }] }),
    );
    expect((await start(['run', failing, '--sandbox'])).code).toBe(1);
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ cases: [{}] }));
    const refused = await start(['run', bad, '--sandbox']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('bad.json: case 1: cases[0].agent: is missing');
    expect((await start(['walk'])).code).toBe(2);
  });
});

describe('the agent-explorer process: its arguments', () => {
  it('--version prints the version alone, before the command and after it', async () => {
    for (const args of [['--version'], ['run', '--version']]) {
      expect(await start(args)).toEqual({ code: 0, stdout: `${APP_VERSION}\n`, stderr: '' });
    }
  });

  it("--help prints the run's options, --version among them, before the command and after it", async () => {
    for (const args of [['--help'], ['-h'], ['run', '--help'], ['run', '-h']]) {
      const ran = await start(args);
      expect(ran).toMatchObject({ code: 0, stderr: '' });
      expect(ran.stdout).toMatch(/^Usage: agent-explorer run SUITE\.json \[options\]\n/);
      expect(ran.stdout).toContain('\n  --concurrency N        requests in flight at once, 1 to 64 (default 8)\n');
      expect(ran.stdout).toContain('\n  --version              the version\n');
    }
  });

  it("takes an option's value as --name=value and as --name value", async () => {
    for (const args of [['--reporter=csv'], ['--reporter', 'csv']]) {
      const ran = await start(['run', 'examples/runs/orders.suite.json', '--sandbox', ...args]);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toMatch(/^case,row,agent,passed,/);
    }
    for (const args of [['--concurrency=65'], ['--concurrency', '65']]) {
      expect(await start(['run', 'examples/runs/orders.suite.json', '--sandbox', ...args])).toEqual({
        code: 2,
        stdout: '',
        stderr: 'agent-explorer: --concurrency needs a whole number from 1 to 64\n',
      });
    }
  });

  it('refuses an unknown option and a missing value on standard error, exit 2', async () => {
    expect(await start(['run', 'suite.json', '--bogus'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-explorer: unknown option --bogus (see --help)\n',
    });
    expect(await start(['--bogus'])).toEqual({ code: 2, stdout: '', stderr: 'agent-explorer: unknown option --bogus (see --help)\n' });
    expect(await start(['run', 'suite.json', '--data'])).toEqual({ code: 2, stdout: '', stderr: 'agent-explorer: --data needs a value\n' });
  });

  it('without a command, says how to give one on standard error, exit 2', async () => {
    const ran = await start([]);
    expect(ran).toMatchObject({ code: 2, stdout: '' });
    expect(ran.stderr).toBe('agent-explorer: name a command: agent-explorer run SUITE.json (see --help)\n');
    expect(await start(['walk'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-explorer: unknown command walk (the commands are: agent-explorer run SUITE.json, agent-explorer import postman COLLECTION.json)\n',
    });
  });
});

describe('what the process loads at start', () => {
  /**
   * The command starts fast: bundled as `npm run build` bundles it, it loads none of Node's modules
   * it does not use. The HTTP stack (undici, which brings node:http with it) is loaded on the first
   * request, so --help loads none of it; a run over http loads it, but not undici's HTTP/2 client
   * (node:http2, which brings TLS), TLS, zlib (decoding loads it only for a compressed answer),
   * node:https or SQLite.
   */
  let dir: string;
  let probe: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cli-start-'));
    // Preloaded into the command: says which of Node's modules it loaded, when it exits.
    probe = path.join(dir, 'probe.cjs');
    await writeFile(
      probe,
      "process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(process.moduleLoadList) + '\\n'));\n",
    );
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));
  // Preloaded too: says the flags Node was started with, when it exits.
  let flagsProbe: string;
  beforeAll(async () => {
    flagsProbe = path.join(dir, 'flags.cjs');
    await writeFile(
      flagsProbe,
      "process.on('exit', () => process.stderr.write('\\nFLAGS ' + JSON.stringify(process.execArgv) + '\\n'));\n",
    );
  });

  function loadedBy(args: string[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--require', probe, cli, ...args], { cwd: root, env: { PATH: process.env['PATH'] ?? '' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', () => {
        const line = stderr.split('\n').find((text) => text.startsWith('LOADED '));
        if (line) resolve(JSON.parse(line.slice('LOADED '.length)) as string[]);
        else reject(new Error(`no module list: ${stderr}`));
      });
    });
  }

  describe('the agent-explorer process at start', () => {
    it('loads neither http2, TLS, zlib, node:https, node:crypto nor SQLite to run a suite over http', async () => {
      const suite = path.join(dir, 'suite.json');
      await writeFile(suite, JSON.stringify({ cases: [{ agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73' }] }));
      // A platform that refuses at once: the run goes as far as sending, over http.
      const loaded = await new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, ['--require', probe, cli, 'run', suite], {
          cwd: root,
          env: {
            PATH: process.env['PATH'] ?? '',
            AGENT_EXPLORER_BASE_URL: 'http://127.0.0.1:9/',
            AGENT_EXPLORER_API_KEY: 'start-test-key-0123456789',
          },
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => {
          const line = stderr.split('\n').find((text) => text.startsWith('LOADED '));
          if (code === 2 && line) resolve(JSON.parse(line.slice('LOADED '.length)) as string[]);
          else reject(new Error(`exit ${code}: ${stderr}`));
        });
      });
      expect(loaded).toContain('NativeModule net');
      // node:crypto neither: only a proxy's credentials (hashed for the connection key) and the
      // report's temporary name need it, and this run has neither.
      expect(loaded.filter((name) => /http2|zlib|sqlite|NativeModule (https|tls|crypto)$/.test(name))).toEqual([]);
    });

    // Node decodes a module's source into a string before parsing it: one character outside ASCII
    // makes the whole megabyte a two-byte string, several times slower to decode and to scan (about
    // 20 ms of every start on a loaded machine). esbuild escapes such characters in strings but not
    // in regular expressions, so those are written with escapes.
    it('is ASCII only, so Node reads its source as one-byte text', async () => {
      const outside = (await readFile(cli, 'latin1')).match(/[^\t\n\r\x20-\x7e]+/g) ?? [];
      expect(outside).toEqual([]);
    });

    it('runs with a young generation of 16 MB, set by restarting itself once, unless one is given', async () => {
      const flagsOf = (env: NodeJS.ProcessEnv, nodeArgs: string[] = []) =>
        new Promise<{ flags: string[]; stdout: string }>((resolve, reject) => {
          const child = spawn(process.execPath, [...nodeArgs, '--require', flagsProbe, cli, '--version'], {
            cwd: root,
            env: { PATH: process.env['PATH'] ?? '', ...env },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('close', () => {
            const lines = stderr.split('\n').filter((text) => text.startsWith('FLAGS '));
            if (lines.length === 1) resolve({ flags: JSON.parse(lines[0]!.slice('FLAGS '.length)) as string[], stdout });
            else reject(new Error(`not one exit: ${stderr}`));
          });
        });
      // One process that ends (the first image is replaced, never exits), printing the version once.
      expect(await flagsOf({})).toEqual({ flags: ['--max-semi-space-size=16', '--require', flagsProbe], stdout: `${APP_VERSION}\n` });
      expect((await flagsOf({}, ['--max-semi-space-size=32'])).flags).toEqual(['--max-semi-space-size=32', '--require', flagsProbe]);
      expect((await flagsOf({ NODE_OPTIONS: '--max-semi-space-size=8' })).flags).toEqual(['--require', flagsProbe]);
    });

    it('loads none of them for --help either', async () => {
      expect((await loadedBy(['--help'])).filter((name) => /undici|http2|zlib|NativeModule (https?|tls)$/.test(name))).toEqual([]);
    });
  });
});
