// @vitest-environment jsdom
import type { ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSync } from 'node:sqlite';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import { unpackDetail } from '../../../../electron/core/db/packedDetail';
import type { PlatformClient, PlatformTarget } from '../../../../electron/core/http/platformClient';
import { createSqliteRunStore, type RunStore } from '../../../../electron/core/runs/runStore';
import { createRunMethods, MAX_RUN_REQUESTS, type RunServiceDeps } from '../../../../electron/core/runs/runService';
import { startSandbox, type SandboxServer } from '../../../../electron/sandbox/server';
import type { Api, RunDataFile, RunExportFormat, RunProgress, RunResultRow, StartRunRequest } from '../../../../electron/shared/api';
import { createDataUploads } from '../../../../electron/core/runs/dataUploads';
import { sendRunData } from '../../../../renderer/features/runs/sendRunData';
import { testClient, testTarget } from '../../../support/platformClient';
import { closedPort, startTestServer, type TestServer } from '../../../support/testServer';
import { memoryDatabase } from '../../../support/memoryDatabase';
import { createExportTickets } from '../../../../electron/core/reports/runs/exportTickets';
import { heldExportText } from '../../../support/heldExports';

/**
 * The host's run service against the real Sandbox (and a loopback server where a test needs to
 * hold answers back): what the run view and the command line's reports are made from.
 */

const KEY = 'RUN-SENTINEL-KEY-5e8d2c7b9a41';
const ECHO = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const PROFILE = { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1' };

let sandbox: SandboxServer;
let server: TestServer | undefined;
const cleanups: Array<() => void> = [];
beforeAll(async () => {
  sandbox = await startSandbox({ apiKey: KEY, latency: 'none' });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await server?.close();
  server = undefined;
  while (cleanups.length) cleanups.pop()!();
});

interface HostOptions {
  store?: RunStore;
  target?: PlatformTarget;
  batchMs?: number;
  /** The largest run the settings allow; the default when absent. */
  maxRequests?: number;
  fetchGuideline?: RunServiceDeps['fetchGuideline'];
}

/** The run service as the core builds it, with every pushed event kept (and when it came). */
function host(options: HostOptions = {}) {
  const events: Array<RunProgress & { at: number }> = [];
  const waiters = new Set<() => void>();
  const real = testClient();
  let sent = 0;
  const client: PlatformClient = {
    ...real,
    invoke: (...args) => {
      sent += 1;
      return real.invoke(...args);
    },
  };
  const store = options.store ?? memoryDatabase().runs;
  const exports = createExportTickets();
  const methods = createRunMethods({
    store,
    client,
    exports,
    uploads: testUploads(),
    resolve: async (profileId) =>
      profileId === PROFILE.id
        ? { ok: true, value: { profile: PROFILE, target: options.target ?? testTarget(sandbox.url, KEY) } }
        : { ok: false, error: { code: 'invalid_argument', message: `There is no profile "${profileId}".` } },
    emit: (progress) => {
      events.push({ ...structuredClone(progress), at: performance.now() });
      for (const wake of waiters) wake();
    },
    wallClock: () => new Date(),
    version: '0.0.0-test',
    ...(options.batchMs === undefined ? {} : { batchMs: options.batchMs }),
    ...(options.maxRequests === undefined ? {} : { maxRequests: async () => options.maxRequests! }),
    ...(options.fetchGuideline === undefined ? {} : { fetchGuideline: options.fetchGuideline }),
  });
  const { stopAll } = methods;
  /** startRun as the page makes it: a data file is sent in pieces first (sendRunData), then named by its id. */
  const api = {
    ...methods.api,
    async startRun(request: TestStart): ReturnType<Api['startRun']> {
      const sent = request.data ? await sendRunData(methods.api, request.data) : null;
      if (sent && !sent.ok) return sent;
      return methods.api.startRun({ ...request, data: sent?.value ?? null });
    },
  };
  /** Resolves with the first pushed event `test` accepts (already pushed, or when it comes). */
  const eventWhere = (test: (progress: RunProgress) => boolean) =>
    new Promise<RunProgress>((resolve) => {
      const look = () => {
        const found = events.find(test);
        if (!found) return;
        waiters.delete(look);
        resolve(found);
      };
      waiters.add(look);
      look();
    });
  const ended = (runId: string) => eventWhere((progress) => progress.runId === runId && progress.state !== 'running');
  /** A run exported as the page asks for it, and the file's text as its save writes it. */
  const exported = async (runId: string, format: RunExportFormat) => {
    const file = await api.exportRun({ runId, format });
    if (!file.ok) throw new Error(file.error.message);
    return { ...file.value, content: await heldExportText(exports, file.value.ticket) };
  };
  return { api, stopAll, store, events, ended, eventWhere, exported, sent: () => sent };
}

/** Everything a database keeps of runs, as text: runs, results, and each result's detail unpacked (core/db/packedDetail.ts). */
function storedText(db: DatabaseSync): string {
  const details = (db.prepare('SELECT body FROM run_details').all() as Array<{ body: Uint8Array }>).map(({ body }) => unpackDetail(body));
  return JSON.stringify([db.prepare('SELECT * FROM runs').all(), db.prepare('SELECT * FROM run_results').all(), details]);
}

/** A run's request with its data file as the page holds it (the test's startRun sends it first). */
type TestStart = Omit<StartRunRequest, 'data'> & { data: RunDataFile | null };

function start(overrides: Partial<TestStart> & Pick<TestStart, 'suite'>): TestStart {
  return { profileId: PROFILE.id, suiteFile: 'orders.json', data: null, ...overrides };
}

/** Where a test's run data files wait: a folder of its own, removed after the test. */
function testUploads() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-run-data-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return createDataUploads({ dir });
}

