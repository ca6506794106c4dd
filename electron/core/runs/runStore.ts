import type { DatabaseSync } from 'node:sqlite';
import type {
  InvokeResult,
  JsonObject,
  ListRunsRequest,
  RunExpectationOutcome,
  RunJudgement,
  RunRecord,
  RunResultRow,
  RunResultsPage,
  RunResultsQuery,
  RunRules,
} from '../../shared/api';
import { packDetail, unpackDetail } from '../db/packedDetail';
import { transaction } from '../db/transaction';
import { UNSENT_KEPT } from './runner';
import { answerHash, createRunAggregates, RESULT_COLUMNS, toRow, type ResultRow, type RunAggregates } from './runAggregates';
import { createRunCompare, type Compared } from './runCompare';
import { createRunSummaries, yieldTurn } from './runSummaries';
import { createRunRules, DELETE_JUDGE_RULES, judgeRuleWriter } from './runJudgeRules';

/**
 * Where runs and their results are kept, in the app's database beside the history (migrations 8 to 16),
 * a file or in memory. Everything handed to it was redacted by the service: the store keeps what
 * it is given and never sees a key.
 */

/** One result as kept: its table row, the exchange in full, and when it arrived. */
export interface StoredRunResult {
  row: RunResultRow;
  detail: {
    request: { agentId: string; text: string; payload: JsonObject };
    result: InvokeResult;
    expectations: RunExpectationOutcome[];
    /** A judge expectation's outcome in full (each rule's verdict, the judge's exchange). */
    judgement?: RunJudgement;
  };
  /** ISO 8601. */
  recordedAt: string;
}

/** A request of the plan never sent (the run was stopped first), for reports that list it as skipped. */
export interface UnsentRequest {
  caseIndex: number;
  caseName: string;
  row: number | null;
  iteration: number;
  agentId: string;
}

export type RunCounts = Pick<RunRecord, 'completed' | 'passed' | 'failed' | 'cancelled' | 'notRun'>;

interface RunEnd {
  state: Exclude<RunRecord['state'], 'running' | 'interrupted'>;
  finishedAt: string;
  durationMs: number;
  counts: RunCounts;
  unsent: UnsentRequest[];
}

/** With the aggregates the run view reads (runAggregates.ts, and an ended run's kept in runSummaries.ts). */
export interface RunStore extends RunAggregates {
  /** Two runs' results paired: the lists' first `limit` in the later run's plan order, each with its total (runCompare.ts). */
  compare(before: string, after: string, limit: number): Promise<Compared>;
  /** A page of the rules view: lines against the rules of `guidelineId` (the most judged when absent; runJudgeRules.ts). */
  rules(runId: string, guidelineId: string | undefined, offset: number, limit: number): Promise<RunRules>;
  /** Keeps a new run (state `running`, no results yet). */
  create(record: RunRecord): Promise<void>;
  /** Keeps a batch of results and the run's counts after it, in one transaction. */
  addResults(runId: string, results: readonly StoredRunResult[], counts: RunCounts): Promise<void>;
  /** The run has ended: its state, time and final counts (and its summary is counted and kept). */
  finish(runId: string, end: RunEnd): Promise<void>;
  get(runId: string): Promise<RunRecord | null>;
  /** Newest first. */
  list(query: ListRunsRequest): Promise<RunRecord[]>;
  /** A page of results in plan order (all, or the failures), and how many match. */
  results(query: RunResultsQuery): Promise<RunResultsPage>;
  result(runId: string, index: number): Promise<StoredRunResult | null>;
  /** Up to `size` results in full, in plan order, after the result `afterIndex` (-1: from the start). */
  detailPage(runId: string, afterIndex: number, size: number): Promise<StoredRunResult[]>;
  unsent(runId: string): Promise<UnsentRequest[]>;
  /** Removes a run and its results; false when there was none. */
  delete(runId: string): Promise<boolean>;
  /**
   * Marks every run still `running` as `interrupted` (called once at the app's start: a run is
   * only ever running in the process that started it, so one found running was cut off).
   * Resolves with how many were marked.
   */
  interruptRunning(): Promise<number>;
}

/** Results an export reads at a time: a few MB of exchanges at most. */
const DETAIL_PAGE = 200;

/**
 * Every result of a run in full, in plan order, read a page at a time as it is consumed: memory
 * holds one page, whatever the run's size (exports).
 */
export async function* storedResults(
  store: Pick<RunStore, 'detailPage'>,
  runId: string,
  size = DETAIL_PAGE,
): AsyncGenerator<StoredRunResult> {
  for (let after = -1; ;) {
    const page = await store.detailPage(runId, after, size);
    yield* page;
    if (page.length < size) return;
    after = page[page.length - 1]!.row.index;
  }
}

/** Results one transaction of a delete removes at most (as the history's Clear all does). */
const DELETE_BATCH = 1000;

/** Results one page gives at most (the contract's limit). */
export const MAX_RESULTS_PAGE = 1000;

