import type { RunResultRow } from '../../shared/api';
import { failedExpectations } from '../reports/runs/runReport';
import type { RunResult } from './runner';

/**
 * A runner's result as the results table's row, as kept with it (the aggregates the run view
 * reads from the rows are queries: runAggregates.ts).
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
    ...(result.judgement
      ? { judge: { passed: result.judgement.passed, verdict: result.judgement.verdict, failedRules: result.judgement.failedRules } }
      : {}),
  };
}
