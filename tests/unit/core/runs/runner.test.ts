import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../../electron/core/http/platformClient';
import type { ExchangeRecord } from '../../../../electron/shared/api';
import { summaryLine } from '../../../../electron/core/reports/runs/reporters';
import { buildRunReport } from '../../../../electron/core/reports/runs/runReport';
import {
  retryAfterMs,
  startRun,
  type RunEvent,
  type RunHandle,
  type RunResult,
  type RunSummary,
} from '../../../../electron/core/runs/runner';
import { planFrom } from '../../../../electron/core/runs/planSource';
import type { PlannedCase } from '../../../../electron/shared/runs/suiteTypes';
import { testClient, testTarget } from '../../../support/platformClient';
import { closedPort, startTestServer, type TestServer } from '../../../support/testServer';

const KEY = 'run-key-1234567890';
let server: TestServer | undefined;
afterEach(async () => server?.close());

function plan(count: number, expect: PlannedCase['expect'] = {}): PlannedCase[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    caseIndex: 0,
    caseName: 'c',
    row: index + 1,
    agentId: 'agent-1',
    text: `t${index}`,
    payload: { n: String(index) },
    expect,
  }));
}
/**
 * A run of a listed plan whose results are kept as they come, in plan order, beside its summary:
 * the runner keeps none (each is handed to the subscribers and dropped), so a test that looks at
 * them keeps them itself, as a report does.
 */
function runOf(
  cases: readonly PlannedCase[],
  ...rest: Parameters<typeof startRun> extends [unknown, ...infer Rest] ? Rest : never
): Omit<RunHandle, 'done'> & { done: Promise<RunSummary & { results: RunResult[] }> } {
  const handle = startRun(planFrom(cases), ...rest);
  const results: RunResult[] = [];
  handle.subscribe((event) => {
    if (event.type === 'result') results.push(event.result);
  });
  const done = handle.done.then((summary) => ({ ...summary, results: results.sort((a, b) => a.planned.index - b.planned.index) }));
  return { ...handle, done };
}

const answer = (response: ServerResponse, body: string) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ answer: `echo ${JSON.parse(body).text as string}`, duration: '1ms', token: 't' }));
};

