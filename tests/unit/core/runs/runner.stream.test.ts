import { afterEach, describe, expect, it } from 'vitest';
import { junitWriter } from '../../../../electron/core/reports/runs/runJunit';
import { runReportHead } from '../../../../electron/core/reports/runs/runReport';
import type { PlanSource } from '../../../../electron/core/runs/planSource';
import { startRun, UNSENT_KEPT } from '../../../../electron/core/runs/runner';
import type { PlannedCase } from '../../../../electron/shared/runs/suiteTypes';
import { testClient, testTarget } from '../../../support/platformClient';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * A run of any size in flat memory: the runner pulls its plan as it sends (never ahead of its
 * workers), hands each result to its subscribers once, and keeps none: its summary is counts,
 * the first error and at most the first 1,000 requests never sent.
 */

const KEY = 'stream-key-1234567890';
let server: TestServer | undefined;
afterEach(async () => server?.close());

/** A plan of `total` requests made as they are pulled; `made` says how many have been. */
function lazyPlan(total: number): PlanSource & { made: () => number } {
  let made = 0;
  return {
    total,
    made: () => made,
    async *cases(): AsyncGenerator<PlannedCase> {
      for (let index = 0; index < total; index += 1) {
        made += 1;
        yield { index, caseIndex: 0, caseName: 'c', row: index + 1, agentId: 'agent-1', text: `t${index}`, payload: {}, expect: {} };
      }
    },
  };
}

const answer = (body: string) => JSON.stringify({ answer: `echo ${JSON.parse(body).text as string}`, duration: '1ms', token: 't' });

describe('a streaming run', () => {
  it('pulls the plan only as requests are sent, hands each of 1,000 results to its subscriber once, and keeps none', async () => {
    const concurrency = 4;
    const plan = lazyPlan(1000);
    const madeWhenSent: number[] = [];
    server = await startTestServer((_request, response, body) => {
      madeWhenSent.push(plan.made());
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer(body));
    });
    const run = startRun(plan, { client: testClient(), target: testTarget(server.url, KEY) }, { concurrency });
    const seen: number[] = [];
    run.subscribe((event) => {
      if (event.type === 'result') seen.push(event.result.planned.index);
    });
    const summary = await run.done;
    expect(summary).toMatchObject({ total: 1000, passed: 1000, failed: 0, notRun: 0, unsent: [], firstError: null });
    // Each result once; none kept by the runner or its handle.
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, index) => index));
    expect(Object.keys(summary).sort()).toEqual(
      ['cancelled', 'durationMs', 'failed', 'firstError', 'notRun', 'passed', 'stopped', 'total', 'unreachable', 'unsent'].sort(),
    );
    expect(Object.keys(run).sort()).toEqual(['cancel', 'done', 'subscribe']);
    // When the k-th request reached the server, the plan had been made at most a worker's turn ahead of it.
    madeWhenSent.forEach((made, k) => expect(made, `request ${k}`).toBeLessThanOrEqual(k + concurrency + 1));
  });

  it('a stopped run of many keeps the first 1,000 never sent, counts the rest, and reports say how many more', async () => {
    let arrived: () => void = () => undefined;
    const twoArrived = new Promise<void>((resolve) => (arrived = resolve));
    let held = 0;
    server = await startTestServer(() => {
      held += 1;
      if (held === 2) arrived();
    });
    const run = startRun(lazyPlan(5000), { client: testClient(), target: testTarget(server.url, KEY) }, { concurrency: 2 });
    await twoArrived;
    run.cancel();
    const summary = await run.done;
    expect(summary).toMatchObject({ total: 5000, cancelled: 2, notRun: 4998, stopped: true });
    expect(summary.unsent).toHaveLength(UNSENT_KEPT);
    expect(summary.unsent.map((planned) => planned.index)).toEqual(Array.from({ length: UNSENT_KEPT }, (_, index) => index + 2));
    expect(summary.firstError).toMatchObject({ code: 'cancelled' });
    const head = runReportHead(summary, {
      suiteName: 'many',
      profile: { id: 'p', name: 'P', baseUrl: server.url },
      startedAt: new Date('2026-11-23T08:00:00Z'),
      appVersion: '0',
    });
    expect(head.notRun).toHaveLength(UNSENT_KEPT);
    expect(head.notRunMore).toBe(3998);
    const junit = junitWriter('many').frame(head).join('');
    expect(junit).toContain('skipped="4998"');
    expect(junit).toContain('<system-out>and 3,998 more not run</system-out>');
  });
});
