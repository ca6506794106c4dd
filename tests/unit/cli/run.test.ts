// @vitest-environment jsdom
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type RunCliIo } from '../../../electron/cli/run';
import { CSV_COLUMNS } from '../../../electron/core/reports/runs/runCsv';
import { closedPort, startTestServer, type TestServer } from '../../support/testServer';
import { runInProcess, type CliRan } from '../../support/cliRun';

const SANDBOX_KEY = 'sandbox-secret-key-7f3a9c';
const PLATFORM_KEY = 'platform-secret-key-42bd1e';
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let server: TestServer | undefined;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'run-cli-'))));
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = {}, extra: Partial<RunCliIo> = {}): Promise<CliRan> =>
  runInProcess(argv, { cwd: dir, env, io: { sandboxKey: SANDBOX_KEY, ...extra } });

async function suite(content: unknown, files: Record<string, string> = {}): Promise<string> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  await writeFile(path.join(dir, 'suite.json'), JSON.stringify(content));
  return 'suite.json';
}

const GOOD = {
  name: 'orders',
  data: 'rows.csv',
  cases: [
    {
      name: 'reflects customer',
      agent: DRAFTER,
      text: '{{text}}',
      payload: { customer_name: '{{customer}}', company: 'Northwind', topic: 'refunds' },
      expect: { answerContains: '{{customer}}', token: 'present' },
    },
  ],
};
const ROWS = { 'rows.csv': 'text,customer\n"Hello, there",Dana\nHi,"Lee <b>&"\n' };

