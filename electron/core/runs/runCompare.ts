import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ComparedList, RunComparison, RunPair, RunRulePair } from '../../shared/api';
import { transaction } from '../db/transaction';
import { answerHash, answerOfDetail, queries, RESULT_COLUMNS, toRow, type ResultRow } from './runAggregates';
import { yieldTurn } from './runSummaries';

/**
 * Two runs compared, a slice at a time. Pairs are the same case name, data row, iteration and
 * agent, and the same place among the results alike (nth, in plan order). node:sqlite is
 * synchronous: pairing two million-result runs in one statement held every other call of the
 * host (a page of results, an invoke) for seconds. So the work is cut along the pairing key
 * itself: a case name and a range of data rows at a time (about SLICE results of the earlier
 * run), which holds every pair of its results and no other, with a turn for other calls between
 * slices. Counts add up across slices; each list keeps only its first `limit` pairs in the later
 * run's plan order, so what is held stays small whatever the size. Both runs are read along
 * run_results_by_pair, which covers everything pairing reads (migration 11): the table, with its
 * exchanges, is never visited but for the few pairs listed. Rules newly failing are found in the
 * same slices: a slice's pairs joined to both runs' rule verdicts (run_judge_rules, migration 14).
 */

export type Compared = Pick<
  RunComparison,
  'newlyFailing' | 'newlyPassing' | 'answerChanged' | 'rulesNewlyFailing' | 'onlyBefore' | 'onlyAfter'
>;

/** Results of the earlier run a slice holds, about (a slice ends on a data row's edge). */
const SLICE = 10_000;
/** Results whose hash a batch of the lazy fill computes. */
const HASH_BATCH = 1000;
/** Below and above every data row: the ends of the first and last ranges. */
const LOWEST = -Number.MAX_SAFE_INTEGER;
const HIGHEST = Number.MAX_SAFE_INTEGER;

/** A result's packed detail (migration 16), which its whole answer is read from. */
const DETAIL_OF = 'SELECT body FROM run_results JOIN run_details ON run_details.id = detail_id WHERE run_id = ? AND idx = ?';

const LISTS = ['failing', 'passing', 'changed'] as const;
type ListName = (typeof LISTS)[number] | 'rules';

const SETUP = [
  'DROP TABLE IF EXISTS temp.compare_before',
  'DROP TABLE IF EXISTS temp.compare_pairs',
  'DROP TABLE IF EXISTS temp.compare_lists',
  'DROP TABLE IF EXISTS temp.compare_rules',
  `CREATE TEMP TABLE compare_before (idx INTEGER, data_row INTEGER, iteration INTEGER, agent_id TEXT, passed INTEGER,
    answer_hash BLOB, nth INTEGER)`,
  'CREATE INDEX temp.compare_before_key ON compare_before (data_row, iteration, agent_id, nth)',
  `CREATE TEMP TABLE compare_pairs (before_idx INTEGER, after_idx INTEGER, data_row INTEGER, failing INTEGER, passing INTEGER,
    changed INTEGER)`,
  'CREATE TEMP TABLE compare_rules (before_idx INTEGER, after_idx INTEGER, data_row INTEGER, rule INTEGER)',
  'CREATE TEMP TABLE compare_lists (list TEXT, before_idx INTEGER, after_idx INTEGER)',
  'CREATE INDEX temp.compare_lists_order ON compare_lists (list, after_idx)',
];
const TEARDOWN = [
  'DROP TABLE IF EXISTS temp.compare_before',
  'DROP TABLE IF EXISTS temp.compare_pairs',
  'DROP TABLE IF EXISTS temp.compare_lists',
  'DROP TABLE IF EXISTS temp.compare_rules',
];

/**
 * A slice's results of one run: a case name and a range of data rows (`data_row > ? AND data_row <= ?`),
 * or the case's results without a data row. Two statements, not one with an OR: each is then a
 * range of run_results_by_pair.
 */
const inSlice = (nulls: boolean) => `run_id = ? AND case_name = ? AND ${nulls ? 'data_row IS NULL' : 'data_row > ? AND data_row <= ?'}`;
const fillBefore = (nulls: boolean) => `INSERT INTO compare_before
  SELECT idx, data_row, iteration, agent_id, passed, answer_hash,
    row_number() OVER (PARTITION BY data_row, iteration, agent_id ORDER BY idx)
  FROM run_results INDEXED BY run_results_by_pair WHERE ${inSlice(nulls)}`;
const fillPairs = (nulls: boolean) => `INSERT INTO compare_pairs
  SELECT b.idx, a.idx, a.data_row, b.passed = 1 AND a.passed = 0, b.passed = 0 AND a.passed = 1,
    b.answer_hash <> '' AND a.answer_hash <> '' AND b.answer_hash <> a.answer_hash
  FROM (
    SELECT idx, data_row, iteration, agent_id, passed, answer_hash,
      row_number() OVER (PARTITION BY data_row, iteration, agent_id ORDER BY idx) AS nth
    FROM run_results INDEXED BY run_results_by_pair WHERE ${inSlice(nulls)}
  ) AS a JOIN compare_before AS b INDEXED BY compare_before_key
    ON b.data_row IS a.data_row AND b.iteration = a.iteration AND b.agent_id = a.agent_id AND b.nth = a.nth`;