/** Starts a run and waits for its final event. */
async function runToEnd(service: ReturnType<typeof host>, request: TestStart) {
  const started = await service.api.startRun(request);
  if (!started.ok) throw new Error(JSON.stringify(started.error));
  const final = await service.ended(started.value.runId);
  return { runId: started.value.runId, total: started.value.total, final };
}

const REFLECTS = {
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
const ROWS = { name: 'rows.csv', text: 'text,customer\n"Hello, there",Dana\nHi,Lee\nHey,Ada\n' };

describe('starting a run', () => {
  it('refuses a bad suite with every problem, and sends nothing', async () => {
    const service = host();
    const bad = { cases: [{ name: 'one', agent: ECHO, expect: { answerMatches: '(' } }, { agent: 7 }] };
    const started = await service.api.startRun(start({ suite: bad }));
    expect(started).toMatchObject({ ok: false, error: { code: 'bad_suite' } });
    const problems = started.ok ? [] : (started.error.problems ?? []);
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems).toContainEqual(
      expect.objectContaining({ file: 'orders.json', case: { number: 1, name: 'one' }, field: 'cases[0].expect.answerMatches' }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ case: { number: 2 }, field: 'cases[1].agent' }));
    // A suite naming a data file that was not given, and a data file with a bad line.
    const noData = await service.api.startRun(start({ suite: REFLECTS }));
    expect(!noData.ok && noData.error.problems).toEqual([
      expect.objectContaining({ field: 'data', message: expect.stringContaining('rows.csv') }),
    ]);
    const badData = await service.api.startRun(
      start({ suite: REFLECTS, data: { name: 'rows.jsonl', text: '{"text":"a","customer":"b"}\nnot json\n' } }),
    );
    expect(!badData.ok && badData.error.problems).toEqual([expect.objectContaining({ file: 'rows.jsonl', field: 'line 2' })]);
    expect(service.sent()).toBe(0);
    expect(await service.api.listRuns({})).toEqual({ ok: true, value: [] });
  });

  it('refuses a plan over the default cap of a million requests, saying where it is set, and sends nothing', async () => {
    const service = host();
    expect(MAX_RUN_REQUESTS).toBe(1_000_000);
    const big = await service.api.startRun(
      start({ suite: { cases: [{ agent: ECHO }, { agent: ECHO }] }, iterations: MAX_RUN_REQUESTS / 2 + 1 }),
    );
    expect(big).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringContaining('at most 1,000,000 (Settings, Largest run)') },
    });
    expect(service.sent()).toBe(0);
  });

  it('refuses a plan over the cap the settings give, by iterations or by data rows, and sends nothing', async () => {
    const service = host({ maxRequests: 100_000 });
    const big = await service.api.startRun(start({ suite: { cases: [{ agent: ECHO }, { agent: ECHO }] }, iterations: 50_001 }));
    expect(big).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('at most 100,000') } });
    const rows = { name: 'rows.csv', text: `n\n${Array.from({ length: 50_001 }, (_, index) => index).join('\n')}\n` };
    const wide = await service.api.startRun(
      start({ suite: { data: 'rows.csv', agents: [ECHO, DRAFTER], cases: [{ text: '{{n}}' }] }, data: rows }),
    );
    expect(wide).toMatchObject({
      ok: false,
      error: { code: 'bad_suite', problems: [expect.objectContaining({ message: expect.stringContaining('100002 requests') })] },
    });
    expect(service.sent()).toBe(0);
  });

  it('substitutes each row of the data text the page sent, and answers at once with the total', async () => {
    const service = host();
    const started = await service.api.startRun(start({ suite: REFLECTS, data: ROWS }));
    expect(started).toMatchObject({ ok: true, value: { total: 3 } });
    const runId = started.ok ? started.value.runId : '';
    expect((await service.api.getRun({ runId })).ok).toBe(true);
    const final = await service.ended(runId);
    expect(final).toMatchObject({ state: 'passed', total: 3, completed: 3, passed: 3, failed: 0 });
    const page = await service.api.listRunResults({ runId, offset: 0, limit: 10 });
    expect(
      page.ok && page.value.rows.map((row) => [row.row, row.passed, row.answerStart.includes(['Dana', 'Lee', 'Ada'][row.index]!)]),
    ).toEqual([
      [1, true, true],
      [2, true, true],
      [3, true, true],
    ]);
    const detail = await service.api.getRunResult({ runId, index: 1 });
    expect(detail).toMatchObject({
      ok: true,
      value: { request: { agentId: DRAFTER, text: 'Hi', payload: { customer_name: 'Lee' } }, profile: PROFILE },
    });
  });

  it('sends the whole plan `iterations` times, each result saying which pass it was', async () => {
    const service = host();
    const { runId, total, final } = await runToEnd(
      service,
      start({
        suite: {
          cases: [
            { name: 'a', agent: ECHO, text: 'one' },
            { name: 'b', agent: ECHO, text: 'two' },
          ],
        },
        iterations: 3,
        kind: 'repeat',
      }),
    );
    expect(total).toBe(6);
    expect(final).toMatchObject({ state: 'passed', completed: 6 });
    const page = await service.api.listRunResults({ runId, offset: 0, limit: 10 });
    expect(page.ok && page.value.rows.map((row) => [row.index, row.caseName, row.iteration])).toEqual([
      [0, 'a', 1],
      [1, 'b', 1],
      [2, 'a', 2],
      [3, 'b', 2],
      [4, 'a', 3],
      [5, 'b', 3],
    ]);
    expect(await service.api.getRun({ runId })).toMatchObject({
      ok: true,
      value: { kind: 'repeat', total: 6, settings: { iterations: 3, concurrency: 8 } },
    });
    expect(service.sent()).toBe(6);
  });

  it("sends Repeat's request as typed: {{braces}} in it are text, while a suite without data refuses them", async () => {
    const service = host();
    const typed = { cases: [{ agent: ECHO, text: 'Say {{name}} back', payload: { note: '{{ticket}}' } }] };
    const refused = await service.api.startRun(start({ suite: typed }));
    expect(refused.ok ? null : refused.error.code).toBe('bad_suite');
    const { runId, final } = await runToEnd(service, start({ suite: typed, iterations: 2, kind: 'repeat' }));
    expect(final).toMatchObject({ state: 'passed', completed: 2 });
    const detail = await service.api.getRunResult({ runId, index: 0 });
    expect(detail.ok && detail.value.request).toMatchObject({ text: 'Say {{name}} back', payload: { note: '{{ticket}}' } });
  });
});