describe('the runner', () => {
  it('sends every planned request with the key and judges each', async () => {
    server = await startTestServer((_request, response, body) => answer(response, body));
    const events: RunEvent[] = [];
    const run = runOf(plan(5, { answerContains: 'echo t' }), { client: testClient(), target: testTarget(server.url, KEY) });
    run.subscribe((event) => events.push(event));
    const summary = await run.done;
    expect(summary).toMatchObject({ total: 5, passed: 5, failed: 0, notRun: 0, stopped: false });
    expect(server.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(events.filter((event) => event.type === 'result')).toHaveLength(5);
    expect(events.at(-1)?.type).toBe('finished');
    // Each result is the full exchange the Response view shows.
    const first = summary.results[0]!;
    expect(first.result.ok && first.result.value.exchange.requestBody).toBe('{"text":"t0","payload":{"n":"0"}}');
  });

  it('counts as cancelled only the stopped results that did not pass, so no count of the failed goes below zero', async () => {
    // Stopped while the error body was read: the status line had come, so `status: 500` passes.
    const exchange: ExchangeRecord = {
      method: 'POST',
      url: 'http://x/',
      requestBody: '{}',
      status: 500,
      statusText: 'Internal Server Error',
      responseHeaders: {},
      responseBody: null,
      responseBytes: 0,
      responseBodyTruncated: false,
      roundTripMs: 1,
      startedAt: '2026-11-23T17:00:00.000Z',
      timing: null,
    };
    const stopped: PlatformClient = {
      invoke: async () => ({ ok: false, error: { code: 'cancelled', message: 'Cancelled before the answer was complete.', exchange } }),
      getGuideline: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
      saveToFile: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
    };
    const cases = [...plan(1, { status: 500 }), ...plan(1, {}).map((item) => ({ ...item, index: 1 }))];
    const summary = await runOf(cases, { client: stopped, target: testTarget('http://127.0.0.1:9', KEY) }).done;
    expect(summary).toMatchObject({ passed: 1, failed: 1, cancelled: 1 });
    const line = summaryLine(
      buildRunReport(summary, summary.results, {
        suiteName: 'held',
        profile: { id: 'p', name: 'P', baseUrl: 'http://127.0.0.1:9' },
        startedAt: new Date(),
        appVersion: '0',
      }),
    );
    expect(line).toMatch(/^held: 2 run, 1 passed, 0 failed, 1 cancelled in flight in /);
  });

  it('writes the next requests before telling subscribers about answers that arrived together', async () => {
    // Answers of one batch arrive together; a subscriber's work (a report, the database, the
    // screen) must not hold back the requests the workers can already send. This transport, as
    // the real one can, writes a request some turns of the event loop after it is handed one.
    const answered: ExchangeRecord = {
      method: 'POST',
      url: 'http://x/',
      requestBody: '{}',
      status: 200,
      statusText: 'OK',
      responseHeaders: {},
      responseBody: null,
      responseBytes: 0,
      responseBodyTruncated: false,
      roundTripMs: 1,
      startedAt: '2026-11-23T17:00:00.000Z',
      timing: null,
    };
    const waiting: Array<() => void> = [];
    let written = 0;
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const held: PlatformClient = {
      invoke: async (_target, request, _signal, events) => {
        await turn();
        await turn();
        written += 1;
        events?.onSent?.();
        return new Promise((resolve) => {
          waiting.push(() =>
            resolve({
              ok: true,
              value: {
                response: { answer: `echo ${request.text}`, duration: '1ms' },
                serverDuration: { raw: '1ms', ms: 1 },
                exchange: answered,
              },
            }),
          );
        });
      },
      getGuideline: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
      saveToFile: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
    };
    const run = runOf(
      plan(8, { answerContains: 'echo t' }),
      { client: held, target: testTarget('http://127.0.0.1:9', KEY) },
      { concurrency: 4 },
    );
    const writtenAtEachResult: number[] = [];
    run.subscribe((event) => {
      if (event.type === 'result') writtenAtEachResult.push(written);
    });
    while (written < 4) await turn();
    for (const answerNow of waiting.splice(0)) answerNow();
    while (written < 8) await turn();
    for (const answerNow of waiting.splice(0)) answerNow();
    const summary = await run.done;
    expect(summary).toMatchObject({ total: 8, passed: 8 });
    expect(writtenAtEachResult).toEqual([8, 8, 8, 8, 8, 8, 8, 8]);
  });

  it('keeps at most `concurrency` requests in flight at the server', async () => {
    let inFlight = 0;
    let most = 0;
    server = await startTestServer((_request, response, body) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        answer(response, body);
      }, 5);
    });
    const summary = await runOf(plan(30), { client: testClient(), target: testTarget(server.url, KEY) }, { concurrency: 3 }).done;
    expect(summary.passed).toBe(30);
    expect(most).toBe(3);
  });

  it('waits as a 429’s Retry-After says, then sends again', async () => {
    let first = 0;
    let second = 0;
    server = await startTestServer((_request, response, body) => {
      if (first === 0) {
        first = performance.now();
        response.writeHead(429, { 'retry-after': '1' });
        response.end('{"detail":"slow down"}');
        return;
      }
      second ||= performance.now();
      answer(response, body);
    });
    const events: RunEvent[] = [];
    const run = runOf(plan(2), { client: testClient(), target: testTarget(server.url, KEY) }, { concurrency: 1 });
    run.subscribe((event) => events.push(event));
    const summary = await run.done;
    expect(summary.passed).toBe(2);
    expect(summary.results[0]!.attempts).toBe(2);
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(events).toContainEqual({ type: 'waiting', reason: 'retry_after', ms: 1000, caseIndex: 0 });
  });

  it('records a 429 as it is when told to fail on it', async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(429, { 'retry-after': '30' });
      response.end('{}');
    });
    const summary = await runOf(plan(1), { client: testClient(), target: testTarget(server.url, KEY) }, { on429: 'fail' }).done;
    expect(summary.failed).toBe(1);
    expect(summary.results[0]).toMatchObject({
      attempts: 1,
      expectations: [
        { kind: 'status', passed: false, actual: '429' },
        { kind: 'contract', passed: false },
      ],
    });
    expect(server.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const clock = () => new Date('2026-11-23T08:00:00Z');
    expect(retryAfterMs('2', clock)).toBe(2000);
    expect(retryAfterMs('Mon, 23 Nov 2026 08:00:05 GMT', clock)).toBe(5000);
    expect(retryAfterMs('soon', clock)).toBeNull();
    expect(retryAfterMs(undefined, clock)).toBeNull();
  });

  it('cancel stops new requests at once and aborts those in flight', async () => {
    const held: ServerResponse[] = [];
    let arrived: () => void = () => undefined;
    const twoArrived = new Promise<void>((resolve) => (arrived = resolve));
    server = await startTestServer((_request, response) => {
      held.push(response);
      if (held.length === 2) arrived();
    });
    const run = runOf(plan(10), { client: testClient(), target: testTarget(server.url, KEY) }, { concurrency: 2 });
    await twoArrived;
    run.cancel();
    const summary = await run.done;
    expect(summary).toMatchObject({ total: 10, cancelled: 2, notRun: 8, stopped: true, passed: 0 });
    expect(summary.results.map((result) => !result.result.ok && result.result.error.code)).toEqual(['cancelled', 'cancelled']);
    expect(server.requests).toHaveLength(2);
  });

  it('spaces requests out under a rate limit', async () => {
    const times: number[] = [];
    server = await startTestServer((_request, response, body) => {
      times.push(performance.now());
      answer(response, body);
    });
    await runOf(plan(5), { client: testClient(), target: testTarget(server.url, KEY) }, { ratePerSecond: 20 }).done;
    // Five starts 50 ms apart: the last some 200 ms after the first (slack for a busy machine; unlimited, it is a few ms).
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(150);
  });

  it('keeps the rate limit when its timers fire late together (a busy machine)', async () => {
    const started: number[] = [];
    const counting: PlatformClient = {
      invoke: async () => {
        started.push(performance.now());
        return { ok: false, error: { code: 'network', message: 'not sent', exchange: null } };
      },
      getGuideline: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
      saveToFile: async () => ({ ok: false, error: { code: 'internal', message: 'unused', exchange: null } }),
    };
    const run = runOf(plan(4), { client: counting, target: testTarget('http://127.0.0.1:9', KEY) }, { ratePerSecond: 20, concurrency: 4 });
    // The event loop is held for longer than the whole schedule, so every timer is overdue at once.
    await new Promise((resolve) => setImmediate(resolve));
    const until = performance.now() + 250;
    while (performance.now() < until) {
      // busy
    }
    await run.done;
    const gaps = started.slice(1).map((at, index) => at - started[index]!);
    expect(gaps).toHaveLength(3);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(49);
  });

  it('stops at once when the server cannot be reached', async () => {
    const port = await closedPort();
    const summary = await runOf(
      plan(50),
      { client: testClient(), target: testTarget(`http://127.0.0.1:${port}`, KEY) },
      { stopWhenUnreachable: true, concurrency: 1 },
    ).done;
    expect(summary).toMatchObject({ unreachable: true, stopped: true, notRun: 49 });
  });
});