/** A slice's pairs' rules that passed before and fail after, judged against the same guideline (by the primary keys). */
const FILL_RULES = `INSERT INTO compare_rules
  SELECT p.before_idx, p.after_idx, p.data_row, a.rule FROM compare_pairs AS p
    JOIN run_judge_rules AS b ON b.run_id = ? AND b.idx = p.before_idx AND b.pass = 1
    JOIN run_judge_rules AS a ON a.run_id = ? AND a.idx = p.after_idx AND a.rule = b.rule AND a.pass = 0 AND a.guideline_id = b.guideline_id`;
/** The rules of one listed pair that newly fail, with the later judge's why and the guideline's name. */
const PAIR_RULES = `SELECT a.rule, a.why, a.guideline_id, c.guideline_name FROM run_judge_rules AS a
    JOIN run_judge_rules AS b ON b.run_id = ? AND b.idx = ? AND b.rule = a.rule AND b.pass = 1 AND b.guideline_id = a.guideline_id
    LEFT JOIN run_judge_columns AS c ON c.run_id = a.run_id AND c.guideline_id = a.guideline_id AND c.rule = a.rule
  WHERE a.run_id = ? AND a.idx = ? AND a.pass = 0 ORDER BY a.rule`;
const countSlice = (nulls: boolean) => `SELECT count(*) AS n FROM run_results INDEXED BY run_results_by_pair WHERE ${inSlice(nulls)}`;
const LEAST_NAME = 'SELECT min(case_name) AS n FROM run_results INDEXED BY run_results_by_pair WHERE run_id = ?';
const FIRST_NAME = `SELECT min(n) AS name FROM (${LEAST_NAME} UNION ALL ${LEAST_NAME})`;
const NEXT_NAME = `SELECT min(n) AS name FROM (${LEAST_NAME} AND case_name > ? UNION ALL ${LEAST_NAME} AND case_name > ?)`;
const SLICE_END = `SELECT data_row FROM run_results INDEXED BY run_results_by_pair WHERE run_id = ? AND case_name = ? AND data_row > ?
  ORDER BY data_row LIMIT 1 OFFSET ?`;