describe('agent-explorer run: exit codes', () => {
  it('0 when every case passed, with one plain line per result (the agent by the name the Sandbox gives it) and a summary line', async () => {
    const ran = await run([await suite(GOOD, ROWS), '--sandbox']);
    expect(ran.code).toBe(0);
    expect(ran.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^PASS reflects customer \[row 1\] @ Support reply drafter \(3f6c2a8e…\) {2}200 /),
      expect.stringMatching(/^PASS reflects customer \[row 2\] @ Support reply drafter \(3f6c2a8e…\) {2}200 /),
      expect.stringMatching(/^orders: 2 run, 2 passed, 0 failed in \d+\.\d\d s$/),
    ]);
  });

  it('on a terminal: a progress bar on one line, redrawn in place, then the summary', async () => {
    let stdout = '';
    const code = await runCli([await suite(GOOD, ROWS), '--sandbox'], {
      env: {},
      cwd: dir,
      stdout: { write: (text: string) => (stdout += text), isTTY: true },
      stderr: { write: () => undefined },
    });
    expect(code).toBe(0);
    expect(stdout).toContain('\r[###############################'.slice(0, 20));
    expect(stdout).toContain('2/2  2 passed, 0 failed');
    expect(stdout).not.toContain('PASS ');
    expect(stdout.endsWith('orders: 2 run, 2 passed, 0 failed in ' + stdout.split('failed in ').at(-1))).toBe(true);
  });

  it('1 when any case failed, saying which expectation and why', async () => {
    const failing = { ...GOOD, cases: [{ ...GOOD.cases[0], expect: { answerContains: 'Nobody', token: 'absent' } }] };
    const ran = await run([await suite(failing, ROWS), '--sandbox']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('FAIL reflects customer [row 1]');
    expect(ran.stdout).toContain('answerContains: expected contains "Nobody", got missing "Nobody" in');
    expect(ran.stdout).toContain('token: expected absent, got present');
    expect(ran.stdout).toContain('orders: 2 run, 0 passed, 2 failed');
  });

  it('2 for a bad suite, listing every problem with file, case and field, and sending nothing', async () => {
    server = await startTestServer((_request, response) => response.end('{}'));
    const bad = { data: 'rows.csv', cases: [{ name: 'a', agent: DRAFTER, text: '{{txt}}', expect: { answerMatches: '(' } }] };
    const ran = await run([await suite(bad, ROWS)], { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('suite.json: case 1 "a": cases[0].expect.answerMatches: is not a valid regular expression');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    [['--reporter', 'xml', 'suite.json']],
    [[]],
    [['a.json', 'b.json']],
    [['suite.json', '--concurrency', '0']],
    [['suite.json', '--bogus']],
  ])('2 for bad arguments %j', async (argv) => {
    expect((await run(argv)).code).toBe(2);
  });

  it('2 without a platform: no AGENT_EXPLORER_BASE_URL, no key, or a bad AGENT_EXPLORER_AUTH', async () => {
    const file = await suite(GOOD, ROWS);
    expect(await run([file])).toMatchObject({ code: 2, stderr: expect.stringContaining('set AGENT_EXPLORER_BASE_URL') });
    expect(await run([file], { AGENT_EXPLORER_BASE_URL: 'http://127.0.0.1:9' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('AGENT_EXPLORER_API_KEY is not set'),
    });
    expect(
      (await run([file], { AGENT_EXPLORER_BASE_URL: 'http://127.0.0.1:9', AGENT_EXPLORER_API_KEY: 'k', AGENT_EXPLORER_AUTH: 'cookie:x' }))
        .code,
    ).toBe(2);
  });

  it('2 when the platform cannot be reached, after one attempt', async () => {
    const port = await closedPort();
    const ran = await run([await suite(GOOD, ROWS)], {
      AGENT_EXPLORER_BASE_URL: `http://127.0.0.1:${port}`,
      AGENT_EXPLORER_API_KEY: PLATFORM_KEY,
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('the platform could not be reached: Could not reach 127.0.0.1');
  });

  it('sends with the environment’s key and presentation and never prints it, even when the server echoes it', async () => {
    server = await startTestServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-echo': String(request.headers['x-api-key']) });
      response.end(JSON.stringify({ answer: `your key is ${String(request.headers['x-api-key'])}`, duration: '1ms' }));
    });
    const file = await suite({ cases: [{ agent: 'a1', expect: { answerContains: 'nothing' } }] });
    const env = { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY, AGENT_EXPLORER_AUTH: 'header:X-API-Key' };
    for (const reporter of ['pretty', 'junit', 'json', 'csv', 'html']) {
      const ran = await run([file, '--reporter', reporter, '--out', `out.${reporter}`], env);
      expect(ran.code).toBe(1);
      const written = await readFile(path.join(dir, `out.${reporter}`), 'utf8');
      expect(`${ran.stdout}${ran.stderr}${written}`).not.toContain(PLATFORM_KEY);
    }
    expect(server.requests[0]!.headers['x-api-key']).toBe(PLATFORM_KEY);
  });

  it('Ctrl+C cancels the run: requests in flight are aborted, the rest not sent, and the summary says so', async () => {
    let cancel: () => void = () => undefined;
    server = await startTestServer(() => cancel()); // never answers; the first arrival interrupts
    const file = await suite({ name: 'held', cases: [{ agent: 'a1' }], agents: undefined }, {});
    await writeFile(path.join(dir, 'many.jsonl'), Array.from({ length: 20 }, (_, index) => JSON.stringify({ n: index })).join('\n'));
    const ran = await run(
      [file, '--data', 'many.jsonl', '--concurrency', '1'],
      { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY },
      {
        onInterrupt: (handler) => {
          cancel = handler;
          return () => undefined;
        },
      },
    );
    expect(ran.code).toBe(130);
    expect(ran.stdout).toContain('held: 1 run, 0 passed, 0 failed, 1 cancelled in flight, 19 not run (stopped)');
    expect(server.requests).toHaveLength(1);
  });
});

describe('agent-explorer run: reporters', () => {
  it('JUnit XML has the common shape: testsuites › testsuite › testcase, with failure, error and skipped counted', async () => {
    const mixed = {
      name: 'mixed',
      data: 'rows.csv',
      cases: [
        { name: 'passes', agent: DRAFTER, payload: { customer_name: '{{customer}}' }, expect: { answerContains: '{{customer}}' } },
        { name: 'fails', agent: DRAFTER, expect: { answerContains: 'Nobody <here>' } },
        { name: 'unknown agent', agent: '00000000-0000-4000-8000-000000000000', expect: { status: 200 } },
      ],
    };
    const ran = await run([await suite(mixed, ROWS), '--sandbox', '--reporter', 'junit']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('mixed: 6 run, 2 passed, 4 failed');
    const doc = new DOMParser().parseFromString(ran.stdout, 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const root = doc.documentElement;
    expect(root.tagName).toBe('testsuites');
    const suites = [...root.children];
    expect(suites.map((element) => element.tagName)).toEqual(['testsuite']);
    const testsuite = suites[0]!;
    const cases = [...testsuite.children];
    expect(
      cases.every(
        (element) =>
          element.tagName === 'testcase' &&
          element.getAttribute('name') &&
          element.getAttribute('classname') &&
          /^\d+\.\d{3}$/.test(element.getAttribute('time') ?? ''),
      ),
    ).toBe(true);
    for (const element of [root, testsuite]) {
      expect(Number(element.getAttribute('tests'))).toBe(cases.length);
      expect(Number(element.getAttribute('failures'))).toBe(cases.filter((item) => item.querySelector('failure')).length);
      expect(Number(element.getAttribute('errors'))).toBe(cases.filter((item) => item.querySelector('error')).length);
      expect(Number(element.getAttribute('skipped'))).toBe(cases.filter((item) => item.querySelector('skipped')).length);
      expect(Number(element.getAttribute('time'))).toBeGreaterThan(0);
    }
    expect(testsuite.getAttribute('failures')).toBe('4');
    const failure = cases.find((item) => item.getAttribute('name')?.startsWith('fails'))!.querySelector('failure')!;
    expect(failure.getAttribute('type')).toBe('answerContains');
    expect(failure.getAttribute('message')).toContain('expected contains "Nobody <here>"');
  });

  it('JUnit XML: no response at all is an error, not a failure', async () => {
    server = await startTestServer((request, response) => {
      if (request.url?.includes('/drop/')) response.socket?.destroy();
      else response.end(JSON.stringify({ answer: 'ok', duration: '1ms' }));
    });
    const file = await suite({
      name: 'drops',
      cases: [
        { name: 'ok', agent: 'fine' },
        { name: 'dropped', agent: 'drop' },
      ],
    });
    const ran = await run([file, '--reporter', 'junit', '--concurrency', '1'], {
      AGENT_EXPLORER_BASE_URL: server.url,
      AGENT_EXPLORER_API_KEY: PLATFORM_KEY,
    });
    const testsuite = new DOMParser().parseFromString(ran.stdout, 'application/xml').querySelector('testsuite')!;
    expect([testsuite.getAttribute('tests'), testsuite.getAttribute('failures'), testsuite.getAttribute('errors')]).toEqual([
      '2',
      '0',
      '1',
    ]);
    expect(testsuite.querySelector('testcase[name^="dropped"] > error')?.getAttribute('type')).toBe('network');
  });

  it('JSON: the run format with each result’s exchange and expectations', async () => {
    const ran = await run([await suite(GOOD, ROWS), '--sandbox', '--reporter', 'json']);
    const report = JSON.parse(ran.stdout) as {
      format: string;
      summary: { passed: number };
      results: Array<{ row: number; expectations: unknown[]; entry: { answer: { answer: string }; request: { payload: unknown } } }>;
    };
    expect(report.format).toBe('agent-explorer-run');
    expect(report.summary.passed).toBe(2);
    expect(report.results[1]).toMatchObject({ row: 2, entry: { request: { payload: { customer_name: 'Lee <b>&' } } } });
    expect(report.results[1]!.entry.answer.answer).toContain('Lee <b>&');
  });

  it('JSON to a file: the same text as the report stringified whole, owner-only under --private, for a run larger than one write', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => `"Line one\nline two ${index}","Customer ""${index}"""`);
    const ran = await run([
      await suite(GOOD, { 'rows.csv': ['text,customer', ...lines].join('\n') }),
      '--sandbox',
      '--reporter',
      'json',
      '--out',
      'run.json',
      '--private',
    ]);
    expect(ran.code).toBe(0);
    const file = path.join(dir, 'run.json');
    const text = await readFile(file, 'utf8');
    expect(text.length).toBeGreaterThan(65_536);
    const report = JSON.parse(text) as { results: Array<{ row: number; entry: { request: { payload: { customer_name: string } } } }> };
    expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(report.results.map((result) => result.row)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(report.results[29]!.entry.request.payload.customer_name).toBe('Customer "29"');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('CSV: a header and one quoted line per result', async () => {
    const ran = await run([await suite(GOOD, ROWS), '--sandbox', '--reporter', 'csv']);
    const lines = ran.stdout.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toMatch(
      /^"reflects customer",1,"3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73",true,"",200,,\d+(\.\d+)?,\d+(\.\d+)?,"Hi Dana,/,
    );
  });

  it('HTML: one page with the results table and each exchange, its text escaped', async () => {
    const ran = await run([await suite(GOOD, ROWS), '--sandbox', '--reporter', 'html', '--out', 'run.html']);
    expect(ran.code).toBe(0);
    const html = await readFile(path.join(dir, 'run.html'), 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('orders: 2 of 2 passed');
    expect(doc.querySelectorAll('.summary tbody tr')).toHaveLength(2);
    expect(doc.querySelectorAll('article.entry')).toHaveLength(2);
    expect(html).not.toContain('<b>&');
    expect(doc.querySelector('#result-2 pre.answer')?.textContent).toContain('Lee <b>&');
  });
});

describe('the limits of a run, and errors nobody foresaw', () => {
  /**
   * `agent-explorer run` holds to the app's limits of a run (concurrency, rate, at most 1,000,000
   * requests by default), the request cap settable with --max-requests and checked before the plan is made;
   * and an error nobody foresaw is one line and exit 2.
   */
  // The file's dir and suite() serve here too; the platform is a loopback server of its own.
  const KEY = PLATFORM_KEY;
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'ok', duration: '1ms' })));
  });
  afterEach(async () => server.close());

  const run = (argv: string[], extra: Partial<RunCliIo> = {}): Promise<CliRan> =>
    runInProcess(argv, { cwd: dir, env: { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: KEY }, io: extra });

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

    it('a data file of more rows than the cap stops being read at the first row past it', async () => {
      // The broken line at the end is never reached: the rows stop the parse first.
      const file = await suite({ data: 'rows.csv', agents: ['a1'], cases: [{}] }, { 'rows.csv': `n\n${'1\n'.repeat(10_001)}"open` });
      const ran = await run([file, '--max-requests', '10000']);
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain('rows.csv: line 10002: the data file has more than 10,000 rows: a run sends at most 10,000 requests');
      expect(server.requests).toHaveLength(0);
    });

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
      expect(ran.stdout).toContain('--max-requests N       refuse a run of more than N requests (default 1,000,000)');
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
});