describe('a setup problem on the first requests (stopWhenUnreachable, stopWhenKeyRefused)', () => {
  /** The run's result events: which case each is, and which one stopped the run. */
  async function eventsOf(run: RunHandle): Promise<{ summary: RunSummary; stops: Array<[number, string | undefined]> }> {
    const stops: Array<[number, string | undefined]> = [];
    run.subscribe((event) => {
      if (event.type === 'result') stops.push([event.result.planned.index, event.stopsRun]);
    });
    return { summary: await run.done, stops };
  }
  const refusing = (status: number) => (_request: unknown, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{"detail":"Invalid API key"}');
  };

  it('the key refused (401) before anything answered: no request starts after it, and that result says it stopped the run', async () => {
    server = await startTestServer(refusing(401));
    const run = startRun(
      planFrom(plan(50)),
      { client: testClient(), target: testTarget(server.url, KEY) },
      { stopWhenUnreachable: true, stopWhenKeyRefused: true, concurrency: 1 },
    );
    const { summary, stops } = await eventsOf(run);
    expect(stops).toEqual([[0, 'key_refused']]);
    expect(summary).toMatchObject({ unreachable: false, stopped: true, failed: 1, notRun: 49 });
    expect(server.requests).toHaveLength(1);
  });

  it('a 403 stops it too; those in flight end with their own answers (not cancelled)', async () => {
    server = await startTestServer(refusing(403));
    const run = startRun(
      planFrom(plan(50)),
      { client: testClient(), target: testTarget(server.url, KEY) },
      { stopWhenKeyRefused: true, concurrency: 4 },
    );
    const { summary, stops } = await eventsOf(run);
    expect(stops.filter(([, stopped]) => stopped === 'key_refused')).toHaveLength(1);
    expect(summary).toMatchObject({ stopped: true, cancelled: 0, failed: stops.length, notRun: 50 - stops.length });
    expect(stops.length).toBeLessThanOrEqual(4);
  });

  it('a refused key after a real answer is an ordinary failure: the run goes on to its end', async () => {
    let count = 0;
    server = await startTestServer((request, response, body) =>
      count++ === 0 ? answer(response, body) : refusing(401)(request, response),
    );
    const run = startRun(
      planFrom(plan(5)),
      { client: testClient(), target: testTarget(server.url, KEY) },
      { stopWhenUnreachable: true, stopWhenKeyRefused: true, concurrency: 1 },
    );
    const { summary, stops } = await eventsOf(run);
    expect(stops.every(([, stopped]) => stopped === undefined)).toBe(true);
    expect(summary).toMatchObject({ stopped: false, passed: 1, failed: 4, notRun: 0 });
  });

  it('without stopWhenKeyRefused (the app), a refused key is an ordinary failure', async () => {
    server = await startTestServer(refusing(401));
    const run = startRun(
      planFrom(plan(3)),
      { client: testClient(), target: testTarget(server.url, KEY) },
      { stopWhenUnreachable: true, concurrency: 1 },
    );
    const { summary, stops } = await eventsOf(run);
    expect(stops.map(([, stopped]) => stopped)).toEqual([undefined, undefined, undefined]);
    expect(summary).toMatchObject({ stopped: false, failed: 3, notRun: 0 });
  });

  it('the server unreachable: the result that stopped the run says so', async () => {
    const port = await closedPort();
    const run = startRun(
      planFrom(plan(10)),
      { client: testClient(), target: testTarget(`http://127.0.0.1:${port}`, KEY) },
      { stopWhenUnreachable: true, stopWhenKeyRefused: true, concurrency: 1 },
    );
    const { summary, stops } = await eventsOf(run);
    expect(stops).toEqual([[0, 'unreachable']]);
    expect(summary).toMatchObject({ unreachable: true, stopped: true, notRun: 9 });
  });
});