/** `slice`: results of the earlier run a slice holds, about (tests make it small). */
export function createRunCompare(db: DatabaseSync, slice = SLICE): (before: string, after: string, limit: number) => Promise<Compared> {
  const { statement, one, all } = queries(db);

  /** Results kept before answer hashes were: hashed now, a batch per transaction (and a turn for others between), once. */
  async function fillAnswerHashes(runId: string): Promise<void> {
    // Along the partial index of unhashed results: a scan of the table would read every exchange.
    const missing = `SELECT idx, body FROM run_results INDEXED BY run_results_unhashed JOIN run_details ON run_details.id = detail_id
      WHERE run_id = ? AND answer_hash IS NULL LIMIT ${HASH_BATCH}`;
    const update = 'UPDATE run_results SET answer_hash = ? WHERE run_id = ? AND idx = ?';
    for (;;) {
      const batch = all<{ idx: number; body: Uint8Array }>(missing, runId);
      if (batch.length === 0) return;
      transaction(db, () => {
        for (const { idx, body } of batch) statement(update).run(answerHash(answerOfDetail(body)), runId, idx);
      });
      await yieldTurn();
    }
  }

  /** The least case name of either run after `after` (null: the first), in the database's order. */
  const nextName = (before: string, later: string, after: string | null) =>
    (after === null
      ? one<{ name: string | null }>(FIRST_NAME, before, later)
      : one<{ name: string | null }>(NEXT_NAME, before, after, later, after)
    ).name;

  /** Where the slice starting after data row `from` ends: SLICE results of the earlier run on (else of the later), else the last. */
  const sliceEnd = (before: string, later: string, name: string, from: number) => {
    const at = (runId: string) => one<{ data_row: number } | undefined>(SLICE_END, runId, name, from, slice - 1)?.data_row;
    return at(before) ?? at(later) ?? HIGHEST;
  };

  /** Pairs one slice; adds its counts to `totals` and its listed pairs to compare_lists, each list cut to its first `limit`. */
  function pairSlice(before: string, later: string, name: string, nulls: boolean, from: number, to: number, totals: Totals, limit: number) {
    const slice = (runId: string): SQLInputValue[] => (nulls ? [runId, name] : [runId, name, from, to]);
    db.exec('DELETE FROM compare_before; DELETE FROM compare_pairs');
    totals.before += Number(statement(fillBefore(nulls)).run(...slice(before)).changes);
    totals.after += one<{ n: number }>(countSlice(nulls), ...slice(later)).n;
    statement(fillPairs(nulls)).run(...slice(later));
    const counts = one<{ matched: number; failing: number | null; passing: number | null; changed: number | null }>(
      'SELECT count(*) AS matched, sum(failing) AS failing, sum(passing) AS passing, sum(changed) AS changed FROM compare_pairs',
    );
    totals.matched += counts.matched;
    const keepFirst = (list: ListName, from: string) => {
      statement(`INSERT INTO compare_lists SELECT '${list}', before_idx, after_idx FROM ${from}`).run();
      statement(
        `DELETE FROM compare_lists WHERE list = ? AND after_idx > (
          SELECT after_idx FROM compare_lists WHERE list = ? ORDER BY after_idx LIMIT 1 OFFSET ?)`,
      ).run(list, list, Math.max(0, limit - 1));
    };
    for (const list of LISTS) {
      totals[list] += counts[list] ?? 0;
      if (counts[list]) keepFirst(list, `compare_pairs WHERE ${list}`);
    }
    // A slice holds whole data rows of one case name, so its cases (case × data row) are counted in it alone.
    db.exec('DELETE FROM compare_rules');
    statement(FILL_RULES).run(before, later);
    const rules = one<{ rules: number; pairs: number; cases: number }>(
      'SELECT count(*) AS rules, count(DISTINCT after_idx) AS pairs, count(DISTINCT coalesce(data_row, -1)) AS cases FROM compare_rules',
    );
    totals.rules += rules.rules;
    totals.rulePairs += rules.pairs;
    totals.ruleCases += rules.cases;
    if (rules.pairs > 0) keepFirst('rules', '(SELECT DISTINCT before_idx, after_idx FROM compare_rules)');
  }

  /** The listed pairs with rules newly failing, each with those rules. */
  function rulePairs(before: string, after: string, limit: number): RunRulePair[] {
    return pairList(before, after, 'rules', limit).map((pair) => {
      const rules = all<{ rule: number; why: string; guideline_id: string; guideline_name: string | null }>(
        PAIR_RULES,
        before,
        pair.before.index,
        after,
        pair.after.index,
      );
      const first = rules[0]!;
      return {
        ...pair,
        guideline: { id: first.guideline_id, name: first.guideline_name ?? first.guideline_id },
        rules: rules.map(({ rule, why }) => ({ rule, why })),
      };
    });
  }

  /** A list's pairs in the later run's plan order, with their rows. */
  function pairList(before: string, after: string, list: ListName, limit: number): RunPair[] {
    const rowOf = (runId: string, idx: number) =>
      toRow(one<ResultRow>(`SELECT ${RESULT_COLUMNS} FROM run_results WHERE run_id = ? AND idx = ?`, runId, idx));
    return all<{ before_idx: number; after_idx: number }>(
      'SELECT before_idx, after_idx FROM compare_lists WHERE list = ? ORDER BY after_idx LIMIT ?',
      list,
      limit,
    ).map(({ before_idx, after_idx }) => ({ before: rowOf(before, before_idx), after: rowOf(after, after_idx) }));
  }
  // A listed pair's answers changed: both have one.
  const answerOf = (runId: string, idx: number) => answerOfDetail(one<{ body: Uint8Array }>(DETAIL_OF, runId, idx).body)!;

  async function compare(before: string, after: string, limit: number): Promise<Compared> {
    await fillAnswerHashes(before);
    await fillAnswerHashes(after);
    for (const sql of SETUP) db.exec(sql);
    try {
      const totals: Totals = { before: 0, after: 0, matched: 0, failing: 0, passing: 0, changed: 0, rules: 0, rulePairs: 0, ruleCases: 0 };
      for (let name = nextName(before, after, null); name !== null; name = nextName(before, after, name)) {
        pairSlice(before, after, name, true, 0, 0, totals, limit);
        await yieldTurn();
        for (let from = LOWEST; from < HIGHEST;) {
          const to = sliceEnd(before, after, name, from);
          pairSlice(before, after, name, false, from, to, totals, limit);
          from = to;
          await yieldTurn();
        }
      }
      const list = <T>(items: T[], total: number): ComparedList<T> => ({ items, total });
      return {
        newlyFailing: list(pairList(before, after, 'failing', limit), totals.failing),
        newlyPassing: list(pairList(before, after, 'passing', limit), totals.passing),
        answerChanged: list(
          pairList(before, after, 'changed', limit).map((pair) => ({
            ...pair,
            beforeAnswer: answerOf(before, pair.before.index),
            afterAnswer: answerOf(after, pair.after.index),
          })),
          totals.changed,
        ),
        rulesNewlyFailing: { ...list(rulePairs(before, after, limit), totals.rulePairs), rules: totals.rules, cases: totals.ruleCases },
        onlyBefore: totals.before - totals.matched,
        onlyAfter: totals.after - totals.matched,
      };
    } finally {
      for (const sql of TEARDOWN) db.exec(sql);
    }
  }

  // One comparison at a time: they share the connection's temporary tables, and each now yields half-way.
  let queue: Promise<unknown> = Promise.resolve();
  return (before, after, limit) => {
    const next = queue.then(() => compare(before, after, limit));
    queue = next.catch(() => undefined);
    return next;
  };
}

interface Totals {
  before: number;
  after: number;
  matched: number;
  failing: number;
  passing: number;
  changed: number;
  /** Rule verdicts newly failing, the pairs they are in, and the cases (case × data row) those are. */
  rules: number;
  rulePairs: number;
  ruleCases: number;
}