interface RunRow {
  id: string;
  kind: RunRecord['kind'];
  suite_name: string;
  suite_file: string;
  profile_id: string;
  profile_name: string;
  base_url: string;
  started_at: string;
  finished_at: string | null;
  state: RunRecord['state'];
  total: number;
  completed: number;
  passed: number;
  failed: number;
  cancelled: number;
  not_run: number;
  duration_ms: number | null;
  settings: string;
  agents: string;
}

const RUN_COLUMNS =
  'id, kind, suite_name, suite_file, profile_id, profile_name, base_url, started_at, finished_at, ' +
  'state, total, completed, passed, failed, cancelled, not_run, duration_ms, settings, agents';

function toRecord(row: RunRow): RunRecord {
  return {
    runId: row.id,
    kind: row.kind,
    suiteName: row.suite_name,
    suiteFile: row.suite_file,
    profile: { id: row.profile_id, name: row.profile_name, baseUrl: row.base_url },
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    state: row.state,
    total: row.total,
    completed: row.completed,
    passed: row.passed,
    failed: row.failed,
    cancelled: row.cancelled,
    notRun: row.not_run,
    durationMs: row.duration_ms,
    settings: JSON.parse(row.settings) as RunRecord['settings'],
    agents: JSON.parse(row.agents) as string[],
  };
}

/** A result's row with its packed detail. */
type DetailRow = ResultRow & { body: Uint8Array; recorded_at: string };