describe('progress', () => {
  it('is pushed in batches at most every ~100 ms, every result once, then one final event', async () => {
    // Answers spread over about 600 ms, so a run of 60 results spans several batches.
    server = await startTestServer((_request, response, body) => {
      setTimeout(() => answer(response, body), 10);
    });
    const service = host({ target: testTarget(server.url, KEY) });
    const { runId, final } = await runToEnd(
      service,
      start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, iterations: 60, concurrency: 1 }),
    );
    const mine = service.events.filter((progress) => progress.runId === runId);
    expect(mine.at(-1)).toBe(final);
    expect(final).toMatchObject({ state: 'passed', completed: 60, passed: 60, waitingMs: null });
    expect(mine.filter((progress) => progress.state !== 'running')).toHaveLength(1);
    const running = mine.filter((progress) => progress.state === 'running');
    expect(running.length).toBeGreaterThan(1);
    expect(running.length).toBeLessThan(30); // batched: far fewer events than results
    for (let i = 1; i < running.length; i += 1) expect(running[i]!.at - running[i - 1]!.at).toBeGreaterThanOrEqual(90);
    expect(mine.flatMap((progress) => progress.rows.map((row) => row.index)).sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    // Counts grow with the events.
    expect(running.map((progress) => progress.completed)).toEqual([...running.map((progress) => progress.completed)].sort((a, b) => a - b));
  });

  it('writes results in one transaction per batch, not one per result', async () => {
    const store = memoryDatabase().runs;
    let writes = 0;
    const counting: RunStore = {
      ...store,
      addResults: (...args) => {
        writes += 1;
        return store.addResults(...args);
      },
    };
    const service = host({ store: counting });
    const { final } = await runToEnd(service, start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, iterations: 300 }));
    expect(final.completed).toBe(300);
    expect(writes).toBeLessThan(30);
  });

  it('writes and lets go of at most 500 results at a time, however long its batch time, as they come', async () => {
    // A batch is bounded by count too: a fast platform must not pile up a batch time's worth of
    // exchanges (10,000 a second is 1,000 full results in 100 ms) before any is written.
    const store = memoryDatabase().runs;
    const batches: number[] = [];
    const counting: RunStore = {
      ...store,
      addResults: (...args) => {
        batches.push(args[1].length);
        return store.addResults(...args);
      },
    };
    const service = host({ store: counting, batchMs: 600_000 });
    const { runId, final } = await runToEnd(service, start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, iterations: 1200 }));
    expect(final).toMatchObject({ state: 'passed', completed: 1200 });
    expect(Math.max(...batches)).toBeLessThanOrEqual(500);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(1200);
    // Pushed as written: no event carries more than a batch, and the page sees every result once.
    const mine = service.events.filter((progress) => progress.runId === runId);
    expect(Math.max(...mine.map((progress) => progress.rows.length))).toBeLessThanOrEqual(500);
    expect(mine.flatMap((progress) => progress.rows.map((row) => row.index)).sort((a, b) => a - b)).toEqual([...Array(1200).keys()]);
    const page = await service.api.listRunResults({ runId, offset: 0, limit: 1 });
    expect(page.ok && page.value.total).toBe(1200);
  });
});

