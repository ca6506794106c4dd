import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    // cliStart.test.ts checks that a run does not load it.)
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
      stderr: 'agent-explorer: unknown command walk (the command is: agent-explorer run SUITE.json)\n',
    });
  });
});
