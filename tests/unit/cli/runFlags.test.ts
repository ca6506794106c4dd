import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunCliIo } from '../../../electron/cli/run';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { bundleCommand, type Bundled } from '../../support/commandProcess';
import { startTestServer, type TestServer } from '../../support/testServer';
import { runInProcess } from '../../support/cliRun';

/**
 * `agent-explorer run --bail`, `--iterations`, `--timeout`, `--delay` and Ctrl+C, as a person
 * meets them: the command run against the embedded Sandbox or a real server on loopback, its
 * exit code, what it prints and the reports it writes.
 */

const KEY = 'platform-secret-key-42bd1e';
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let server: TestServer | undefined;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'run-flags-'))));
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Runs the command in this process; `onStdout` sees standard output as it grows. */
function run(argv: string[], env: Record<string, string> = {}, extra: Partial<RunCliIo> & { onStdout?: (all: string) => void } = {}) {
  const { onStdout, ...io } = extra;
  return runInProcess(argv, { cwd: dir, env, io, ...(onStdout ? { onStdout } : {}) });
}

/** A suite of one case sent once per row of a JSONL file of `rows` rows ({ "n": 1 }, …), expecting "ok" in the answer. */
async function rowsSuite(rows: number): Promise<string[]> {
  await writeFile(path.join(dir, 'rows.jsonl'), Array.from({ length: rows }, (_, index) => JSON.stringify({ n: index + 1 })).join('\n'));
  await writeFile(
    path.join(dir, 'suite.json'),
    JSON.stringify({ name: 'rows', cases: [{ name: 'row', agent: 'a1', text: 'row {{n}}', expect: { answerContains: 'ok' } }] }),
  );
  return ['suite.json', '--data', 'rows.jsonl'];
}

const platform = () => ({ AGENT_EXPLORER_BASE_URL: server!.url, AGENT_EXPLORER_API_KEY: KEY });
const answer = (response: ServerResponse, text: string) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ answer: text, duration: '1ms', token: 't' }));
};
const textOf = (body: string) => (JSON.parse(body) as { text: string }).text;

describe('agent-explorer run --bail', () => {
  it('stops sending at the first failed case, exits 1, and the summary says why', async () => {
    server = await startTestServer((_request, response, body) => answer(response, textOf(body) === 'row 2' ? 'wrong' : 'ok'));
    const ran = await run([...(await rowsSuite(6)), '--concurrency', '1', '--bail'], platform());
    expect(ran.code).toBe(1);
    expect(server.requests.map((request) => textOf(request.body))).toEqual(['row 1', 'row 2']);
    expect(ran.stdout).toContain('rows: 2 run, 1 passed, 1 failed, 4 not run (stopped)');
    expect(ran.stdout).toContain('stopped at the first failed case (--bail)\n');
    expect(ran.stdout).toMatch(/^FAIL row \[row 2\] @ a1 {2}200 /m);
  });

  it('lets the requests in flight finish and reports them', async () => {
    let release: () => void = () => undefined;
    server = await startTestServer((_request, response, body) => {
      // Row 1 is held until row 2's failure is on the screen; row 2 fails at once.
      if (textOf(body) === 'row 1') {
        release = () => {
          release = () => undefined;
          answer(response, 'ok');
        };
      } else answer(response, 'wrong');
    });
    const ran = await run([...(await rowsSuite(5)), '--concurrency', '2', '--bail'], platform(), {
      onStdout: (all) => {
        if (all.includes('FAIL row [row 2]')) release();
      },
    });
    expect(ran).toMatchObject({ code: 1, stderr: '' });
    expect(server.requests).toHaveLength(2);
    expect(ran.stdout).toMatch(/^PASS row \[row 1\] @ a1 {2}200 /m);
    expect(ran.stdout).toContain('rows: 2 run, 1 passed, 1 failed, 3 not run (stopped)');
  });

  it('changes nothing when every case passes', async () => {
    server = await startTestServer((_request, response) => answer(response, 'ok'));
    const ran = await run([...(await rowsSuite(3)), '--bail'], platform());
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('rows: 3 run, 3 passed, 0 failed');
    expect(ran.stdout).not.toContain('--bail');
  });
});

