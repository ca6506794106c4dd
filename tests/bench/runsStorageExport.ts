import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { RunExportFormat, RunRecord } from '../../electron/shared/api';
import { exportRun } from '../../electron/core/reports/runs/runExport';
import { RESULT_COLUMNS, toRow, type ResultRow } from '../../electron/core/runs/runAggregates';
import { storedResults, type RunStore, type StoredRunResult } from '../../electron/core/runs/runStore';
import { ms, percentile } from './stats';

/**
 * A run exported in each format from both layouts (runsStorage.ts): the time of the whole export
 * (read a page at a time, made into the file's text) and whether the two files are the same bytes.
 * The old layout is read with schema 15's own statement; the new one through the store.
 */

const FORMATS: RunExportFormat[] = ['json', 'csv', 'junit', 'html'];

/** Schema 15's detailPage: the detail from its row, as JSON. */
function oldPages(old: DatabaseSync): Pick<RunStore, 'detailPage'> {
  const page = old.prepare(
    `SELECT ${RESULT_COLUMNS}, detail, recorded_at FROM run_results WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ?`,
  );
  return {
    detailPage: async (runId, after, size) =>
      (page.all(runId, after, size) as unknown as Array<ResultRow & { detail: string; recorded_at: string }>).map(
        (row): StoredRunResult => ({
          row: toRow(row),
          detail: JSON.parse(row.detail) as StoredRunResult['detail'],
          recordedAt: row.recorded_at,
        }),
      ),
  };
}

/** The export's text, hashed as it is made, and how long it took. */
async function exported(record: RunRecord, pages: Pick<RunStore, 'detailPage'>, format: RunExportFormat) {
  const began = performance.now();
  const hash = createHash('sha256');
  const file = exportRun(record, () => storedResults(pages, record.runId), [], format, 'bench');
  for await (const piece of file.pieces) hash.update(piece);
  return { ms: performance.now() - began, hash: hash.digest('hex') };
}

export async function exportLines(old: DatabaseSync, store: RunStore, record: RunRecord): Promise<string[]> {
  const lines = [`  Exports of a run of ${record.completed.toLocaleString('en')} results (median of 3, now ÷ schema 15; same bytes?):`];
  for (const format of FORMATS) {
    const before: number[] = [];
    const now: number[] = [];
    let same = true;
    for (let round = 0; round < 3; round += 1) {
      const a = await exported(record, oldPages(old), format);
      const b = await exported(record, store, format);
      before.push(a.ms);
      now.push(b.ms);
      same &&= a.hash === b.hash;
    }
    const [x, y] = [percentile(before, 50), percentile(now, 50)];
    lines.push(`    ${format}: ${ms(x)} → ${ms(y)}, ${(y / x).toFixed(2)}×, ${same ? 'the same bytes' : 'DIFFERENT bytes'}`);
  }
  return lines;
}
