import { createHash } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import { RESULT_COLUMNS } from '../../electron/core/runs/runAggregates';
import type { StoredRunResult } from '../../electron/core/runs/runStore';

/**
 * A result as schema 15 kept it (before migration 16): its detail as JSON text in its row, the
 * answer's hash as 64 hex characters. What the migration's test writes to migrate, and what the
 * storage bench writes to compare with: one copy of the old statement.
 */
export const SCHEMA15_INSERT = `INSERT OR REPLACE INTO run_results (run_id, ${RESULT_COLUMNS}, detail, recorded_at, answer_hash)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** SCHEMA15_INSERT's values for one result; `hashed` false leaves the hash out, as results kept before hashes were. */
export function schema15Values(runId: string, { row, detail, recordedAt }: StoredRunResult, hashed = true): SQLInputValue[] {
  const answer = detail.result.ok ? detail.result.value.response.answer : null;
  const hash = answer === null ? '' : createHash('sha256').update(answer, 'utf8').digest('hex');
  return [
    runId,
    row.index,
    row.caseIndex,
    row.caseName,
    row.row,
    row.iteration,
    row.agentId,
    row.passed ? 1 : 0,
    JSON.stringify(row.failed),
    row.status,
    row.errorCode,
    row.serverMs,
    row.roundTripMs,
    row.answerStart,
    row.attempts,
    row.judge === undefined ? null : JSON.stringify(row.judge),
    JSON.stringify(detail),
    recordedAt,
    hashed ? hash : null,
  ];
}