describe('agent-explorer run --iterations', () => {
  it('sends each case N times, each named with its pass in the reports', async () => {
    await writeFile(path.join(dir, 'suite.json'), JSON.stringify({ name: 'twice', cases: [{ name: 'hello', agent: DRAFTER }] }));
    const ran = await run(['suite.json', '--sandbox', '--iterations', '3', '--reporter', 'json', '--out', 'report.json']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^twice: 3 run, 3 passed, 0 failed in /);
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as { results: Array<{ case: string }> };
    expect(report.results.map((result) => result.case)).toEqual(['hello (iteration 1)', 'hello (iteration 2)', 'hello (iteration 3)']);
  });

  it('refuses a run that would send more than --max-requests, before sending anything', async () => {
    server = await startTestServer((_request, response) => answer(response, 'ok'));
    const ran = await run([...(await rowsSuite(4)), '--iterations', '3', '--max-requests', '10'], platform());
    expect(ran).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-explorer: the run would send 12 requests (4 × 3 iterations); a run sends at most 10 (--max-requests); nothing was sent\n',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('agent-explorer run --timeout', () => {
  it('fails a request with no answer in time, saying it timed out, and goes on', async () => {
    server = await startTestServer((_request, response, body) => {
      if (textOf(body) !== 'row 1') answer(response, 'ok'); // row 1 is never answered
    });
    const ran = await run([...(await rowsSuite(2)), '--timeout', '300', '--reporter', 'json', '--out', 'report.json'], platform());
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('rows: 2 run, 1 passed, 1 failed');
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as {
      results: Array<{ passed: boolean; entry: { outcome: { error: { code: string; message: string } | null } } }>;
    };
    expect(report.results[0]).toMatchObject({
      passed: false,
      entry: { outcome: { error: { code: 'timeout', message: 'No complete response within 300 ms.' } } },
    });
    expect(report.results[1]).toMatchObject({ passed: true });
  });

  it('the pretty report says it on the failed line', async () => {
    server = await startTestServer(() => undefined); // never answers
    const ran = await run([...(await rowsSuite(1)), '--timeout', '200'], platform());
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^FAIL row \[row 1\] @ a1 {2}timeout /m);
    expect(ran.stdout).toContain('status: expected 200, got no status (timeout)');
  });
});

describe('agent-explorer run --delay', () => {
  it("holds a worker's next request for the delay, and Ctrl+C cuts the wait short", async () => {
    server = await startTestServer((_request, response) => answer(response, 'ok'));
    let interrupt: () => void = () => undefined;
    // Without the delay the second request is on its way before the first result is printed.
    const ran = await run([...(await rowsSuite(3)), '--concurrency', '1', '--delay', '60000'], platform(), {
      onInterrupt: (handler) => {
        interrupt = handler;
        return () => undefined;
      },
      onStdout: (all) => {
        if (all.includes('PASS row [row 1]')) interrupt();
      },
    });
    expect(server.requests).toHaveLength(1);
    expect(ran.stdout).toContain('rows: 1 run, 1 passed, 0 failed, 2 not run (stopped)');
    expect(ran.code).toBe(130);
  });
});

describe('agent-explorer run: the limits of the new options', () => {
  it.each([
    [['--iterations', '0'], '--iterations needs a whole number from 1 to 10,000'],
    [['--iterations', '1.5'], '--iterations needs a whole number from 1 to 10,000'],
    [['--iterations', '10001'], '--iterations needs a whole number from 1 to 10,000'],
    [['--timeout', '0'], '--timeout needs a whole number from 1 to 600,000'],
    [['--timeout', '600001'], '--timeout needs a whole number from 1 to 600,000'],
    [['--delay', '-1'], '--delay needs a whole number from 0 to 60,000'],
    [['--delay', 'soon'], '--delay needs a whole number from 0 to 60,000'],
    [['--bail=yes'], '--bail takes no value'],
    [['--profile', 'Staging'], '--profile needs --workspace, the workspace file the profile is in'],
    [['--workspace', ''], '--workspace needs a file name'],
    [
      ['--workspace', 'w.json', '--profile', 'Staging', '--sandbox'],
      '--sandbox runs against an embedded Sandbox, so --workspace would not be used: give one or the other',
    ],
  ])('%j is refused in one sentence, exit 2', async (args, message) => {
    expect(await run(['suite.json', ...args])).toEqual({ code: 2, stdout: '', stderr: `agent-explorer: ${message}\n` });
  });

  it('--help lists each of them with its limits', async () => {
    const help = (await run(['--help'])).stdout;
    expect(help).toContain('\n  --bail                 stop sending at the first failed case');
    expect(help).toContain('\n  --iterations N         send each case N times, 1 to 10,000 (default 1)\n');
    expect(help).toContain('\n  --timeout MS           a request with no complete answer within MS milliseconds fails, 1 to\n');
    expect(help).toContain('\n  --delay MS             each worker waits MS milliseconds between its requests, 0 to 60,000\n');
    expect(help).toContain('\n  --workspace FILE       ');
    expect(help).toContain('\n  --profile NAME         ');
    expect(help).toContain('130 stopped by Ctrl+C');
  });
});

describe('the agent-explorer process: Ctrl+C', () => {
  let cli: Bundled;
  beforeAll(async () => (cli = await bundleCommand('agent-explorer', cliBuildOptions)));
  afterAll(async () => cli.remove());

  it('stops sending, writes the report and the summary with what had come, and exits 130', async () => {
    let interrupt: () => void = () => undefined;
    // Rows 1 and 2 answer; row 3 is held, and its arrival is when the person presses Ctrl+C.
    server = await startTestServer((_request, response, body) => {
      if (textOf(body) === 'row 3') interrupt();
      else answer(response, 'ok');
    });
    const argv = [...(await rowsSuite(10)), '--concurrency', '1', '--reporter', 'json', '--out', 'report.json'];
    const child = spawn(process.execPath, [cli.file, 'run', ...argv], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '', ...platform() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    interrupt = () => child.kill('SIGINT');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^rows: 3 run, 2 passed, 0 failed, 1 cancelled in flight, 7 not run \(stopped\) in \d+\.\d\d s$/m);
    expect(stdout).toContain('stopped by Ctrl+C: the report holds the results that had come\n');
    const report = JSON.parse(await readFile(path.join(dir, 'report.json'), 'utf8')) as {
      summary: { stopped: boolean; notRun: number };
      results: Array<{ passed: boolean }>;
    };
    expect(report.summary).toMatchObject({ stopped: true, notRun: 7 });
    expect(report.results.map((result) => result.passed)).toEqual([true, true, false]);
    expect(server.requests).toHaveLength(3);
    expect(code).toBe(130);
  });
});
