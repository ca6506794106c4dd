import { describe, expect, it } from 'vitest';
import type { RunRecord, RunResultRow } from '../../../../electron/shared/api';
import type { StoredRunResult } from '../../../../electron/core/runs/runStore';
import { cancelledInvoke, okInvoke } from '../../../support/scriptedPlatform';
import { memoryDatabase } from '../../../support/memoryDatabase';

// ---- The in-memory version the aggregates replace (runResults.ts and histogram.ts as they were), kept here only to check parity.
function percentiles(values: readonly number[]) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}
function niceWidth(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 5, 10]) if (step * power >= raw - power * 1e-9) return step * power;
  return 10 * power;
}
function binsOf(values: readonly number[], maxBins = 40) {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    n += 1;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return [];
  const wanted = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(n))));
  let width = niceWidth((max - min) / wanted);
  let start = Math.floor(min / width) * width;
  while (Math.floor((max - start) / width) + 1 > maxBins) {
    width = niceWidth(width * 1.5);
    start = Math.floor(min / width) * width;
  }
  const count = max === min ? 1 : Math.min(maxBins, Math.floor((max - start) / width) + 1);
  const edge = (index: number) => Number((start + index * width).toPrecision(12));
  const bins = Array.from({ length: count }, (_, index) => ({ start: edge(index), end: edge(index + 1), count: 0 }));
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    bins[Math.min(count - 1, Math.floor((value - start) / width))]!.count += 1;
  }
  return bins;
}
function matrixOf(agents: readonly string[], rows: readonly RunResultRow[]) {
  const lines = new Map<string, { caseIndex: number; caseName: string; row: number | null; iteration: number; cells: unknown[] }>();
  for (const row of rows) {
    const key = `${row.caseIndex}|${row.row}|${row.iteration}`;
    let line = lines.get(key);
    if (!line) {
      line = { caseIndex: row.caseIndex, caseName: row.caseName, row: row.row, iteration: row.iteration, cells: agents.map(() => null) };
      lines.set(key, line);
    }
    const column = agents.indexOf(row.agentId);
    if (column >= 0)
      line.cells[column] = { index: row.index, passed: row.passed, status: row.status, answerStart: row.answerStart, failed: row.failed };
  }
  return [...lines.values()];
}
const answerOf = (result: StoredRunResult) => (result.detail.result.ok ? result.detail.result.value.response.answer : null);
const pairKey = (row: RunResultRow) => JSON.stringify([row.caseName, row.row, row.iteration, row.agentId]);
function compareResults(before: readonly StoredRunResult[], after: readonly StoredRunResult[]) {
  const byIndex = (a: StoredRunResult, b: StoredRunResult) => a.row.index - b.row.index;
  const earlier = new Map<string, StoredRunResult[]>();
  for (const result of [...before].sort(byIndex)) {
    const queue = earlier.get(pairKey(result.row));
    if (queue) queue.push(result);
    else earlier.set(pairKey(result.row), [result]);
  }
  const out = { newlyFailing: [] as unknown[], newlyPassing: [] as unknown[], answerChanged: [] as unknown[], onlyBefore: 0, onlyAfter: 0 };
  let matched = 0;
  for (const result of [...after].sort(byIndex)) {
    const partner = earlier.get(pairKey(result.row))?.shift();
    if (!partner) {
      out.onlyAfter += 1;
      continue;
    }
    matched += 1;
    const pair = { before: partner.row, after: result.row };
    if (partner.row.passed && !result.row.passed) out.newlyFailing.push(pair);
    if (!partner.row.passed && result.row.passed) out.newlyPassing.push(pair);
    const beforeAnswer = answerOf(partner);
    const afterAnswer = answerOf(result);
    if (beforeAnswer !== null && afterAnswer !== null && beforeAnswer !== afterAnswer)
      out.answerChanged.push({ ...pair, beforeAnswer, afterAnswer });
  }
  out.onlyBefore = before.length - matched;
  return out;
}
// ---- end of the in-memory version.