describe('agent-explorer run: judge expectations', () => {
  const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
  const CHECKLIST = 'c6d1a8e3-4f72-4b95-8e0a-3d9b7f1c5e24';
  const JUDGED = {
    name: 'replies',
    defaults: { agent: DRAFTER, expect: { judge: { guideline: CHECKLIST } } },
    cases: [
      { name: 'refund', payload: { customer_name: 'Dana', company: 'Northwind', topic: 'a refund' } },
      { name: 'login', payload: { customer_name: 'Ravi', company: 'Northwind', topic: 'signing in' } },
    ],
  };

  it('needs a judge agent: from the expectation or --judge-agent (an id), else nothing is sent', async () => {
    const file = await suite(JUDGED);
    const none = await run([file, '--sandbox']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'case 1 "refund": cases[0].expect.judge.agent: is missing: name the judge agent here, or give the run a default judge (--judge-agent ID)',
    );
    const bad = await run([file, '--sandbox', '--judge-agent', 'judge']);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining("--judge-agent must be the judge agent's id") });
    expect((await run(['--help'])).stdout).toMatch(/--judge-agent ID +the judge agent of the suite's judge expectations that name none/);
  });

  it('says the verdict on each line, the failed rule under a failure, and every reporter carries it', async () => {
    const ran = await run([
      await suite(JUDGED),
      '--sandbox',
      '--judge-agent',
      JUDGE,
      '--reporter-junit',
      'r.xml',
      '--reporter-json',
      'r.json',
      '--reporter-csv',
      'r.csv',
      '--reporter-html',
      'r.html',
    ]);
    expect(ran.code).toBe(1);
    expect(ran.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^PASS refund @ Support reply drafter \(3f6c2a8e…\) {2}200 .* ms {2}judge: all 5 rules passed$/),
      expect.stringMatching(/^FAIL login @ Support reply drafter \(3f6c2a8e…\) {2}200 .* ms {2}judge: rule 4 failed$/),
      '     judge: expected judge "Support reply checklist" rules 1–5 pass, got rule 4 failed',
      '     rule 4: The answer does not say "refund".',
      expect.stringMatching(/^replies: 2 run, 1 passed, 1 failed in /),
    ]);
    const junit = await readFile(path.join(dir, 'r.xml'), 'utf8');
    expect(junit).toContain('<system-out>judge: all 5 rules passed</system-out>');
    expect(junit).toContain('type="judge"');
    expect(junit).toContain('rule 4: The answer does not say &quot;refund&quot;.');
    const json = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8')) as { results: Array<{ judge: unknown }> };
    expect(json.results[1]!.judge).toMatchObject({
      passed: false,
      verdict: 'rule 4 failed',
      failedRules: [4],
      agent: JUDGE,
      guideline: { id: CHECKLIST, name: 'Support reply checklist', versionHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      rules: expect.arrayContaining([{ rule: 4, pass: false, why: 'The answer does not say "refund".' }]),
    });
    const csv = (await readFile(path.join(dir, 'r.csv'), 'utf8')).split('\r\n');
    expect(csv[0]).toBe(CSV_COLUMNS.join(','));
    expect(csv[1]).toMatch(/,"all 5 rules passed",""$/);
    expect(csv[2]).toMatch(/,"rule 4 failed","4"$/);
    const html = await readFile(path.join(dir, 'r.html'), 'utf8');
    expect(html).toContain('rule 4: The answer does not say &quot;refund&quot;.');
    expect(html).toContain('judge: all 5 rules passed');
  });
});
