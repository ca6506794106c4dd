// @vitest-environment jsdom
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openReportOutputs } from '../../../electron/cli/reportOutputs';
import { planFrom } from '../../../electron/core/runs/planSource';
import type { RunCliIo } from '../../../electron/cli/run';
import type { RunResult } from '../../../electron/core/runs/runner';
import type { PlannedCase } from '../../../electron/shared/runs/suiteTypes';
import { STOPPED_RUN } from '../core/reports/reportSamples';
import { renderReport } from '../../../electron/core/reports/runs/reporters';
import type { RunReport } from '../../../electron/core/reports/runs/runReport';
import { startTestServer, type TestServer } from '../../support/testServer';
import { runInProcess } from '../../support/cliRun';

/**
 * Several reports from one run (`--reporter-junit FILE`, `--reporter-json FILE`,
 * `--reporter-html FILE`, `--reporter-csv FILE`, any together, the pretty lines on the terminal
 * at the same time), each written while the run goes: through the command itself against an
 * embedded Sandbox or a loopback server. Every report of a run is the same run: each is exactly
 * what its reporter writes whole from the JSON report's results.
 */

const SANDBOX_KEY = 'sandbox-secret-key-7f3a9c';
const PLATFORM_KEY = 'platform-secret-key-42bd1e';
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let server: TestServer | undefined;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'run-reports-'))));
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[], env: Record<string, string> = {}, extra: Partial<RunCliIo> = {}) =>
  runInProcess(argv, { cwd: dir, env, io: { sandboxKey: SANDBOX_KEY, ...extra } });

const ROWS = 'text,customer\n"Hello, there",Dana\nHi,"Lee <b>&"\nHey,Ana ✓\n';
async function suite(content: unknown = GOOD): Promise<string> {
  await writeFile(path.join(dir, 'rows.csv'), ROWS);
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
      payload: { customer_name: '{{customer}}' },
      expect: { answerContains: '{{customer}}' },
    },
    { name: 'fails', agent: DRAFTER, text: '{{text}}', expect: { answerContains: 'Nobody' } },
  ],
};
const ALL = ['--reporter-junit', 'run.xml', '--reporter-json', 'run.json', '--reporter-html', 'run.html', '--reporter-csv', 'run.csv'];
const read = (name: string) => readFile(path.join(dir, name), 'utf8');
/** Files left in the folder besides the suite, its data and the reports: none (no scratch file). */
const leftovers = async (...reports: string[]) =>
  (await readdir(dir)).filter((name) => !['suite.json', 'rows.csv', 'many.jsonl', ...reports].includes(name));

/** Each report is its reporter's whole file for the JSON report's results: the same run in every format. */
async function expectSameRun(files: { json: string; junit?: string; html?: string; csv?: string }): Promise<RunReport> {
  const report = JSON.parse(await read(files.json)) as RunReport;
  for (const format of ['junit', 'html', 'csv'] as const) {
    const file = files[format];
    if (file !== undefined) expect(await read(file), format).toBe(renderReport(format, report));
  }
  return report;
}

