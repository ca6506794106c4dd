import { createHash } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type {
  ComparedList,
  Percentiles,
  RunComparison,
  RunJudgeSummary,
  RunLatency,
  RunMatrix,
  RunPair,
  RunResultRow,
} from '../../shared/api';
import { binLayout, binsOf } from './histogram';
import { transaction } from '../history/historyStore';

/**
 * What the run view reads from a run's results, asked of the database so a run of any size
 * answers as quickly as a small one and nothing but the answer is held in memory: latency
 * percentiles and histograms, a page of the matrix, and two runs compared (counts, and the first
 * page of each list). The indexes they walk are migrations 10's and 11's.
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

/** What compare asks of an answer: its SHA-256 (hex), or '' for a result with no answer (an error). */
export function answerHash(answer: string | null): string {
  return answer === null ? '' : createHash('sha256').update(answer, 'utf8').digest('hex');
}

/** A result's whole answer from its detail (JSON), or null for an error. */
const ANSWER_OF = "CASE WHEN json_extract(detail, '$.result.ok') THEN json_extract(detail, '$.result.value.response.answer') END";

/** Results whose hash a batch of the lazy fill computes. */
const HASH_BATCH = 1000;

type TimeColumn = 'round_trip_ms' | 'server_ms';

/**
 * Pairs compare matches: the same case name, data row, iteration and agent, and the same place
 * among the results alike (nth). Made once per compare into two temporary tables, so the counts
 * and the three lists read the pairing rather than make it again: the earlier run's results with
 * their nth, indexed by the key, then each later result joined to it along that index (one walk
 * of each run's covering run_results_by_pair, whatever the size; a join of two window queries
 * left to the planner went quadratic).
 */
const PAIRING = [
  'DROP TABLE IF EXISTS temp.compare_before',
  'DROP TABLE IF EXISTS temp.compare_pairs',
  `CREATE TEMP TABLE compare_before (idx INTEGER, case_name TEXT, data_row INTEGER, iteration INTEGER, agent_id TEXT,
    passed INTEGER, answer_hash TEXT, nth INTEGER)`,
  `CREATE TEMP TABLE compare_pairs (before_idx INTEGER, after_idx INTEGER, failing INTEGER, passing INTEGER, changed INTEGER)`,
];
const FILL_BEFORE = `INSERT INTO compare_before
  SELECT idx, case_name, data_row, iteration, agent_id, passed, answer_hash,
    row_number() OVER (PARTITION BY case_name, data_row, iteration, agent_id ORDER BY idx)
  FROM run_results WHERE run_id = ?`;
const INDEX_BEFORE = 'CREATE INDEX temp.compare_before_key ON compare_before (case_name, data_row, iteration, agent_id, nth)';
const FILL_PAIRS = `INSERT INTO compare_pairs
  SELECT b.idx, a.idx, b.passed = 1 AND a.passed = 0, b.passed = 0 AND a.passed = 1,
    b.answer_hash <> '' AND a.answer_hash <> '' AND b.answer_hash <> a.answer_hash
  FROM (
    SELECT idx, case_name, data_row, iteration, agent_id, passed, answer_hash,
      row_number() OVER (PARTITION BY case_name, data_row, iteration, agent_id ORDER BY idx) AS nth
    FROM run_results WHERE run_id = ?
  ) AS a JOIN compare_before AS b INDEXED BY compare_before_key
    ON b.case_name = a.case_name AND b.data_row IS a.data_row AND b.iteration = a.iteration AND b.agent_id = a.agent_id AND b.nth = a.nth`;
const UNPAIR = ['DROP TABLE IF EXISTS temp.compare_before', 'DROP TABLE IF EXISTS temp.compare_pairs'];

type ListName = 'failing' | 'passing' | 'changed';

/** Each answers with one round of queries (node:sqlite is synchronous); Promises as every store method is (db/open.ts guards them). */
export interface RunAggregates {
  /** Percentiles (nearest rank) and histogram of a run's round trips and server times. */
  latency(runId: string): Promise<RunLatency>;
  /** Percentiles alone (compare's latency shift). */
  percentiles(runId: string): Promise<{ roundTrip: Percentiles | null; server: Percentiles | null }>;
  /** A page of the matrix's lines, with how many there are. */
  matrix(runId: string, agents: readonly string[], offset: number, limit: number): Promise<Omit<RunMatrix, 'agents'>>;
  /** Two runs' results paired: the lists' first `limit` in the later run's plan order, each with its total. */
  compare(
    before: string,
    after: string,
    limit: number,
  ): Promise<Pick<RunComparison, 'newlyFailing' | 'newlyPassing' | 'answerChanged' | 'onlyBefore' | 'onlyAfter'>>;
}