/** The runs in an open database migrated to 10 or later (db/open.ts opens it, on the history's connection, a file or in memory). */
export function createSqliteRunStore(db: DatabaseSync): RunStore {
  const insertRun = db.prepare(`INSERT INTO runs (${RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // The row names its detail, kept packed in run_details (migration 16): the rows and their indexes stay narrow.
  const insertResult = db.prepare(
    `INSERT OR REPLACE INTO run_results (run_id, ${RESULT_COLUMNS}, recorded_at, answer_hash, judge_guideline, detail_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDetail = db.prepare('INSERT INTO run_details (body) VALUES (?)');
  // A result written again in its place (REPLACE fires no delete trigger) leaves no detail behind.
  const deleteDetailOf = db.prepare('DELETE FROM run_details WHERE id = (SELECT detail_id FROM run_results WHERE run_id = ? AND idx = ?)');
  // A result's matrix line: kept at its first result (runAggregates.ts reads it; migration 11).
  const upsertLine = db.prepare(
    `INSERT INTO run_lines (run_id, case_index, data_row_key, iteration, first_idx) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (run_id, case_index, data_row_key, iteration) DO UPDATE SET first_idx = min(first_idx, excluded.first_idx)`,
  );
  const updateCounts = db.prepare('UPDATE runs SET completed = ?, passed = ?, failed = ?, cancelled = ?, not_run = ? WHERE id = ?');
  const updateEnd = db.prepare(
    'UPDATE runs SET state = ?, finished_at = ?, duration_ms = ?, completed = ?, passed = ?, failed = ?, cancelled = ?, not_run = ?, unsent = ? WHERE id = ?',
  );
  const selectRun = db.prepare(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = ?`);
  // Keyset paging: each page starts after the last index read, along the primary key, however far in.
  // Each row's detail by its id: a seek in run_details per result.
  const withDetail = `SELECT ${RESULT_COLUMNS}, body, recorded_at FROM run_results JOIN run_details ON run_details.id = detail_id`;
  const selectDetailsAfter = db.prepare(`${withDetail} WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ?`);
  const selectOne = db.prepare(`${withDetail} WHERE run_id = ? AND idx = ?`);
  // A page reads from the result index its first entry has (runSummaries.ts finds it), along the
  // primary key or, for the failures, the index of outcomes: a seek, however far in.
  const selectFrom = db.prepare(`SELECT ${RESULT_COLUMNS} FROM run_results WHERE run_id = ? AND idx >= ? ORDER BY idx LIMIT ?`);
  const selectFailuresFrom = db.prepare(
    `SELECT ${RESULT_COLUMNS} FROM run_results INDEXED BY run_results_by_outcome WHERE run_id = ? AND passed = 0 AND idx >= ? ORDER BY idx LIMIT ?`,
  );
  const deleteRun = db.prepare('DELETE FROM runs WHERE id = ?');
  const deleteResults = db.prepare(
    'DELETE FROM run_results WHERE run_id = ? AND idx IN (SELECT idx FROM run_results WHERE run_id = ? ORDER BY idx LIMIT ?)',
  );
  const deleteJudgeRules = DELETE_JUDGE_RULES.map((sql) => db.prepare(sql));
  const keepJudgeRules = judgeRuleWriter(db);
  const deleteLines = db.prepare(
    'DELETE FROM run_lines WHERE run_id = ? AND first_idx IN (SELECT first_idx FROM run_lines WHERE run_id = ? ORDER BY first_idx LIMIT ?)',
  );

  const stored = (row: DetailRow): StoredRunResult => ({
    row: toRow(row),
    detail: JSON.parse(unpackDetail(row.body)) as StoredRunResult['detail'],
    recordedAt: row.recorded_at,
  });

  const summaries = createRunSummaries(db);
  const aggregates = createRunAggregates(db, summaries);
  return {
    ...aggregates,
    compare: createRunCompare(db),
    rules: createRunRules(db, aggregates.lines),
    async create(record) {
      const { profile, settings, agents } = record;
      insertRun.run(
        record.runId,
        record.kind,
        record.suiteName,
        record.suiteFile,
        profile.id,
        profile.name,
        profile.baseUrl,
        record.startedAt,
        record.finishedAt,
        record.state,
        record.total,
        record.completed,
        record.passed,
        record.failed,
        record.cancelled,
        record.notRun,
        record.durationMs,
        JSON.stringify(settings),
        JSON.stringify(agents),
      );
    },
    async addResults(runId, results, counts) {
      transaction(db, () => {
        for (const { row, detail, recordedAt } of results) {
          deleteDetailOf.run(runId, row.index);
          const detailId = insertDetail.run(packDetail(JSON.stringify(detail))).lastInsertRowid;
          insertResult.run(
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
            recordedAt,
            answerHash(detail.result.ok ? detail.result.value.response.answer : null),
            detail.judgement?.guideline?.id ?? null,
            detailId,
          );
          upsertLine.run(runId, row.caseIndex, row.row ?? -1, row.iteration, row.index);
        }
        keepJudgeRules(
          runId,
          results.map(({ row, detail }) => ({ index: row.index, judgement: detail.judgement })),
        );
        summaries.forget(runId);
        updateCounts.run(counts.completed, counts.passed, counts.failed, counts.cancelled, counts.notRun, runId);
      });
    },
    async finish(runId, { state, finishedAt, durationMs, counts, unsent }) {
      updateEnd.run(
        state,
        finishedAt,
        durationMs,
        counts.completed,
        counts.passed,
        counts.failed,
        counts.cancelled,
        counts.notRun,
        // The first requests never sent, as reports list them; `not_run` counts them all.
        JSON.stringify(unsent.slice(0, UNSENT_KEPT)),
        runId,
      );
      // Counted once now, so every open of the ended run reads them rather than every result.
      summaries.keep(runId);
    },
    async get(runId) {
      const row = selectRun.get(runId) as RunRow | undefined;
      return row ? toRecord(row) : null;
    },
    async list({ kind, suiteName, limit }) {
      const where: string[] = [];
      const params: Array<string | number> = [];
      if (kind !== undefined) {
        where.push('kind = ?');
        params.push(kind);
      }
      if (suiteName !== undefined) {
        where.push('suite_name = ?');
        params.push(suiteName);
      }
      const sql = `SELECT ${RUN_COLUMNS} FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY rowid DESC LIMIT ?`;
      return (db.prepare(sql).all(...params, limit ?? 200) as unknown as RunRow[]).map(toRecord);
    },
    async results({ runId, offset, limit, failuresOnly }) {
      const page = Math.min(Math.max(1, limit), MAX_RESULTS_PAGE);
      const list = failuresOnly ? 'failures' : 'results';
      const start = summaries.pageStart(runId, list, Math.max(0, offset));
      const rows =
        start === null ? [] : ((failuresOnly ? selectFailuresFrom : selectFrom).all(runId, start, page) as unknown as ResultRow[]);
      return { rows: rows.map(toRow), total: summaries.total(runId, list) };
    },
    async result(runId, index) {
      const row = selectOne.get(runId, index) as DetailRow | undefined;
      return row ? stored(row) : null;
    },
    async detailPage(runId, afterIndex, size) {
      return (selectDetailsAfter.all(runId, afterIndex, size) as unknown as DetailRow[]).map(stored);
    },
    async unsent(runId) {
      const row = db.prepare('SELECT unsent FROM runs WHERE id = ?').get(runId) as { unsent: string } | undefined;
      return row ? (JSON.parse(row.unsent) as UnsentRequest[]) : [];
    },
    async delete(runId) {
      // The run goes first (every read starts from it, so its results are gone for the page at
      // once), then its results a batch per transaction, yielding between: node:sqlite is
      // synchronous, and 100,000 results in one DELETE would hold every other call for a second.
      // A close half-way leaves results no run names: unreachable, and only space. Each result's
      // detail goes with it (the trigger run_details_follow).
      const deleted = Number(deleteRun.run(runId).changes) > 0;
      summaries.forget(runId);
      for (const batch of [deleteResults, deleteLines, ...deleteJudgeRules]) {
        while (Number(transaction(db, () => batch.run(runId, runId, DELETE_BATCH)).changes) === DELETE_BATCH) await yieldTurn();
      }
      return deleted;
    },
    async interruptRunning() {
      return Number(db.prepare("UPDATE runs SET state = 'interrupted', not_run = total - completed WHERE state = 'running'").run().changes);
    },
  };
}
