import type { DatabaseSync } from 'node:sqlite';
import type { RunLatency } from '../../shared/api';
import { transaction } from '../db/transaction';

/**
 * How many entries each list of a run's view has, and where a page of it starts, for a run of
 * any size. The lists are the results, the failures and the matrix's lines; each is walked along
 * an index of its own, keyed by a result index (a line's is its first result's).
 *
 * A count is a walk of the whole list (a million index entries for a million-result run, tens to
 * hundreds of milliseconds of a synchronous database), and so is finding a far page by stepping
 * to its offset. So an ended run's counts are kept once (migration 13), with its latency and, every
 * MARK_EVERY entries of each list, the entry's result index (migration 15): a page seeks the mark
 * before it and steps fewer than MARK_EVERY entries from there, so the last page of a million
 * results costs what the first does.
 *
 * Kept when a run ends (runStore.ts finish), or the first time an ended run kept before is read;
 * never for a run still going (its lists change with each batch), whose figures are counted and
 * stepped to when asked. A batch of results drops the run's summary and marks in its transaction,
 * so they never disagree with the results.
 */

/** A list of a run's view. */
type RunList = 'results' | 'failures' | 'lines';

/** An entry of each list every this many is marked: a page steps fewer entries than this from its mark. */
const MARK_EVERY = 256;

/** Each list along its own index: the table and index, the key (a result index), and what it filters by. */
const LISTS: Record<RunList, { from: string; key: string; where: string }> = {
  results: { from: 'run_results INDEXED BY run_results_in_order', key: 'idx', where: '' },
  failures: { from: 'run_results INDEXED BY run_results_by_outcome', key: 'idx', where: ' AND passed = 0' },
  lines: { from: 'run_lines INDEXED BY run_lines_in_order', key: 'first_idx', where: '' },
};
const NAMES = Object.keys(LISTS) as RunList[];

export interface RunSummaries {
  /** How many entries the list has: kept for an ended run (counted and kept on first read), counted now for one still going. */
  total(runId: string, list: RunList): number;
  /** The result index of the list's entry at `offset` (where a page from there starts), or null past its end. */
  pageStart(runId: string, list: RunList, offset: number): number | null;
  /** The latency kept for an ended run, or made by `compute` (once: kept when the run has ended). */
  latency(runId: string, compute: () => Promise<RunLatency>): Promise<RunLatency>;
  /** Counts the run's lists, marks them and keeps both (its end). */
  keep(runId: string): void;
  /** The run changed (results added) or is gone: its summary is counted again when next read. */
  forget(runId: string): void;
}

type SummaryRow = Record<RunList, number> & { latency: string | null };

export function createRunSummaries(db: DatabaseSync): RunSummaries {
  const select = db.prepare('SELECT results, failures, lines, latency FROM run_summaries WHERE run_id = ?');
  const ended = db.prepare("SELECT 1 AS found FROM runs WHERE id = ? AND state <> 'running'");
  const insert = db.prepare(
    `INSERT INTO run_summaries (run_id, results, failures, lines, latency) VALUES (?, ?, ?, ?, NULL)
      ON CONFLICT (run_id) DO UPDATE SET results = excluded.results, failures = excluded.failures, lines = excluded.lines, latency = NULL`,
  );
  const keepLatency = db.prepare('UPDATE run_summaries SET latency = ? WHERE run_id = ?');
  const remove = db.prepare('DELETE FROM run_summaries WHERE run_id = ?');
  const removeMarks = db.prepare('DELETE FROM run_marks WHERE run_id = ?');
  const markBefore = db.prepare(
    'SELECT ordinal, idx FROM run_marks WHERE run_id = ? AND list = ? AND ordinal <= ? ORDER BY ordinal DESC LIMIT 1',
  );
  const statements = Object.fromEntries(
    NAMES.map((list) => {
      const { from, key, where } = LISTS[list];
      return [
        list,
        {
          count: db.prepare(`SELECT count(*) AS n FROM ${from} WHERE run_id = ?${where}`),
          // The key `skip` entries on from `after` (itself included), along the list's index alone.
          step: db.prepare(`SELECT ${key} AS k FROM ${from} WHERE run_id = ?${where} AND ${key} >= ? ORDER BY ${key} LIMIT 1 OFFSET ?`),
          // Every MARK_EVERY-th entry's key, numbered from 0, in one walk of the list.
          mark: db.prepare(
            `INSERT INTO run_marks (run_id, list, ordinal, idx) SELECT ?, '${list}', n, k FROM
              (SELECT ${key} AS k, row_number() OVER (ORDER BY ${key}) - 1 AS n FROM ${from} WHERE run_id = ?${where})
              WHERE n % ${MARK_EVERY} = 0`,
          ),
        },
      ];
    }),
  ) as Record<RunList, Record<'count' | 'step' | 'mark', ReturnType<DatabaseSync['prepare']>>>;

  // How often each run's summary was forgotten in this process: a latency counted across a change is not kept.
  const changes = new Map<string, number>();
  const hasEnded = (runId: string) => ended.get(runId) !== undefined;
  const count = (runId: string, list: RunList) => Number((statements[list].count.get(runId) as { n: number }).n);

  function keep(runId: string): void {
    transaction(db, () => {
      const [results, failures, lines] = NAMES.map((list) => count(runId, list));
      insert.run(runId, results!, failures!, lines!);
      removeMarks.run(runId);
      for (const list of NAMES) statements[list].mark.run(runId, runId);
    });
  }

  /** The kept summary; counted and kept now for an ended run that has none; null while the run goes. */
  function summary(runId: string): SummaryRow | null {
    const row = select.get(runId) as SummaryRow | undefined;
    if (row) return row;
    if (!hasEnded(runId)) return null;
    keep(runId);
    return select.get(runId) as unknown as SummaryRow;
  }

  return {
    total(runId, list) {
      return summary(runId)?.[list] ?? count(runId, list);
    },
    pageStart(runId, list, offset) {
      // From the mark at or before the offset (an ended run), else from the list's start.
      let after = Number.MIN_SAFE_INTEGER;
      let skip = offset;
      if (summary(runId)) {
        const mark = markBefore.get(runId, list, offset) as { ordinal: number; idx: number } | undefined;
        if (!mark) return null;
        after = mark.idx;
        skip = offset - mark.ordinal;
      }
      const row = statements[list].step.get(runId, after, skip) as { k: number } | undefined;
      return row ? Number(row.k) : null;
    },
    async latency(runId, compute) {
      const row = select.get(runId) as SummaryRow | undefined;
      if (row?.latency) return JSON.parse(row.latency) as RunLatency;
      if (!row && !hasEnded(runId)) return compute();
      const before = changes.get(runId);
      const latency = await compute();
      // Kept only if no result came and nothing was deleted while it was counted (compute yields).
      if (changes.get(runId) === before && hasEnded(runId)) {
        if (select.get(runId) === undefined) keep(runId);
        keepLatency.run(JSON.stringify(latency), runId);
      }
      return latency;
    },
    keep,
    forget(runId) {
      changes.set(runId, (changes.get(runId) ?? 0) + 1);
      remove.run(runId);
      removeMarks.run(runId);
    },
  };
}

/** A turn for the host's other calls: node:sqlite is synchronous, so long work is cut in pieces with these between. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