describe('a run that waits or cannot reach the platform', () => {
  it('says it is waiting while a 429’s Retry-After runs, then passes', async () => {
    server = await startTestServer((_request, response, body) => {
      if (server!.requests.length === 1) {
        response.writeHead(429, { 'retry-after': '1' });
        response.end('{}');
      } else answer(response, body);
    });
    const service = host({ target: testTarget(server.url, KEY) });
    const { runId, final } = await runToEnd(service, start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, concurrency: 1 }));
    const waiting = service.events.find((progress) => progress.runId === runId && progress.waitingMs !== null);
    expect(waiting).toMatchObject({ state: 'running', completed: 0 });
    expect(waiting!.waitingMs).toBeGreaterThan(500);
    expect(final).toMatchObject({ state: 'passed', waitingMs: null });
    expect(await service.api.getRunResult({ runId, index: 0 })).toMatchObject({ ok: true, value: { row: { attempts: 2, passed: true } } });
  });

  it('ends `unreachable` when nothing answers the first request, sending no more', async () => {
    const port = await closedPort();
    const service = host({ target: testTarget(`http://127.0.0.1:${port}`, KEY) });
    const { runId, final } = await runToEnd(service, start({ suite: { cases: [{ agent: ECHO }] }, iterations: 50, concurrency: 1 }));
    expect(final).toMatchObject({ state: 'unreachable', completed: 1, failed: 1 });
    expect(await service.api.getRun({ runId })).toMatchObject({ ok: true, value: { state: 'unreachable', notRun: 49 } });
    expect(service.sent()).toBe(1);
  });
});

function answer(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ answer: `You said: ${(JSON.parse(body) as { text: string }).text}`, duration: '1ms', token: 't' }));
}

describe('cancel', () => {
  it('stops a run mid-way: in-flight requests end cancelled, the rest are counted as not run', async () => {
    let received = 0;
    let wake: () => void = () => undefined;
    const fourth = new Promise<void>((resolve) => (wake = resolve));
    server = await startTestServer((_request, response, body) => {
      received += 1;
      if (received <= 2) answer(response, body);
      else if (received === 4) wake(); // the 3rd and 4th are held: in flight when the run is cancelled
    });
    const service = host({ target: testTarget(server.url, KEY) });
    const started = await service.api.startRun(start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, iterations: 20, concurrency: 2 }));
    const runId = started.ok ? started.value.runId : '';
    await fourth;
    expect(await service.api.deleteRun({ runId })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', message: expect.stringContaining('still going') },
    });
    expect(await service.api.cancelRun({ runId })).toEqual({ ok: true, value: { cancelled: true } });
    const final = await service.ended(runId);
    expect(final).toMatchObject({ state: 'cancelled', completed: 4, passed: 2, failed: 2, cancelled: 2 });
    expect(await service.api.getRun({ runId })).toMatchObject({
      ok: true,
      value: { state: 'cancelled', completed: 4, cancelled: 2, notRun: 16, finishedAt: expect.any(String) },
    });
    expect(await service.api.cancelRun({ runId })).toEqual({ ok: true, value: { cancelled: false } });
    const failures = await service.api.listRunResults({ runId, offset: 0, limit: 10, failuresOnly: true });
    expect(failures.ok && failures.value.rows.map((row) => row.errorCode)).toEqual(['cancelled', 'cancelled']);
    expect(await service.api.deleteRun({ runId })).toEqual({ ok: true, value: { deleted: true } });
    expect(await service.api.getRun({ runId })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });
});

