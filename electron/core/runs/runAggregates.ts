import { createHash } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { InvokeResult, Percentiles, RunJudgeSummary, RunLatency, RunMatrix, RunResultRow } from '../../shared/api';
import { unpackDetail } from '../db/packedDetail';
import { binLayout, binsOf } from './histogram';
import { yieldTurn, type RunSummaries } from './runSummaries';

/**
 * What the run view reads from a run's results, asked of the database so a run of any size
 * answers as quickly as a small one and nothing but the answer is held in memory: latency
 * percentiles and histograms, and a page of the matrix (two runs compared: runCompare.ts). The
 * indexes they walk are migrations 10's and 11's; what an ended run's view reads on every open is
 * counted once and kept (runSummaries.ts).
 */

/** A result's row as the store reads it (RESULT_COLUMNS in runStore.ts). */
export interface ResultRow {
  idx: number;
  case_index: number;
  case_name: string;
  data_row: number | null;
  iteration: number;
  agent_id: string;
  passed: number;
  failed: string;
  status: number | null;
  error_code: RunResultRow['errorCode'];
  server_ms: number | null;
  round_trip_ms: number | null;
  answer_start: string;
  attempts: number;
  /** The judge's verdict (RunJudgeSummary as JSON); NULL without a judge expectation. */
  judge: string | null;
}

export const RESULT_COLUMNS =
  'idx, case_index, case_name, data_row, iteration, agent_id, passed, failed, status, error_code, server_ms, round_trip_ms, answer_start, attempts, judge';

export function toRow(row: ResultRow): RunResultRow {
  return {
    index: row.idx,
    caseIndex: row.case_index,
    caseName: row.case_name,
    row: row.data_row,
    iteration: row.iteration,
    agentId: row.agent_id,
    passed: row.passed === 1,
    failed: JSON.parse(row.failed) as string[],
    status: row.status,
    errorCode: row.error_code,
    serverMs: row.server_ms,
    roundTripMs: row.round_trip_ms,
    answerStart: row.answer_start,
    attempts: row.attempts,
    ...(row.judge === null ? {} : { judge: JSON.parse(row.judge) as RunJudgeSummary }),
  };
}

/** What compare asks of an answer: the first 8 bytes of its SHA-256 (migration 16), or '' for a result with no answer (an error). */
export function answerHash(answer: string | null): Uint8Array | '' {
  return answer === null ? '' : createHash('sha256').update(answer, 'utf8').digest().subarray(0, 8);
}

/** A kept detail's answer (runDetailsApart.ts keeps it packed), or null for a result with no answer (an error). */
export function answerOfDetail(body: Uint8Array): string | null {
  const { result } = JSON.parse(unpackDetail(body)) as { result: InvokeResult };
  return result.ok ? result.value.response.answer : null;
}

/** A line of the matrix, as its first result names it. */
export interface MatrixLine {
  case_index: number;
  case_name: string;
  data_row: number | null;
  iteration: number;
}

type TimeColumn = 'round_trip_ms' | 'server_ms';

/** Each answers with one round of queries (node:sqlite is synchronous); Promises as every store method is (db/open.ts guards them). */
export interface RunAggregates {
  /** Percentiles (nearest rank) and histogram of a run's round trips and server times. */
  latency(runId: string): Promise<RunLatency>;
  /** Percentiles alone (compare's latency shift). */
  percentiles(runId: string): Promise<{ roundTrip: Percentiles | null; server: Percentiles | null }>;
  /** A page of the matrix's lines (case × data row × iteration) in plan order, with how many there are. */
  lines(runId: string, offset: number, limit: number): { total: number; lines: MatrixLine[] };
  /** A page of the matrix's lines, with how many there are. */
  matrix(runId: string, agents: readonly string[], offset: number, limit: number): Promise<Omit<RunMatrix, 'agents'>>;
}

/** Statements by their text, each prepared once: `statement`, and a row (`one`) or all rows (`all`) of one. */
export function queries(db: DatabaseSync) {
  const cached = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const statement = (sql: string) => {
    let prepared = cached.get(sql);
    if (!prepared) cached.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  };
  return {
    statement,
    one: <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).get(...params) as T,
    all: <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).all(...params) as T[],
  };
}

