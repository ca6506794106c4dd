import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type RunCliIo } from '../../../electron/cli/run';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * `agent-explorer run` holds to the app's limits of a run (concurrency, rate, at most 100,000
 * requests), the request cap settable with --max-requests and checked before the plan is made;
 * and an error nobody foresaw is one line and exit 2.
 */
const KEY = 'platform-secret-key-42bd1e';
let dir: string;
let server: TestServer;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-limits-'));
  server = await startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'ok', duration: '1ms' })));
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], extra: Partial<RunCliIo> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    env: { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: KEY },
    cwd: dir,
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text) },
    ...extra,
  });
  return { code, stdout, stderr };
}

async function suite(content: unknown, files: Record<string, string> = {}): Promise<string> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  await writeFile(path.join(dir, 'suite.json'), JSON.stringify(content));
  return 'suite.json';
}

describe('agent-explorer run: the limits of a run', () => {
  it('--max-requests: a suite that makes more requests is refused before anything is sent', async () => {
    const file = await suite({ data: 'rows.csv', agents: ['a1', 'a2'], cases: [{}] }, { 'rows.csv': 'n\n1\n2\n3\n' });
    const ran = await run([file, '--max-requests', '5']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('suite.json: cases: the suite makes 6 requests (cases × data rows × agents); a run sends at most 5');
    expect(server.requests).toHaveLength(0);
    expect((await run([file, '--max-requests', '6'])).code).toBe(0);
    expect(server.requests).toHaveLength(6);
  });

  it('at most 100,000 requests by default: a data file of more rows stops being read at the first row past it', async () => {
    // The broken line at the end is never reached: the rows stop the parse first.
    const file = await suite({ data: 'rows.csv', agents: ['a1'], cases: [{}] }, { 'rows.csv': `n\n${'1\n'.repeat(100_001)}"open` });
    const ran = await run([file]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('rows.csv: line 100002: the data file has more than 100,000 rows: a run sends at most 100,000 requests');
    expect(server.requests).toHaveLength(0);
  }, 30_000);

  it.each([
    [['--concurrency', '65'], '--concurrency needs a whole number from 1 to 64'],
    [['--concurrency', '2.5'], '--concurrency needs a whole number from 1 to 64'],
    [['--rate', '0.05'], '--rate needs a number from 0.1 to 1,000'],
    [['--rate', '5000'], '--rate needs a number from 0.1 to 1,000'],
    [['--max-requests', '0'], '--max-requests needs a whole number of at least 1'],
    [['--max-requests', 'many'], '--max-requests needs a whole number of at least 1'],
    [['--data'], '--data needs a value'],
    [['--sandbox=yes'], '--sandbox takes no value'],
    [['--bogus'], 'unknown option --bogus (see --help)'],
  ])('refuses %j: %s', async (options, message) => {
    const ran = await run(['suite.json', ...options]);
    expect(ran).toMatchObject({ code: 2, stderr: `agent-explorer: ${message}\n` });
  });

  it('--help names the limits and --max-requests', async () => {
    const ran = await run(['--help']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain('--max-requests N       refuse a run of more than N requests (default 100,000)');
    expect(ran.stdout).toContain('--concurrency N        requests in flight at once, 1 to 64 (default 8)');
  });
});

describe('agent-explorer run: an error nobody foresaw', () => {
  it('is one line on standard error and exit 2, with the key redacted and no stack trace', async () => {
    const file = await suite({ name: `run ${KEY}`, cases: [{ agent: 'a1' }] });
    const ran = await run([file], {
      stdout: {
        write: () => {
          throw new Error(`write EPIPE while writing for ${KEY}`);
        },
      },
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe('agent-explorer: stopped by an unexpected error: write EPIPE while writing for [redacted key]\n');
  });

  it('reported from work the run started (through onUnexpectedError): the run is stopped, exit 2', async () => {
    let report: (error: unknown) => void = () => undefined;
    const file = await suite({ data: 'rows.csv', cases: [{ agent: 'a1' }] }, { 'rows.csv': `n\n${'1\n'.repeat(50)}` });
    const held = await startTestServer(() => report(new RangeError('Maximum call stack size exceeded')));
    const ran = await run([file, '--concurrency', '1'], {
      env: { AGENT_EXPLORER_BASE_URL: held.url, AGENT_EXPLORER_API_KEY: KEY },
      onUnexpectedError: (handler) => {
        report = handler;
        return () => (report = () => undefined);
      },
    });
    await held.close();
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe('agent-explorer: stopped by an unexpected error: Maximum call stack size exceeded\n');
    expect(held.requests).toHaveLength(1);
  });
});