function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function results(seed: number, count: number): StoredRunResult[] {
  const pick = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const caseIndex = pick(5);
    const agentId = ['a', 'b', 'c'][pick(3)]!;
    const failedAnswer = pick(6) === 0;
    const answer = ['Hi.', 'Hello.', 'Bye.', ''][pick(4)]!;
    const result = failedAnswer ? cancelledInvoke() : okInvoke(answer);
    const passed = pick(3) !== 0;
    const row: RunResultRow = {
      index,
      caseIndex,
      caseName: caseIndex >= 3 ? 'dup' : `case ${caseIndex}`,
      row: pick(4) === 0 ? null : 1 + pick(3),
      iteration: 1 + pick(2),
      agentId,
      passed,
      failed: passed ? [] : [`why ${index}`],
      status: failedAnswer ? null : 200,
      errorCode: failedAnswer ? 'cancelled' : null,
      serverMs: pick(5) === 0 ? null : pick(40) * 2.5,
      roundTripMs: failedAnswer ? null : pick(300) / 10 + 3,
      answerStart: answer,
      attempts: 1,
    };
    return {
      row,
      detail: { request: { agentId, text: 't', payload: {} }, result, expectations: [] },
      recordedAt: '2026-11-23T09:00:00.000Z',
    };
  });
}

async function keep(store: ReturnType<typeof memoryDatabase>['runs'], runId: string, kept: StoredRunResult[]) {
  const record = { runId, agents: ['a', 'b'] } as Partial<RunRecord>;
  await store.create({
    ...(record as RunRecord),
    kind: 'suite',
    suiteName: 's',
    suiteFile: 's.json',
    profile: { id: 'p', name: 'P', baseUrl: 'http://127.0.0.1:1' },
    startedAt: '2026-11-23T09:00:00.000Z',
    finishedAt: null,
    state: 'passed',
    total: kept.length,
    completed: kept.length,
    passed: 0,
    failed: 0,
    cancelled: 0,
    notRun: 0,
    durationMs: 1,
    settings: { concurrency: 1, ratePerSecond: null, on429: 'wait', iterations: 2 },
  });
  await store.addResults(runId, kept, { completed: kept.length, passed: 0, failed: 0, cancelled: 0, notRun: 0 });
}

describe('the aggregates against the in-memory version', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('give the same latency, matrix and comparison (seed %i)', async (seed) => {
    const store = memoryDatabase().runs;
    const before = results(seed, 40 + seed * 37);
    const after = results(seed + 100, 30 + seed * 41);
    await keep(store, 'before', before);
    await keep(store, 'after', after);
    const rows = before.map((result) => result.row);
    const roundTrips = rows.flatMap((row) => (row.roundTripMs === null ? [] : [row.roundTripMs]));
    const servers = rows.flatMap((row) => (row.serverMs === null ? [] : [row.serverMs]));
    expect(await store.latency('before')).toEqual({
      roundTrip: percentiles(roundTrips),
      server: percentiles(servers),
      roundTripBins: binsOf(roundTrips),
      serverBins: binsOf(servers),
    });
    const lines = matrixOf(['a', 'b'], rows);
    expect(await store.matrix('before', ['a', 'b'], 0, 1000)).toEqual({ total: lines.length, rows: lines });
    expect(await store.matrix('before', ['a', 'b'], 3, 4)).toEqual({ total: lines.length, rows: lines.slice(3, 7) });
    const old = compareResults(before, after);
    const compared = await store.compare('before', 'after', 1000);
    expect(compared).toEqual({
      newlyFailing: { items: old.newlyFailing, total: old.newlyFailing.length },
      newlyPassing: { items: old.newlyPassing, total: old.newlyPassing.length },
      answerChanged: { items: old.answerChanged, total: old.answerChanged.length },
      onlyBefore: old.onlyBefore,
      onlyAfter: old.onlyAfter,
    });
    expect(old.newlyFailing.length + old.answerChanged.length).toBeGreaterThan(0);
    expect((await store.compare('before', 'after', 2)).newlyFailing.items).toEqual(old.newlyFailing.slice(0, 2));
  });
});
