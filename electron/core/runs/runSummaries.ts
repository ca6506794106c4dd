import type { DatabaseSync } from 'node:sqlite';
import type { RunLatency } from '../../shared/api';

/**
 * What the view of an ended run reads on every open, counted once and kept (migration 12): how
 * many results and failures it has, its matrix's lines, its last result's index, and its latency.
 * Each of these is a walk of every result (a million index entries for a million-result run,
 * tens to hundreds of milliseconds of a synchronous database); kept, an open reads one row.
 *
 * Kept when a run ends (runStore.ts finish), or the first time an ended run kept before is read;
 * never for a run still going (its counts change with each batch). A batch of results dropped
 * the run's summary in its transaction, so a summary never disagrees with the results.
 */

/** An ended run's counts. */
interface RunSummary {
  results: number;
  failures: number;
  lines: number;
  /** The greatest result index, null without results: with `results` it says whether the indexes run 0…n-1 unbroken. */
  lastIndex: number | null;
}

export interface RunSummaries {
  /** The run's summary, counted now when the run has ended and none was kept; null while it runs (or there is no run). */
  summary(runId: string): RunSummary | null;
  /** The latency kept for an ended run, or made by `compute` (once: kept when the run has ended). */
  latency(runId: string, compute: () => Promise<RunLatency>): Promise<RunLatency>;
  /** Counts the run's summary and keeps it (its end). */
  keep(runId: string): RunSummary;
  /** The run changed (results added) or is gone: its summary is counted again when next read. */
  forget(runId: string): void;
}

interface SummaryRow {
  results: number;
  failures: number;
  lines: number;
  last_idx: number | null;
  latency: string | null;
}

export function createRunSummaries(db: DatabaseSync): RunSummaries {
  const select = db.prepare('SELECT results, failures, lines, last_idx, latency FROM run_summaries WHERE run_id = ?');
  const ended = db.prepare("SELECT 1 AS found FROM runs WHERE id = ? AND state <> 'running'");
  // Each along an index of its own: the key alone, the outcomes, the lines.
  const countResults = db.prepare(
    'SELECT count(*) AS n, max(idx) AS last FROM run_results INDEXED BY run_results_in_order WHERE run_id = ?',
  );
  const countFailures = db.prepare(
    'SELECT count(*) AS n FROM run_results INDEXED BY run_results_by_outcome WHERE run_id = ? AND passed = 0',
  );
  const countLines = db.prepare('SELECT count(*) AS n FROM run_lines WHERE run_id = ?');
  const insert = db.prepare(
    `INSERT INTO run_summaries (run_id, results, failures, lines, last_idx, latency) VALUES (?, ?, ?, ?, ?, NULL)
      ON CONFLICT (run_id) DO UPDATE SET results = excluded.results, failures = excluded.failures, lines = excluded.lines,
        last_idx = excluded.last_idx, latency = NULL`,
  );
  const keepLatency = db.prepare('UPDATE run_summaries SET latency = ? WHERE run_id = ?');
  const remove = db.prepare('DELETE FROM run_summaries WHERE run_id = ?');

  // How often each run's summary was forgotten in this process: a latency counted across a change is not kept.
  const changes = new Map<string, number>();
  const hasEnded = (runId: string) => ended.get(runId) !== undefined;
  const toSummary = (row: SummaryRow): RunSummary => ({
    results: row.results,
    failures: row.failures,
    lines: row.lines,
    lastIndex: row.last_idx,
  });

  function keep(runId: string): RunSummary {
    const all = countResults.get(runId) as { n: number; last: number | null };
    const summary: RunSummary = {
      results: Number(all.n),
      failures: Number((countFailures.get(runId) as { n: number }).n),
      lines: Number((countLines.get(runId) as { n: number }).n),
      lastIndex: all.last === null ? null : Number(all.last),
    };
    insert.run(runId, summary.results, summary.failures, summary.lines, summary.lastIndex);
    return summary;
  }

  return {
    summary(runId) {
      const row = select.get(runId) as SummaryRow | undefined;
      if (row) return toSummary(row);
      return hasEnded(runId) ? keep(runId) : null;
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
    },
  };
}

/** A turn for the host's other calls: node:sqlite is synchronous, so long work is cut in pieces with these between. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