export function createRunAggregates(db: DatabaseSync, summaries: RunSummaries): RunAggregates {
  const { one, all } = queries(db);

  /** Nearest rank: the value at rank ⌈q·n⌉ of the sorted values, read along the column's index. */
  function percentilesOf(runId: string, column: TimeColumn): Percentiles | null {
    const { n } = one<{ n: number }>(`SELECT count(${column}) AS n FROM run_results WHERE run_id = ?`, runId);
    if (n === 0) return null;
    const at = (q: number) =>
      one<{ v: number }>(
        `SELECT ${column} AS v FROM run_results WHERE run_id = ? AND ${column} IS NOT NULL ORDER BY ${column} LIMIT 1 OFFSET ?`,
        runId,
        Math.min(n, Math.max(1, Math.ceil(q * n))) - 1,
      ).v;
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: n };
  }

  /** The histogram: the layout from count, least and most, then one GROUP BY over the column's index (finite values only). */
  function binsOfColumn(runId: string, column: TimeColumn): RunLatency['roundTripBins'] {
    const finite = `run_id = ? AND ${column} IS NOT NULL AND abs(${column}) < 9e999`;
    const span = one<{ n: number; least: number | null; most: number | null }>(
      `SELECT count(*) AS n, min(${column}) AS least, max(${column}) AS most FROM run_results WHERE ${finite}`,
      runId,
    );
    const layout = span.least === null || span.most === null ? null : binLayout(span.n, span.least, span.most);
    if (!layout) return [];
    const counted = all<{ bin: number; n: number }>(
      `SELECT min(?, max(0, CAST((${column} - ?) / ? AS INTEGER))) AS bin, count(*) AS n FROM run_results WHERE ${finite} GROUP BY bin`,
      layout.count - 1,
      layout.start,
      layout.width,
      runId,
    );
    return binsOf(layout, new Map(counted.map(({ bin, n }) => [bin, n])));
  }

  /** Percentiles and histograms, a statement at a time with a turn for other calls between (a million results: ~100 ms each). */
  async function latencyOf(runId: string): Promise<RunLatency> {
    const roundTrip = percentilesOf(runId, 'round_trip_ms');
    await yieldTurn();
    const server = percentilesOf(runId, 'server_ms');
    await yieldTurn();
    const roundTripBins = binsOfColumn(runId, 'round_trip_ms');
    await yieldTurn();
    return { roundTrip, server, roundTripBins, serverBins: binsOfColumn(runId, 'server_ms') };
  }

  // A line is a case × data row × iteration, placed by its first result (run_lines, kept as
  // results come); its name is that result's. A page reads run_lines_in_order from the first
  // result index of the line at its offset (runSummaries.ts finds it: a seek, however far in).
  function linesOf(runId: string, offset: number, limit: number): { total: number; lines: MatrixLine[] } {
    const total = summaries.total(runId, 'lines');
    const start = summaries.pageStart(runId, 'lines', offset);
    const lines =
      start === null
        ? []
        : all<MatrixLine>(
            `SELECT l.case_index, r.case_name, r.data_row, l.iteration FROM
              (SELECT case_index, iteration, first_idx FROM run_lines INDEXED BY run_lines_in_order
                WHERE run_id = ? AND first_idx >= ? ORDER BY first_idx LIMIT ?) AS l
              JOIN run_results AS r ON r.run_id = ? AND r.idx = l.first_idx ORDER BY l.first_idx`,
            runId,
            start,
            limit,
            runId,
          );
    return { total, lines };
  }

  return {
    latency: (runId) => summaries.latency(runId, () => latencyOf(runId)),
    async percentiles(runId) {
      const { roundTrip, server } = await summaries.latency(runId, () => latencyOf(runId));
      return { roundTrip, server };
    },
    lines: linesOf,
    async matrix(runId, agents, offset, limit) {
      const { total, lines: page } = linesOf(runId, offset, limit);
      // Along the line index by name: without statistics SQLite would walk the whole run by its key instead.
      const cellsOf = `SELECT ${RESULT_COLUMNS} FROM run_results INDEXED BY run_results_by_line
        WHERE run_id = ? AND case_index = ? AND data_row IS ? AND iteration = ? ORDER BY idx`;
      const rows = page.map((line) => {
        const cells: RunMatrix['rows'][number]['cells'] = agents.map(() => null);
        // A later result of the same agent in the line takes the cell, as it always has.
        for (const result of all<ResultRow>(cellsOf, runId, line.case_index, line.data_row, line.iteration).map(toRow)) {
          const column = agents.indexOf(result.agentId);
          if (column >= 0)
            cells[column] = {
              index: result.index,
              passed: result.passed,
              status: result.status,
              answerStart: result.answerStart,
              failed: result.failed,
            };
        }
        return { caseIndex: line.case_index, caseName: line.case_name, row: line.data_row, iteration: line.iteration, cells };
      });
      return { total, rows };
    },
  };
}
