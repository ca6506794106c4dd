import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient, PlatformTarget } from '../../../../electron/core/http/platformClient';
import { startRun, type RunResult } from '../../../../electron/core/runs/runner';
import { planFrom } from '../../../../electron/core/runs/planSource';
import { startSandbox, type SandboxServer } from '../../../../electron/sandbox/server';
import type { PlannedCase } from '../../../../electron/shared/runs/suiteTypes';
import { testClient, testTarget } from '../../../support/platformClient';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * Judge expectations in a run: the Sandbox's drafter judged by the Sandbox's judge against its
 * checklist, the guideline fetched once per run, and a judge that errs or answers something
 * unreadable failing the expectation (never the run), each saying why.
 */

const KEY = 'JUDGE-RUN-KEY-7c1e9d3a5b';
const DRAFTER = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
const CHECKLIST = 'c6d1a8e3-4f72-4b95-8e0a-3d9b7f1c5e24';

let sandbox: SandboxServer;
let server: TestServer | undefined;
beforeAll(async () => (sandbox = await startSandbox({ apiKey: KEY, latency: 'none' })));
afterAll(() => sandbox.close());
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The real client, counting the guidelines it fetches. */
function countingClient(): { client: PlatformClient; guidelineFetches: () => number } {
  const real = testClient();
  let fetches = 0;
  return {
    client: {
      ...real,
      getGuideline: (...args) => {
        fetches += 1;
        return real.getGuideline(...args);
      },
    },
    guidelineFetches: () => fetches,
  };
}

function drafterCase(index: number, topic: string, judge: PlannedCase['expect']['judge'] = { guideline: CHECKLIST }): PlannedCase {
  return {
    index,
    caseIndex: index,
    caseName: topic,
    row: null,
    agentId: DRAFTER,
    text: `About ${topic}.`,
    payload: { customer_name: 'Dana', company: 'Northwind', topic },
    expect: { judge },
  };
}

async function run(
  cases: PlannedCase[],
  options: { client?: PlatformClient; target?: PlatformTarget; judgeAgent?: string; concurrency?: number } = {},
): Promise<RunResult[]> {
  const handle = startRun(
    planFrom(cases),
    { client: options.client ?? testClient(), target: options.target ?? testTarget(sandbox.url, KEY) },
    { judgeAgent: options.judgeAgent ?? JUDGE, ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }) },
  );
  const results: RunResult[] = [];
  handle.subscribe((event) => {
    if (event.type === 'result') results.push(event.result);
  });
  await handle.done;
  return results.sort((a, b) => a.planned.index - b.planned.index);
}

const judgeOutcome = (result: RunResult) => result.expectations.find((outcome) => outcome.kind === 'judge');