describe('several reporters in one run', () => {
  it('writes JUnit, JSON, HTML and CSV files together, with the pretty lines on the terminal', async () => {
    const ran = await run([await suite(), '--sandbox', '--concurrency', '1', ...ALL]);
    expect(ran.code).toBe(1);
    expect(ran.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^PASS reflects customer \[row 1\]/),
      expect.stringMatching(/^PASS reflects customer \[row 2\]/),
      expect.stringMatching(/^PASS reflects customer \[row 3\]/),
      expect.stringMatching(/^FAIL fails \[row 1\]/),
      expect.stringContaining('answerContains: expected contains "Nobody"'),
      expect.stringMatching(/^FAIL fails \[row 2\]/),
      expect.stringContaining('answerContains'),
      expect.stringMatching(/^FAIL fails \[row 3\]/),
      expect.stringContaining('answerContains'),
      expect.stringMatching(/^orders: 6 run, 3 passed, 3 failed in /),
    ]);
    const report = await expectSameRun({ json: 'run.json', junit: 'run.xml', html: 'run.html', csv: 'run.csv' });
    expect(report.results.map((result) => [result.case, result.row])).toEqual([
      ['reflects customer', 1],
      ['reflects customer', 2],
      ['reflects customer', 3],
      ['fails', 1],
      ['fails', 2],
      ['fails', 3],
    ]);
    const junit = new DOMParser().parseFromString(await read('run.xml'), 'application/xml');
    expect(junit.querySelector('parsererror')).toBeNull();
    expect(junit.querySelector('testsuite')?.getAttribute('failures')).toBe('3');
    expect(new DOMParser().parseFromString(await read('run.html'), 'text/html').querySelector('h1')?.textContent).toBe(
      'orders: 3 of 6 passed',
    );
    expect(await leftovers('run.xml', 'run.json', 'run.html', 'run.csv')).toEqual([]);
  });

  it('--reporter X --out FILE and --reporter X to standard output keep working beside the report files', async () => {
    const toFile = await run([await suite(), '--sandbox', '--reporter', 'json', '--out', 'main.json', '--reporter-junit', 'run.xml']);
    expect(toFile.code).toBe(1);
    expect(toFile.stdout).toMatch(/^orders: 6 run, 3 passed, 3 failed in [\d.]+ s\n$/);
    await expectSameRun({ json: 'main.json', junit: 'run.xml' });

    const toStdout = await run([await suite(), '--sandbox', '--reporter', 'csv', '--reporter-json', 'run.json']);
    expect(toStdout.code).toBe(1);
    expect(toStdout.stderr).toMatch(/^orders: 6 run, 3 passed, 3 failed in /);
    expect(toStdout.stdout).toBe(renderReport('csv', await expectSameRun({ json: 'run.json' })));
    expect(await leftovers('main.json', 'run.xml', 'run.json')).toEqual([]);
  });

  it('keeps the key out of every report, the terminal and standard error, even when the server echoes it', async () => {
    server = await startTestServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-echo': String(request.headers['x-api-key']) });
      response.end(JSON.stringify({ answer: `your key is ${String(request.headers['x-api-key'])}`, duration: '1ms' }));
    });
    const file = await suite({
      name: `run ${PLATFORM_KEY}`,
      cases: [{ agent: 'a1', text: PLATFORM_KEY, expect: { answerContains: 'nothing' } }],
    });
    const env = { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY, AGENT_EXPLORER_AUTH: 'header:X-API-Key' };
    const ran = await run([file, '--reporter', 'junit', '--out', 'main.xml', ...ALL], env);
    expect(ran.code).toBe(1);
    const written = await Promise.all(['main.xml', 'run.xml', 'run.json', 'run.html', 'run.csv'].map(read));
    for (const text of written) expect(text).toContain('[redacted key]');
    expect(`${ran.stdout}${ran.stderr}${written.join('')}`).not.toContain(PLATFORM_KEY);
    expect(server.requests[0]!.headers['x-api-key']).toBe(PLATFORM_KEY);
  });
});

describe('results in the order they come', () => {
  it('are written to every report in plan order, whatever order they come in, places never sent left out', async () => {
    const shown = Array.from({ length: 40 }, (_, index) => ({
      ...STOPPED_RUN.results[index % STOPPED_RUN.results.length]!,
      row: index + 1,
    }));
    const plan = shown.map((_, index) => ({ index }) as PlannedCase);
    const opened = await openReportOutputs(
      { reporter: 'pretty', private: false, reportFiles: { junit: 'run.xml', json: 'run.json', html: 'run.html', csv: 'run.csv' } },
      dir,
      { write: () => undefined },
    );
    if (!opened.ok) throw new Error(opened.message);
    const reports = opened.value;
    reports.begin(planFrom(plan), STOPPED_RUN.suite, () => STOPPED_RUN);
    // Requests side by side finish in any order; a stopped run leaves places whose request was never sent.
    const order = plan.map(({ index }) => index).sort((a, b) => ((a * 37) % 11) - ((b * 37) % 11) || b - a);
    const neverSent = new Set([3, 17]);
    for (const index of order) {
      if (!neverSent.has(index))
        reports.add({ planned: plan[index]!, passed: shown[index]!.passed, result: { ok: true } } as unknown as RunResult, shown[index]!);
    }
    expect(await reports.finish({ ...STOPPED_RUN, results: [] })).toEqual([]);
    const inOrder = { ...STOPPED_RUN, results: shown.filter((_, index) => !neverSent.has(index)) };
    for (const [format, file] of [
      ['junit', 'run.xml'],
      ['json', 'run.json'],
      ['html', 'run.html'],
      ['csv', 'run.csv'],
    ] as const) {
      expect(await read(file), format).toBe(renderReport(format, inOrder));
    }
    expect(await leftovers('run.xml', 'run.json', 'run.html', 'run.csv')).toEqual([]);
  });
});

