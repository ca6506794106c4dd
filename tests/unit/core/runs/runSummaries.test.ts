import { describe, expect, it } from 'vitest';
import { database, keep, result } from './runFixtures';

/**
 * An ended run's counts and latency, kept once (migration 12) so that its view reads one row on
 * open instead of walking every result: what is kept equals what the results give, the view reads
 * what is kept, and a change to the results never leaves a stale summary behind.
 */

const mixed = [
  { index: 0, roundTripMs: 30, serverMs: 20 },
  { index: 1, passed: false, roundTripMs: 10, serverMs: 5 },
  { index: 2, row: 2, roundTripMs: 50, serverMs: 40 },
  { index: 3, row: 2, agentId: 'b', passed: false, answer: null },
  { index: 4, caseIndex: 1, caseName: 'farewell', roundTripMs: 70, serverMs: 60 },
];
const end = { state: 'failed' as const, finishedAt: '2026-11-23T09:00:02.000Z', durationMs: 2000, unsent: [] };
const counts = { completed: 5, passed: 3, failed: 2, cancelled: 0, notRun: 0 };

describe('run summaries', () => {
  it('keeps at the end what the results give: counts, lines and latency, as a run still going computes them', async () => {
    const { db, store } = database();
    await keep(store, 'going', mixed, { state: 'running' });
    await keep(store, 'ended', mixed, { state: 'running' });
    await store.finish('ended', { ...end, counts });
    expect(db.prepare('SELECT run_id, results, failures, lines FROM run_summaries').all()).toEqual([
      { run_id: 'ended', results: 5, failures: 2, lines: 3 },
    ]);
    for (const failuresOnly of [false, true]) {
      const page = { offset: 0, limit: 100, failuresOnly };
      expect(await store.results({ runId: 'ended', ...page })).toEqual(await store.results({ runId: 'going', ...page }));
    }
    expect(await store.latency('ended')).toEqual(await store.latency('going'));
    expect((await store.matrix('ended', ['a', 'b'], 0, 10)).total).toBe((await store.matrix('going', ['a', 'b'], 0, 10)).total);
    // The latency is kept once read; a run still going keeps nothing.
    const kept = db.prepare("SELECT latency FROM run_summaries WHERE run_id = 'ended'").get() as { latency: string };
    expect(JSON.parse(kept.latency)).toEqual(await store.latency('going'));
    expect(db.prepare("SELECT count(*) AS n FROM run_summaries WHERE run_id = 'going'").get()).toEqual({ n: 0 });
  });

  it("is what an ended run's view reads: its totals, its matrix's size and its latency", async () => {
    const { db, store } = database();
    await keep(store, 'ended', mixed, { state: 'running' });
    await store.finish('ended', { ...end, counts });
    await store.latency('ended');
    // Changed behind the store's back: the reads show the kept figures, so they read no result to count.
    const latency = { roundTrip: { p50: 1, p95: 2, p99: 3, count: 9 }, server: null, roundTripBins: [], serverBins: [] };
    db.prepare("UPDATE run_summaries SET results = 900, failures = 400, lines = 300, latency = ? WHERE run_id = 'ended'").run(
      JSON.stringify(latency),
    );
    expect((await store.results({ runId: 'ended', offset: 0, limit: 2 })).total).toBe(900);
    expect((await store.results({ runId: 'ended', offset: 0, limit: 2, failuresOnly: true })).total).toBe(400);
    expect((await store.matrix('ended', ['a', 'b'], 0, 2)).total).toBe(300);
    expect(await store.latency('ended')).toEqual(latency);
    expect(await store.percentiles('ended')).toEqual({ roundTrip: latency.roundTrip, server: null });
  });

  it('is counted when an ended run kept before summaries were is first read, then kept', async () => {
    const { db, store } = database();
    await keep(store, 'old', mixed, { state: 'passed' });
    expect(db.prepare('SELECT count(*) AS n FROM run_summaries').get()).toEqual({ n: 0 });
    expect((await store.results({ runId: 'old', offset: 0, limit: 1 })).total).toBe(5);
    expect(db.prepare('SELECT results, failures, lines FROM run_summaries').all()).toEqual([{ results: 5, failures: 2, lines: 3 }]);
  });

  it('is dropped with each batch of results added, and with the run', async () => {
    const { db, store } = database();
    await keep(store, 'ended', mixed, { state: 'running' });
    await store.finish('ended', { ...end, counts });
    await store.latency('ended');
    await store.addResults('ended', [result({ index: 5, passed: false, roundTripMs: 1000, serverMs: 900 })], counts);
    expect((await store.results({ runId: 'ended', offset: 0, limit: 1, failuresOnly: true })).total).toBe(3);
    expect((await store.latency('ended')).roundTrip).toMatchObject({ count: 5, p99: 1000 });
    await store.delete('ended');
    expect(db.prepare('SELECT count(*) AS n FROM run_summaries').get()).toEqual({ n: 0 });
  });

  it('pages from an offset alike whether the indexes run unbroken or have gaps', async () => {
    const { store } = database();
    const unbroken = Array.from({ length: 10 }, (_, index) => ({ index }));
    const gaps = [0, 2, 3, 7, 9, 12].map((index) => ({ index }));
    for (const [runId, results] of [
      ['unbroken', unbroken],
      ['gaps', gaps],
    ] as const) {
      await keep(store, runId, results, { state: 'running' });
      await store.finish(runId, { ...end, counts: { ...counts, completed: results.length } });
    }
    const indexes = async (runId: string, offset: number, limit: number) =>
      (await store.results({ runId, offset, limit })).rows.map((row) => row.index);
    expect(await indexes('unbroken', 3, 4)).toEqual([3, 4, 5, 6]);
    expect(await indexes('unbroken', 8, 4)).toEqual([8, 9]);
    expect(await indexes('gaps', 2, 3)).toEqual([3, 7, 9]);
    expect(await indexes('gaps', 5, 3)).toEqual([12]);
    expect(await indexes('gaps', 6, 3)).toEqual([]);
  });
});