export function createRunAggregates(db: DatabaseSync): RunAggregates {
  const cached = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  const statement = (sql: string) => {
    let prepared = cached.get(sql);
    if (!prepared) cached.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  };
  const one = <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).get(...params) as T;
  const all = <T>(sql: string, ...params: SQLInputValue[]) => statement(sql).all(...params) as T[];

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

  /** Results kept before answer hashes were: hashed now, a batch per transaction, once. */
  function fillAnswerHashes(runId: string): void {
    // Along the partial index of unhashed results: a scan of the table would read every exchange.
    const missing = `SELECT idx, ${ANSWER_OF} AS answer FROM run_results INDEXED BY run_results_unhashed
      WHERE run_id = ? AND answer_hash IS NULL LIMIT ${HASH_BATCH}`;
    const update = 'UPDATE run_results SET answer_hash = ? WHERE run_id = ? AND idx = ?';
    for (;;) {
      const batch = all<{ idx: number; answer: string | null }>(missing, runId);
      if (batch.length === 0) return;
      transaction(db, () => {
        for (const { idx, answer } of batch) statement(update).run(answerHash(answer), runId, idx);
      });
    }
  }

  /** A list's first `limit` pairs, in the later run's plan order (from compare_pairs, made by compare). */
  function pairList(before: string, after: string, list: ListName, limit: number) {
    const rows = all<{ before_idx: number; after_idx: number }>(
      `SELECT before_idx, after_idx FROM compare_pairs WHERE ${list} ORDER BY after_idx LIMIT ?`,
      limit,
    );
    const rowOf = (runId: string, idx: number) =>
      toRow(one<ResultRow>(`SELECT ${RESULT_COLUMNS} FROM run_results WHERE run_id = ? AND idx = ?`, runId, idx));
    return rows.map(
      ({ before_idx, after_idx }) => ({ before: rowOf(before, before_idx), after: rowOf(after, after_idx) }) satisfies RunPair,
    );
  }

  const answerOf = (runId: string, idx: number) =>
    one<{ answer: string }>(`SELECT ${ANSWER_OF} AS answer FROM run_results WHERE run_id = ? AND idx = ?`, runId, idx).answer;

  return {
    async latency(runId) {
      return {
        roundTrip: percentilesOf(runId, 'round_trip_ms'),
        server: percentilesOf(runId, 'server_ms'),
        roundTripBins: binsOfColumn(runId, 'round_trip_ms'),
        serverBins: binsOfColumn(runId, 'server_ms'),
      };
    },
    async percentiles(runId) {
      return { roundTrip: percentilesOf(runId, 'round_trip_ms'), server: percentilesOf(runId, 'server_ms') };
    },
    async matrix(runId, agents, offset, limit) {
      // A line is a case × data row × iteration, placed by its first result (run_lines, kept as
      // results come); its name is that result's. A page is a walk of run_lines_in_order.
      const { n } = one<{ n: number }>('SELECT count(*) AS n FROM run_lines WHERE run_id = ?', runId);
      const page = all<{ case_index: number; case_name: string; data_row: number | null; iteration: number }>(
        `SELECT l.case_index, r.case_name, r.data_row, l.iteration FROM
          (SELECT case_index, iteration, first_idx FROM run_lines WHERE run_id = ? ORDER BY first_idx LIMIT ? OFFSET ?) AS l
          JOIN run_results AS r ON r.run_id = ? AND r.idx = l.first_idx ORDER BY l.first_idx`,
        runId,
        limit,
        offset,
        runId,
      );
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
      return { total: n, rows };
    },
    async compare(before, after, limit) {
      fillAnswerHashes(before);
      fillAnswerHashes(after);
      for (const sql of PAIRING) db.exec(sql);
      try {
        statement(FILL_BEFORE).run(before);
        db.exec(INDEX_BEFORE);
        statement(FILL_PAIRS).run(after);
        const counts = one<{ matched: number; failing: number | null; passing: number | null; changed: number | null }>(
          'SELECT count(*) AS matched, sum(failing) AS failing, sum(passing) AS passing, sum(changed) AS changed FROM compare_pairs',
        );
        const count = (runId: string) => one<{ n: number }>('SELECT count(*) AS n FROM run_results WHERE run_id = ?', runId).n;
        const list = <T>(items: T[], total: number | null): ComparedList<T> => ({ items, total: total ?? 0 });
        return {
          newlyFailing: list(pairList(before, after, 'failing', limit), counts.failing),
          newlyPassing: list(pairList(before, after, 'passing', limit), counts.passing),
          answerChanged: list(
            pairList(before, after, 'changed', limit).map((pair) => ({
              ...pair,
              beforeAnswer: answerOf(before, pair.before.index),
              afterAnswer: answerOf(after, pair.after.index),
            })),
            counts.changed,
          ),
          onlyBefore: count(before) - counts.matched,
          onlyAfter: count(after) - counts.matched,
        };
      } finally {
        for (const sql of UNPAIR) db.exec(sql);
      }
    },
  };
}