describe('reports of a run cut short', () => {
  /** A server that answers the first `answered` requests and holds the rest; `arrived` is told of each. */
  async function holding(answered: number, arrived: (count: number) => void): Promise<Record<string, string>> {
    let count = 0;
    server = await startTestServer((_request, response) => {
      count += 1;
      if (count <= answered) response.end(JSON.stringify({ answer: `answer ${count}`, duration: '1ms' }));
      arrived(count);
    });
    await writeFile(path.join(dir, 'many.jsonl'), Array.from({ length: 20 }, (_, index) => JSON.stringify({ n: index })).join('\n'));
    return { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY };
  }

  it('by Ctrl+C: every report is complete for what was run and says the rest was not', async () => {
    let cancel: () => void = () => undefined;
    const env = await holding(3, (count) => count === 4 && cancel());
    const file = await suite({ name: 'held', cases: [{ agent: 'a1', text: 'x{{n}}' }] });
    const ran = await run([file, '--data', 'many.jsonl', '--concurrency', '1', ...ALL], env, {
      onInterrupt: (handler) => {
        cancel = handler;
        return () => undefined;
      },
    });
    // Interrupted: exit code 130, as shells report a command stopped by Ctrl+C.
    expect(ran.code).toBe(130);
    expect(ran.stdout).toContain('held: 4 run, 3 passed, 0 failed, 1 cancelled in flight, 16 not run (stopped)');
    const report = await expectSameRun({ json: 'run.json', junit: 'run.xml', html: 'run.html', csv: 'run.csv' });
    expect(report.summary).toEqual({ total: 20, passed: 3, failed: 1, cancelled: 1, notRun: 16, stopped: true });
    expect(report.notRun).toHaveLength(16);
    expect(await read('run.xml')).toContain('skipped="16"');
    expect(await leftovers('run.xml', 'run.json', 'run.html', 'run.csv')).toEqual([]);
  });

  it('by an error nobody foresaw: exit 2, and every report is still complete for the results that came, said to be stopped', async () => {
    let report: (error: unknown) => void = () => undefined;
    const env = await holding(3, (count) => count === 4 && report(new RangeError('Maximum call stack size exceeded')));
    const file = await suite({ name: 'broken', cases: [{ agent: 'a1', text: 'x{{n}}' }] });
    const ran = await run([file, '--data', 'many.jsonl', '--concurrency', '1', ...ALL], env, {
      onUnexpectedError: (handler) => {
        report = handler;
        return () => (report = () => undefined);
      },
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe('agent-explorer: stopped by an unexpected error: Maximum call stack size exceeded\n');
    const written = await expectSameRun({ json: 'run.json', junit: 'run.xml', html: 'run.html', csv: 'run.csv' });
    expect(written.summary.stopped).toBe(true);
    // The answers judged before the error (the last one may still have been waiting to be judged), in order.
    expect(written.results.length).toBeGreaterThan(0);
    expect(written.results.map((result) => result.entry.answer)).toEqual(
      written.results.map((_result, index) => expect.objectContaining({ answer: `answer ${index + 1}` })),
    );
    expect(written.summary.notRun).toBe(20 - written.results.length);
    expect(written.notRun).toHaveLength(written.summary.notRun);
    expect(await leftovers('run.xml', 'run.json', 'run.html', 'run.csv')).toEqual([]);
  });
});

describe('report options: usage errors on standard error, exit 2, before anything is sent', () => {
  async function refused(args: string[], message: string | RegExp) {
    server ??= await startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'x', duration: '1ms' })));
    const ran = await run([await suite(), ...args], { AGENT_EXPLORER_BASE_URL: server.url, AGENT_EXPLORER_API_KEY: PLATFORM_KEY });
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    if (typeof message === 'string') expect(ran.stderr.startsWith(`agent-explorer: ${message}`), ran.stderr).toBe(true);
    else expect(ran.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
    expect(await leftovers('reports')).toEqual([]);
  }

  it('the same file named twice', async () => {
    await refused(
      ['--reporter-junit', 'run.xml', '--reporter-html', './run.xml'],
      `--reporter-junit and --reporter-html both name ${path.join(dir, 'run.xml')}`,
    );
    await refused(['--reporter', 'json', '--out', 'run.json', '--reporter-json', 'run.json'], '--out and --reporter-json both name');
  });

  it('a folder given as the file', async () => {
    await mkdir(path.join(dir, 'reports'));
    await refused(['--reporter-html', 'reports'], `--reporter-html names a folder, ${path.join(dir, 'reports')}: give a file name`);
  });

  it('a folder that does not exist', async () => {
    await refused(
      ['--reporter-csv', path.join('nowhere', 'run.csv')],
      /^agent-explorer: the report could not be written to .*run\.csv: .*ENOENT/,
    );
  });

  it('a reporter option without its file, or an unknown reporter', async () => {
    await refused(['--reporter-junit'], '--reporter-junit needs a value');
    await refused(['--reporter-json='], '--reporter-json needs a file name');
    await refused(['--reporter-xml', 'run.xml'], 'unknown option --reporter-xml');
    await refused(['--reporter', 'xml'], '--reporter must be one of pretty, junit, json, csv, html');
  });

  it('--help lists the report options', async () => {
    const help = (await run(['--help'])).stdout;
    for (const format of ['junit', 'json', 'html', 'csv'])
      expect(help).toMatch(new RegExp(`^  --reporter-${format} FILE +also write`, 'm'));
  });
});
