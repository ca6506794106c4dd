import type { Percentiles, RunComparison, RunLatency, RunMatrix, RunRecord, RunResultRow } from '../../shared/api';
import type { StoredRunResult } from './runStore';
import { failedExpectations } from '../reports/runs/runReport';
import type { RunResult } from './runner';

/**
 * What the run view reads from a run's results, as pure functions of what the store keeps: a
 * result as a table row, the latency percentiles, the matrix of cases × agents, and the
 * comparison of two runs. The service loads; these only compute, so they are tested alone.
 */

/** How much of an answer (or an error's message) a row shows. */
const ANSWER_START_CHARS = 200;

/** The start of a text on one line (untrusted text: shown as text, whitespace collapsed). */
function oneLine(text: string): string {
  return text
    .slice(0, ANSWER_START_CHARS * 2)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, ANSWER_START_CHARS);
}

/** A runner's result as a row of the results table; `iteration` is the pass of the plan it came from (1-based). */
export function resultRow(result: RunResult, iteration: number): RunResultRow {
  const { planned } = result;
  const outcome = result.result;
  const exchange = outcome.ok ? outcome.value.exchange : outcome.error.exchange;
  const answered = exchange !== null && exchange.status !== null;
  return {
    index: planned.index,
    caseIndex: planned.caseIndex,
    caseName: planned.caseName,
    row: planned.row,
    iteration,
    agentId: planned.agentId,
    passed: result.passed,
    failed: failedExpectations(result.expectations),
    status: exchange?.status ?? null,
    errorCode: outcome.ok ? null : outcome.error.code,
    serverMs: outcome.ok ? outcome.value.serverDuration.ms : null,
    // Only a response measures the platform; a refused connection's time says nothing of it.
    roundTripMs: answered ? Math.round(exchange.roundTripMs * 10) / 10 : null,
    answerStart: oneLine(outcome.ok ? outcome.value.response.answer : outcome.error.message),
    attempts: result.attempts,
  };
}

/** Nearest-rank percentiles (the value at rank ⌈q·n⌉ of the sorted values), or null without values. */
export function percentiles(values: readonly number[]): Percentiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: sorted.length };
}

export function latencyOf(rows: readonly RunResultRow[]): RunLatency {
  const roundTripMs = rows.flatMap((row) => (row.roundTripMs === null ? [] : [row.roundTripMs]));
  const serverMs = rows.flatMap((row) => (row.serverMs === null ? [] : [row.serverMs]));
  return { roundTripMs, serverMs, roundTrip: percentiles(roundTripMs), server: percentiles(serverMs) };
}

/** Rows are case × data row × iteration, in plan order; columns are the run's agents. */
export function matrixOf(record: RunRecord, rows: readonly RunResultRow[]): RunMatrix {
  const agents = record.agents;
  const lines = new Map<string, RunMatrix['rows'][number]>();
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
  return { agents: [...agents], rows: [...lines.values()] };
}

/** The whole answer of a kept result, or null when it has none (an error). */
function answerOf(result: StoredRunResult): string | null {
  return result.detail.result.ok ? result.detail.result.value.response.answer : null;
}

/** Which request of a suite a result is, across runs: case name, data row, iteration and agent. */
const pairKey = (row: RunResultRow) => JSON.stringify([row.caseName, row.row, row.iteration, row.agentId]);

/**
 * Two runs side by side: each result of `after` is matched with the result of `before` for the
 * same case name, data row, iteration and agent. A suite may give two cases the same name: the
 * second such result of `after` is matched with the second of `before`, and so on, in plan order
 * (matching only the first would report the second case as in one run only, and a newly failing
 * second case would never be said).
 */
export function compareResults(
  before: { record: RunRecord; results: readonly StoredRunResult[] },
  after: { record: RunRecord; results: readonly StoredRunResult[] },
): RunComparison {
  const byIndex = (a: StoredRunResult, b: StoredRunResult) => a.row.index - b.row.index;
  const earlier = new Map<string, StoredRunResult[]>();
  for (const result of [...before.results].sort(byIndex)) {
    const key = pairKey(result.row);
    const queue = earlier.get(key);
    if (queue) queue.push(result);
    else earlier.set(key, [result]);
  }
  const comparison: RunComparison = {
    before: before.record,
    after: after.record,
    newlyFailing: [],
    newlyPassing: [],
    answerChanged: [],
    onlyBefore: 0,
    onlyAfter: 0,
    latency: {
      before: (({ roundTrip, server }) => ({ roundTrip, server }))(latencyOf(before.results.map((result) => result.row))),
      after: (({ roundTrip, server }) => ({ roundTrip, server }))(latencyOf(after.results.map((result) => result.row))),
    },
  };
  let matched = 0;
  for (const result of [...after.results].sort(byIndex)) {
    const partner = earlier.get(pairKey(result.row))?.shift();
    if (!partner) {
      comparison.onlyAfter += 1;
      continue;
    }
    matched += 1;
    const pair = { before: partner.row, after: result.row };
    if (partner.row.passed && !result.row.passed) comparison.newlyFailing.push(pair);
    if (!partner.row.passed && result.row.passed) comparison.newlyPassing.push(pair);
    const beforeAnswer = answerOf(partner);
    const afterAnswer = answerOf(result);
    if (beforeAnswer !== null && afterAnswer !== null && beforeAnswer !== afterAnswer)
      comparison.answerChanged.push({ ...pair, beforeAnswer, afterAnswer });
  }
  comparison.onlyBefore = before.results.length - matched;
  return comparison;
}