const MIXED = {
  name: 'mixed',
  data: 'rows.csv',
  agents: [ECHO, DRAFTER],
  cases: [{ name: 'says it', text: '{{text}}', payload: { customer_name: '{{text}}' }, expect: { answerContains: '{{want}}' } }],
};
const MIXED_ROWS = { name: 'rows.csv', text: 'text,want\nalpha,alpha\nbeta,gamma\ndelta,delta\n' };

describe('a finished run', () => {
  it('pages its results, all or the failures only, in plan order', async () => {
    const service = host();
    const { runId, final } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    expect(final).toMatchObject({ state: 'failed', total: 6, passed: 4, failed: 2 });
    const all = await service.api.listRunResults({ runId, offset: 1, limit: 2 });
    expect(all.ok && [all.value.total, all.value.rows.map((row) => row.index)]).toEqual([6, [1, 2]]);
    const failures = await service.api.listRunResults({ runId, offset: 0, limit: 10, failuresOnly: true });
    expect(failures.ok && failures.value.total).toBe(2);
    expect(
      failures.ok && failures.value.rows.map((row: RunResultRow) => [row.index, row.row, row.agentId, row.failed[0]?.split(':')[0]]),
    ).toEqual([
      [2, 2, ECHO, 'answerContains'],
      [3, 2, DRAFTER, 'answerContains'],
    ]);
  });

  it('gives one result in full: the request as sent, the exchange and each expectation', async () => {
    const service = host();
    const { runId } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    const detail = await service.api.getRunResult({ runId, index: 2 });
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.value.request).toEqual({ agentId: ECHO, text: 'beta', payload: { customer_name: 'beta' } });
    expect(detail.value.result.ok && detail.value.result.value.response.answer).toContain('beta');
    expect(detail.value.result.ok && detail.value.result.value.exchange.status).toBe(200);
    expect(detail.value.expectations).toEqual([
      { kind: 'status', passed: true, expected: '200', actual: '200' },
      expect.objectContaining({ kind: 'contract', passed: true }),
      expect.objectContaining({ kind: 'answerContains', passed: false, expected: 'contains "gamma"' }),
    ]);
    expect(detail.value.row).toMatchObject({ index: 2, passed: false, status: 200 });
    expect(Date.parse(detail.value.recordedAt)).not.toBeNaN();
    expect(await service.api.getRunResult({ runId, index: 99 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });

  it('has latency percentiles and histograms of every round trip and server time', async () => {
    const service = host();
    const { runId } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    const latency = await service.api.getRunLatency({ runId });
    if (!latency.ok) throw new Error(latency.error.message);
    expect(latency.value.roundTrip?.count).toBe(6);
    expect(latency.value.server?.count).toBe(6);
    expect(latency.value.roundTripBins.reduce((sum, bin) => sum + bin.count, 0)).toBe(6);
    expect(latency.value.serverBins.reduce((sum, bin) => sum + bin.count, 0)).toBe(6);
  });

  it('has a matrix of cases × rows against its two agents', async () => {
    const service = host();
    const { runId } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    const matrix = await service.api.getRunMatrix({ runId });
    if (!matrix.ok) throw new Error(matrix.error.message);
    expect(matrix.value.agents).toEqual([ECHO, DRAFTER]);
    expect(matrix.value.total).toBe(3);
    expect(matrix.value.rows.map((line) => [line.caseName, line.row, line.cells.map((cell) => cell?.passed)])).toEqual([
      ['says it', 1, [true, true]],
      ['says it', 2, [false, false]],
      ['says it', 3, [true, true]],
    ]);
    expect(matrix.value.rows[1]!.cells[0]).toMatchObject({
      index: 2,
      status: 200,
      answerStart: expect.stringContaining('beta'),
      failed: [expect.stringContaining('answerContains')],
    });
  });

  it('compares with an earlier run: newly failing and passing, changed answers whole, latency of both', async () => {
    const service = host();
    const before = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    // Row 2 now passes, row 3 now fails, and their answers changed.
    const after = await runToEnd(
      service,
      start({ suite: MIXED, data: { name: 'rows.csv', text: 'text,want\nalpha,alpha\ngamma,gamma\nepsilon,delta\n' } }),
    );
    const compared = await service.api.compareRuns({ before: before.runId, after: after.runId });
    if (!compared.ok) throw new Error(compared.error.message);
    const { value } = compared;
    expect(value.before.runId).toBe(before.runId);
    expect(value.newlyFailing.items.map((pair) => [pair.after.row, pair.after.agentId])).toEqual([
      [3, ECHO],
      [3, DRAFTER],
    ]);
    expect(value.newlyPassing.items.map((pair) => [pair.before.row, pair.after.row])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(value.answerChanged.items).toHaveLength(4);
    expect(value.answerChanged.total).toBe(4);
    const echoed = value.answerChanged.items.find((change) => change.after.agentId === ECHO && change.after.row === 3)!;
    expect(echoed.beforeAnswer).toContain('delta');
    expect(echoed.afterAnswer).toContain('epsilon');
    expect([value.onlyBefore, value.onlyAfter]).toEqual([0, 0]);
    expect(value.latency.before.roundTrip?.count).toBe(6);
    expect(value.latency.after.server?.count).toBe(6);
  });

  it('exports as JUnit XML, JSON, CSV and HTML, named from the suite and the day', async () => {
    const service = host();
    const { runId } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    const day = new Date().toISOString().slice(0, 10);
    const junit = await service.exported(runId, 'junit');
    expect(junit).toMatchObject({ fileName: `mixed-run-${day}.xml`, mediaType: 'application/xml' });
    const doc = new DOMParser().parseFromString(junit.content, 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect(doc.documentElement.tagName).toBe('testsuites');
    const testsuite = doc.documentElement.children[0]!;
    expect(testsuite.tagName).toBe('testsuite');
    const cases = [...testsuite.children];
    expect(cases).toHaveLength(6);
    expect(
      cases.every((element) => element.tagName === 'testcase' && element.getAttribute('name') && element.getAttribute('classname')),
    ).toBe(true);
    expect([
      testsuite.getAttribute('tests'),
      testsuite.getAttribute('failures'),
      testsuite.getAttribute('errors'),
      testsuite.getAttribute('skipped'),
    ]).toEqual(['6', '2', '0', '0']);
    expect(
      cases.filter((element) => element.querySelector('failure')).map((element) => element.querySelector('failure')!.getAttribute('type')),
    ).toEqual(['answerContains', 'answerContains']);

    const json = await service.exported(runId, 'json');
    expect(json.fileName).toBe(`mixed-run-${day}.json`);
    const report = JSON.parse(json.content) as {
      format: string;
      suite: string;
      summary: { total: number; failed: number };
      results: unknown[];
    };
    expect(report).toMatchObject({ format: 'agent-explorer-run', suite: 'mixed', summary: { total: 6, failed: 2 } });
    expect(report.results).toHaveLength(6);

    const csv = await service.exported(runId, 'csv');
    expect(csv).toMatchObject({ fileName: `mixed-run-${day}.csv`, mediaType: 'text/csv' });
    expect(csv.content.trim().split('\r\n')).toHaveLength(7);

    const html = await service.exported(runId, 'html');
    expect(html).toMatchObject({ fileName: `mixed-run-${day}.html`, mediaType: 'text/html' });
    expect(html.content).toMatch(/^<!doctype html>/i);
  });

  it('answers an export with its name, its type and a ticket for its save, never its text', async () => {
    const service = host();
    const { runId } = await runToEnd(service, start({ suite: MIXED, data: MIXED_ROWS }));
    const file = await service.api.exportRun({ runId, format: 'csv' });
    expect(file).toMatchObject({ ok: true, value: { ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    expect(Object.keys(file.ok ? file.value : {}).sort()).toEqual(['fileName', 'mediaType', 'ticket']);
  });

  it('refuses a run that does not exist, by its id', async () => {
    const service = host();
    for (const call of [
      service.api.getRun({ runId: 'nope' }),
      service.api.listRunResults({ runId: 'nope', offset: 0, limit: 1 }),
      service.api.getRunLatency({ runId: 'nope' }),
      service.api.getRunMatrix({ runId: 'nope' }),
      service.api.compareRuns({ before: 'nope', after: 'nope' }),
      service.api.exportRun({ runId: 'nope', format: 'csv' }),
    ]) {
      expect(await call).toMatchObject({
        ok: false,
        error: { code: 'invalid_argument', message: expect.stringContaining('no run "nope"') },
      });
    }
    expect(await service.api.deleteRun({ runId: 'nope' })).toEqual({ ok: true, value: { deleted: false } });
  });
});

describe('the key', () => {
  it('is in no returned value and nothing stored, even when the suite holds it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-run-key-'));
    const opened = openHistoryDatabase(path.join(dir, 'history.sqlite'));
    if (opened.kind !== 'open') throw new Error(opened.problem);
    cleanups.push(() => {
      opened.db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const service = host({ store: createSqliteRunStore(opened.db) });
    const leaky = {
      name: `suite ${KEY}`,
      data: 'rows.csv',
      agents: [ECHO, DRAFTER],
      cases: [
        {
          name: `case ${KEY}`,
          text: `my key is ${KEY} {{n}}`,
          payload: { customer_name: KEY },
          expect: { answerContains: KEY, answerNotContains: 'x' },
        },
      ],
    };
    const { runId, final } = await runToEnd(
      service,
      start({ suite: leaky, suiteFile: `${KEY}.json`, data: { name: 'rows.csv', text: `n\n1\n${KEY}\n` } }),
    );
    const returned = [
      JSON.stringify(service.events),
      JSON.stringify(final),
      JSON.stringify(await service.api.listRuns({})),
      JSON.stringify(await service.api.getRun({ runId })),
      JSON.stringify(await service.api.listRunResults({ runId, offset: 0, limit: 100 })),
      JSON.stringify(await Promise.all([0, 1, 2, 3].map((index) => service.api.getRunResult({ runId, index })))),
      JSON.stringify(await service.api.getRunLatency({ runId })),
      JSON.stringify(await service.api.getRunMatrix({ runId })),
      JSON.stringify(await service.api.compareRuns({ before: runId, after: runId })),
      ...(await Promise.all(
        (['junit', 'json', 'csv', 'html'] as const).map(async (format) => JSON.stringify(await service.exported(runId, format))),
      )),
      JSON.stringify(await service.api.startRun(start({ suite: { cases: [{ agent: ECHO, expect: { answerMatches: `(${KEY}` } }] } }))),
    ];
    for (const text of returned) expect(text).not.toContain(KEY);
    expect(returned.join('')).toContain('[redacted key]');
    const stored = storedText(opened.db);
    expect(stored).toContain('[redacted key]');
    expect(stored).not.toContain(KEY);
  });
});

describe('a key in a data row used in answerMatches', () => {
  it('is in no stored, pushed or exported form, escaped for the pattern or not', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-run-key-'));
    const opened = openHistoryDatabase(path.join(dir, 'history.sqlite'));
    if (opened.kind !== 'open') throw new Error(opened.problem);
    cleanups.push(() => {
      opened.db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const service = host({ store: createSqliteRunStore(opened.db) });
    const suite = {
      name: 'rows',
      data: 'rows.csv',
      cases: [{ name: 'matches the row', agent: ECHO, text: 'echo {{n}}', expect: { answerMatches: '^echo {{n}}$' } }],
    };
    const { runId, final } = await runToEnd(service, start({ suite, data: { name: 'rows.csv', text: `n\nplain\n${KEY}\n` } }));
    expect(final).toMatchObject({ state: 'failed', total: 2 });
    const texts = [
      JSON.stringify(service.events),
      JSON.stringify(await service.api.listRunResults({ runId, offset: 0, limit: 100 })),
      JSON.stringify(await Promise.all([0, 1].map((index) => service.api.getRunResult({ runId, index })))),
      JSON.stringify(await service.api.compareRuns({ before: runId, after: runId })),
      ...(await Promise.all(
        (['junit', 'json', 'csv', 'html'] as const).map(async (format) => JSON.stringify(await service.exported(runId, format))),
      )),
      storedText(opened.db),
    ];
    // The pattern holds the key as `RUN\-SENTINEL\-KEY\-…`: without its backslashes it is the key.
    for (const text of texts) expect(text.replaceAll('\\', '')).not.toContain(KEY);
    const second = await service.api.getRunResult({ runId, index: 1 });
    expect(second.ok && second.value.expectations.find((item) => item.kind === 'answerMatches')?.expected).toBe(
      'matches /^echo [redacted key]$/',
    );
  });
});

describe('a broken listener', () => {
  it('does not stop a run from keeping its results and its end', async () => {
    const store = memoryDatabase().runs;
    let finished: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (finished = resolve));
    const problems: string[] = [];
    const { api } = createRunMethods({
      store: { ...store, finish: (...args) => store.finish(...args).then(finished) },
      client: testClient(),
      resolve: async () => ({ ok: true, value: { profile: PROFILE, target: testTarget(sandbox.url, KEY) } }),
      emit: () => {
        throw new Error('the window is gone');
      },
      wallClock: () => new Date(),
      version: '0.0.0-test',
      exports: createExportTickets(),
      uploads: testUploads(),
      onProblem: (message) => problems.push(message),
    });
    const started = await api.startRun({ ...start({ suite: { cases: [{ agent: ECHO, text: 'x' }] }, iterations: 3 }), data: null });
    await ended;
    expect(await api.getRun({ runId: started.ok ? started.value.runId : '' })).toMatchObject({
      ok: true,
      value: { state: 'passed', completed: 3 },
    });
    expect(problems[0]).toContain('the window is gone');
  });
});

describe('closing', () => {
  it('cancels the runs going and waits for each to write its end', async () => {
    let wake: () => void = () => undefined;
    const twoInFlight = new Promise<void>((resolve) => (wake = resolve));
    server = await startTestServer(() => {
      if (server?.requests.length === 2) wake(); // and never answers
    });
    const service = host({ target: testTarget(server.url, KEY) });
    const started = await service.api.startRun(start({ suite: { cases: [{ agent: ECHO }] }, iterations: 5, concurrency: 2 }));
    const runId = started.ok ? started.value.runId : '';
    await twoInFlight;
    await service.stopAll();
    expect(await service.api.getRun({ runId })).toMatchObject({ ok: true, value: { state: 'cancelled', notRun: 3, cancelled: 2 } });
  });
});

describe('a run with a judge expectation', () => {
  const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
  const CHECKLIST = 'c6d1a8e3-4f72-4b95-8e0a-3d9b7f1c5e24';
  const JUDGED = {
    name: 'judged replies',
    defaults: { agent: DRAFTER, expect: { judge: { agent: JUDGE, guideline: CHECKLIST } } },
    cases: [
      { name: 'refund', payload: { customer_name: 'Dana', company: 'Northwind', topic: 'a refund' } },
      { name: 'login', payload: { customer_name: 'Ravi', company: 'Northwind', topic: 'signing in' } },
    ],
  };

  it('keeps the verdict with each row and in full with the result, the guideline read once for the run’s profile', async () => {
    const asked: string[] = [];
    const client = testClient();
    const service = host({
      fetchGuideline: async (profileId, guidelineId) => {
        asked.push(`${profileId} ${guidelineId}`);
        return client.getGuideline(testTarget(sandbox.url, KEY), { guidelineId });
      },
    });
    const { runId, final } = await runToEnd(service, start({ suite: JUDGED }));
    expect(final).toMatchObject({ state: 'failed', passed: 1, failed: 1 });
    expect(asked).toEqual([`sandbox ${CHECKLIST}`]);
    const page = await service.api.listRunResults({ runId, offset: 0, limit: 10 });
    expect(page.ok && page.value.rows.map((row) => [row.caseName, row.judge])).toEqual([
      ['refund', { passed: true, verdict: 'all 5 rules passed', failedRules: [] }],
      ['login', { passed: false, verdict: 'rule 4 failed', failedRules: [4] }],
    ]);
    expect(page.ok && page.value.rows[1]!.failed).toEqual([
      'judge: expected judge "Support reply checklist" rules 1–5 pass, got rule 4 failed',
    ]);
    const detail = await service.api.getRunResult({ runId, index: 1 });
    expect(detail.ok && detail.value.judgement).toMatchObject({
      guideline: { id: CHECKLIST, name: 'Support reply checklist' },
      rules: expect.arrayContaining([{ rule: 4, pass: false, why: 'The answer does not say "refund".' }]),
      exchange: { request: { agentId: JUDGE, text: '' }, result: { ok: true } },
    });
    // The judge's exchange never holds the key, as no kept exchange does.
    expect(JSON.stringify(detail)).not.toContain(KEY);
    // The app's exports are the command line's reporters: the verdict goes with them.
    const exported = JSON.parse((await service.exported(runId, 'json')).content) as { results: Array<{ judge?: { verdict: string } }> };
    expect(exported.results.map((result) => result.judge?.verdict)).toEqual(['all 5 rules passed', 'rule 4 failed']);
    expect((await service.exported(runId, 'csv')).content).toContain(',"rule 4 failed","4"\r\n');
  });
});