describe('a run with judge expectations against the Sandbox', () => {
  it('passes the refund reply and fails the others on rule 4, fetching the guideline once', async () => {
    const { client, guidelineFetches } = countingClient();
    const topics = ['a delayed refund', 'signing in', 'a refund twice', 'an invoice'];
    const results = await run(
      topics.map((topic, index) => drafterCase(index, topic)),
      { client },
    );
    expect(results.map((result) => [result.planned.caseName, result.passed, judgeOutcome(result)?.actual])).toEqual([
      ['a delayed refund', true, 'all 5 rules passed'],
      ['signing in', false, 'rule 4 failed'],
      ['a refund twice', true, 'all 5 rules passed'],
      ['an invoice', false, 'rule 4 failed'],
    ]);
    expect(judgeOutcome(results[1]!)).toEqual({
      kind: 'judge',
      passed: false,
      expected: 'judge "Support reply checklist" rules 1–5 pass',
      actual: 'rule 4 failed',
    });
    expect(guidelineFetches()).toBe(1);

    const { judgement } = results[1]!;
    expect(judgement).toMatchObject({ passed: false, verdict: 'rule 4 failed', failedRules: [4] });
    expect(judgement?.guideline).toEqual({
      id: CHECKLIST,
      name: 'Support reply checklist',
      versionHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(judgement?.rules.map((rule) => [rule.rule, rule.pass])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, true],
    ]);
    expect(judgement?.rules[3]?.why).toBe('The answer does not say "refund".');
    // The judge's own exchange, as the Response view opens it: what it was sent, and what it answered.
    expect(judgement?.exchange?.request).toMatchObject({ agentId: JUDGE, text: '', payload: { name: 'Support reply checklist' } });
    expect(judgement?.exchange?.request.payload['answer']).toContain('Thank you for contacting Northwind about signing in');
    expect(judgement?.exchange?.result.ok && judgement.exchange.result.value.response.answer).toMatch(/^1 of 5 rules are not followed\./);
  });

  it('counts only the chosen rules, and the case’s own judge agent before the run’s default', async () => {
    const [result] = await run([drafterCase(0, 'signing in', { agent: JUDGE, guideline: CHECKLIST, rules: [1, 2, 5] })], {
      judgeAgent: DRAFTER,
    });
    expect(judgeOutcome(result!)).toEqual({
      kind: 'judge',
      passed: true,
      expected: 'judge "Support reply checklist" rules 1, 2, 5 pass',
      actual: 'all 3 rules passed',
    });
  });

  it('fails the expectation, not the run, when the guideline cannot be fetched or the answer is missing', async () => {
    const { client, guidelineFetches } = countingClient();
    const missing = '00000000-0000-4000-8000-000000000000';
    const results = await run(
      [
        drafterCase(0, 'x', { guideline: missing }),
        drafterCase(1, 'y', { guideline: missing }),
        { ...drafterCase(2, 'z'), agentId: '11111111-1111-4111-8111-111111111111' },
      ],
      { client },
    );
    expect(results.map((result) => judgeOutcome(result)?.actual)).toEqual([
      expect.stringMatching(/^the guideline could not be fetched \(http_status\): /),
      expect.stringMatching(/^the guideline could not be fetched \(http_status\): /),
      'no answer to judge (http_status)',
    ]);
    expect(guidelineFetches()).toBe(1);
  });
});

describe('a judge that errs or answers something unreadable', () => {
  /** The drafter's requests go to the Sandbox's answers; the judge's get `judgeAnswer`. */
  async function withJudge(judgeAnswer: (response: ServerResponse) => void) {
    server = await startTestServer((request, response, body) => {
      if (request.url?.startsWith('/api/guideline/')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ name: 'Checklist', description: '', content: '1. Say "hello".\n2. Say "bye".' }));
      } else if (request.url?.includes(JUDGE)) judgeAnswer(response);
      else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ answer: `hello: ${JSON.parse(body).text as string}`, duration: '1ms', token: 't' }));
      }
    });
    return run([drafterCase(0, 'x'), drafterCase(1, 'y')], { target: testTarget(server.url, KEY), concurrency: 1 });
  }

  it('fails the expectation with the judge’s error', async () => {
    const results = await withJudge((response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'The judge model is overloaded.' }));
    });
    expect(results.map((result) => result.passed)).toEqual([false, false]);
    expect(judgeOutcome(results[0]!)?.actual).toMatch(/^the judge could not answer \(http_status\): .*500/);
    expect(results[0]!.expectations.filter((outcome) => !outcome.passed).map((outcome) => outcome.kind)).toEqual(['judge']);
    expect(results[0]!.judgement?.exchange?.result.ok).toBe(false);
  });

  it('fails the expectation saying the answer had no verdict', async () => {
    const results = await withJudge((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'I would rather not say.', duration: '1ms', token: 't' }));
    });
    expect(judgeOutcome(results[0]!)).toMatchObject({
      passed: false,
      expected: 'judge "Checklist" rules 1, 2 pass',
      actual: expect.stringMatching(/^The judge's answer has no verdict: /),
    });
  });

  it('asks the judge in the worker’s turn: at concurrency 1, each case’s judge before the next case', async () => {
    await withJudge((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: '1. PASS\n2. FAIL: no goodbye', duration: '1ms', token: 't' }));
    });
    expect(
      server!.requests.map((request) => (request.url.includes(JUDGE) ? 'judge' : request.url.includes('guideline') ? 'guideline' : 'case')),
    ).toEqual(['case', 'guideline', 'judge', 'case', 'judge']);
  });
});
