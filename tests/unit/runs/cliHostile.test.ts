import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The command as a process, on suites written to hurt the person who runs them: a CI job that
 * runs a colleague's branch with the platform key in its environment (and a `.env` beside the
 * checkout). A suite's `data` is read only inside its folder; everything printed or written that
 * came from the suite or its data is redacted with the key; a bad suite is one clear line and
 * exit 2, never a stack trace.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'sk-live-7Hq2mP9xR4vN8wK3cT6z';
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const REPORTERS = ['pretty', 'junit', 'json', 'csv', 'html'] as const;
let cli: string;
let buildDir: string;
let dir: string;
let repo: string;
let server: TestServer;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'cli-hostile-build-'));
  cli = path.join(buildDir, 'cli.mjs');
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
});
afterAll(async () => rm(buildDir, { recursive: true, force: true }));
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-hostile-'));
  repo = path.join(dir, 'repo');
  await mkdir(repo);
  // The person's own secrets, next to the checkout.
  await writeFile(path.join(dir, '.env'), `secret\nAGENT_EXPLORER_API_KEY=${KEY}\n`);
  await writeFile(path.join(dir, 'x.csv'), `secret\n${KEY}\n`);
  server = await startTestServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answer: 'Hello there', duration: '1ms', token: 't' }));
  });
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(
  args: string[],
  env: Record<string, string> = { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: KEY },
): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A case that sends the column and fails on it, so every reporter prints it. */
const leaking = (data: string, name = 'leaks') => ({
  name,
  data,
  cases: [
    {
      name: 'echo',
      agent: AGENT,
      text: '{{secret}}',
      payload: { customer_name: '{{secret}}' },
      expect: { answerContains: ['{{secret}}'] },
    },
  ],
});

async function suiteFile(suite: unknown, name = 'suite.json'): Promise<string> {
  const file = path.join(repo, name);
  await writeFile(file, typeof suite === 'string' ? suite : JSON.stringify(suite));
  return path.relative(dir, file);
}

/** Every file the command may have written in the working folder (the person's own secrets aside). */
async function written(): Promise<string> {
  const names = (await readdir(dir)).filter((name) => name.startsWith('report.'));
  return (await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')))).join('\n');
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at |file:\/\/|Error:/m);

describe("a suite's data file is read only inside the suite's folder", () => {
  it.each([
    ['a link committed beside the suite that points at ../.env', 'rows.csv', 'rows.csv', "it is outside the suite's folder"],
    ['a path out of the folder', '../x.csv', '../x.csv', "it is not a path inside the suite's folder"],
    ['an absolute path', 'ABSOLUTE', 'ABSOLUTE', "it is not a path inside the suite's folder"],
  ])('%s: refused with a clear line and exit 2, nothing sent, the key nowhere', async (_label, data, shown, reason) => {
    await symlink(path.join(dir, '.env'), path.join(repo, 'rows.csv'));
    const named = data === 'ABSOLUTE' ? path.join(dir, 'x.csv') : data;
    const file = await suiteFile(leaking(named));
    for (const reporter of REPORTERS) {
      const ran = await start(['run', file, '--reporter', reporter, '--out', `report.${reporter}`]);
      expect(ran.code).toBe(2);
      const name = shown === 'ABSOLUTE' ? named : shown;
      expect(ran.stderr).toContain(`suite.json: data: the data file "${name}" was not read: ${reason}`);
      expect(`${ran.stdout}${ran.stderr}${await written()}`).not.toContain(KEY);
      noStackTrace(ran.stderr);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a data file inside the folder holding the key: sent as the suite says, redacted in every line and report', async () => {
    await writeFile(path.join(repo, 'rows.csv'), `secret\n${KEY}\n`);
    const file = await suiteFile(leaking('rows.csv', `leaks ${KEY}`));
    for (const reporter of REPORTERS) {
      const ran = await start(['run', file, '--reporter', reporter, '--out', `report.${reporter}`]);
      expect(ran.code).toBe(1);
      const report = await readFile(path.join(dir, `report.${reporter}`), 'utf8');
      expect(`${ran.stdout}${ran.stderr}${report}`).not.toContain(KEY);
      expect(report).toContain('[redacted key]');
    }
    const shown = await start(['run', file]);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain('answerContains: expected contains "[redacted key]"');
    expect(shown.stdout).toMatch(/^leaks \[redacted key\]: 1 run, 0 passed, 1 failed/m);
    expect(`${shown.stdout}${shown.stderr}`).not.toContain(KEY);
    expect(server.requests[0]!.body).toContain(KEY);
  });

  it('--data names a file of the person’s own anywhere; what came from it is still redacted', async () => {
    const file = await suiteFile(leaking('../x.csv'));
    const ran = await start(['run', file, '--data', 'x.csv', '--reporter', 'json']);
    expect(ran.code).toBe(1);
    expect(JSON.parse(ran.stdout)).toMatchObject({ summary: { total: 1, failed: 1 } });
    expect(`${ran.stdout}${ran.stderr}`).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('--data must still be a regular .csv or .jsonl file', async () => {
    const file = await suiteFile({ cases: [{ agent: AGENT }] });
    await mkdir(path.join(dir, 'folder.csv'));
    const folder = await start(['run', file, '--data', 'folder.csv']);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain('folder.csv: (file): the data file is not a regular file');
    if (process.platform !== 'win32') {
      execFileSync('mkfifo', [path.join(dir, 'pipe.csv')]);
      const fifo = await start(['run', file, '--data', 'pipe.csv']);
      expect(fifo.code).toBe(2);
      expect(fifo.stderr).toContain('pipe.csv: (file): the data file is not a regular file');
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('a hostile suite is a suite problem: one clear line, exit 2, no stack trace', () => {
  it('a payload nested 50,000 deep', async () => {
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    const file = await suiteFile(`{"cases":[{"agent":"${AGENT}","payload":${deep}}]}`);
    const ran = await start(['run', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('suite.json: case 1: cases[0].payload: nests deeper than 64 levels');
    noStackTrace(ran.stderr);
    expect(server.requests).toHaveLength(0);
  });

  it('a JSON Lines row nested 50,000 deep', async () => {
    await writeFile(path.join(repo, 'rows.jsonl'), `{"n":${'['.repeat(50_000)}${']'.repeat(50_000)}}\n`);
    const file = await suiteFile({ data: 'rows.jsonl', cases: [{ agent: AGENT, payload: { n: '{{n}}' } }] });
    const ran = await start(['run', file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('rows.jsonl: line 1: nests deeper than 64 levels');
    noStackTrace(ran.stderr);
  });

  it('a pattern that a row makes invalid', async () => {
    await writeFile(path.join(repo, 'rows.csv'), 'n\n0\n');
    const file = await suiteFile({ data: 'rows.csv', cases: [{ agent: AGENT, expect: { answerMatches: 'a{1,{{n}}}' } }] });
    const ran = await start(['run', file, '--reporter', 'junit']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^agent-explorer: .+/m);
    noStackTrace(ran.stderr);
  });
});