describe('an error in judging one result', () => {
  it('fails that result, saying why, and the run goes on to its end', async () => {
    server = await startTestServer((_request, response, body) => answer(response, body));
    // A pattern that never went through the suite check (the engine refuses it).
    const unchecked = plan(2, { answerMatches: '(' });
    // And expectations that throw when read: whatever goes wrong in judging stays in that result.
    const throwing: PlannedCase['expect'] = {};
    Object.defineProperty(throwing, 'answerContains', {
      enumerable: true,
      get: () => {
        throw new Error('the expectation could not be read');
      },
    });
    const cases = [
      ...unchecked,
      { ...plan(1)[0]!, index: 2, expect: throwing },
      { ...plan(1, { answerContains: 'echo t' })[0]!, index: 3 },
    ];
    const summary = await runOf(cases, { client: testClient(), target: testTarget(server.url, KEY) }).done;
    expect(summary).toMatchObject({ total: 4, passed: 1, failed: 3, notRun: 0 });
    expect(summary.results[0]!.expectations.find((item) => item.kind === 'answerMatches')).toMatchObject({
      passed: false,
      actual: expect.stringContaining('not a valid pattern'),
    });
    expect(summary.results[2]!.expectations).toEqual([
      {
        kind: 'judging',
        passed: false,
        expected: 'the result is judged',
        actual: 'could not be judged: the expectation could not be read',
      },
    ]);
    expect(summary.results[3]!.passed).toBe(true);
  });
});
