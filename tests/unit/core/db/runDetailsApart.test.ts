import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate, userVersion } from '../../../../electron/core/db/migrations';
import { foreignSchema } from '../../../../electron/core/db/schemaCheck';
import { exportRun } from '../../../../electron/core/reports/runs/runExport';
import { RESULT_COLUMNS, toRow, type ResultRow } from '../../../../electron/core/runs/runAggregates';
import { judgeRuleWriter } from '../../../../electron/core/runs/runJudgeRules';
import { createSqliteRunStore, storedResults, type RunStore, type StoredRunResult } from '../../../../electron/core/runs/runStore';
import type { RunExportFormat } from '../../../../electron/shared/api';
import { exchange } from '../../../support/scriptedPlatform';
import { schema15Values, SCHEMA15_INSERT } from '../../../support/schema15Results';
import { judgement, result, runRecord } from '../runs/runFixtures';

/**
 * Migration 16 on a database of schema 15 holding results as schema 15 wrote them (each detail as
 * JSON in its row, answer hashes as 64 hex characters, one kept before answers had hashes): every
 * result reads back as it was, each export is the same bytes as schema 15 made it, the rules view
 * and compare read what they read before, and the schema is the one a new database gets.
 */

/** Schema 15's statement for a result. */
function keepAsSchema15(db: DatabaseSync, runId: string, results: readonly StoredRunResult[], hashed = true): void {
  db.prepare(
    `INSERT INTO runs (id, kind, suite_name, suite_file, profile_id, profile_name, base_url, started_at, finished_at, state, total,
      completed, passed, failed, cancelled, not_run, duration_ms, settings, agents) VALUES (?, 'suite', 'greetings', 'greetings.json',
      'sandbox', 'Sandbox', 'http://127.0.0.1:4010', '2026-11-23T09:00:00.000Z', '2026-11-23T09:00:01.000Z', 'passed', ?, ?, 0, 0, 0, 0,
      1000, ?, '["a","b"]')`,
  ).run(runId, results.length, results.length, JSON.stringify({ concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 }));
  for (const result of results) {
    const { row } = result;
    db.prepare(SCHEMA15_INSERT).run(...schema15Values(runId, result, hashed));
    db.prepare('INSERT OR IGNORE INTO run_lines VALUES (?, ?, ?, ?, ?)').run(runId, row.caseIndex, row.row ?? -1, row.iteration, row.index);
  }
  judgeRuleWriter(db)(
    runId,
    results.map(({ row, detail }) => ({ index: row.index, judgement: detail.judgement })),
  );
}

/** A result with unicode and a large raw body in its detail. */
function large(index: number): StoredRunResult {
  const kept = result({ index, caseIndex: 2, answer: 'Grüße, 世界 👋🏽 \u2028 fin' });
  const body = JSON.stringify({ answer: 'ü'.repeat(200_000) });
  const value = kept.detail.result.ok ? kept.detail.result.value : null;
  return {
    ...kept,
    detail: {
      ...kept.detail,
      result: { ok: true, value: { ...value!, exchange: exchange({ responseBody: body, responseBytes: body.length }) } },
    },
  };
}

const RESULTS: StoredRunResult[] = [
  result({ index: 0, answer: 'Hi Dana.' }),
  result({ index: 1, agentId: 'b', answer: null, passed: false }),
  result({ index: 2, caseIndex: 1, row: 1, judgement: judgement({ 1: true, 2: false }) }),
  large(3),
  result({ index: 4, caseIndex: 3, judgement: judgement({ 1: true }, { guideline: 'g-tone', name: 'Tone' }) }),
];

const FORMATS: RunExportFormat[] = ['json', 'csv', 'junit', 'html'];

/** Schema 15's reading of a page of details, as its exports read them. */
const schema15Pages = (db: DatabaseSync): Pick<RunStore, 'detailPage'> => ({
  detailPage: async (runId, after, size) =>
    (
      db
        .prepare(`SELECT ${RESULT_COLUMNS}, detail, recorded_at FROM run_results WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT ?`)
        .all(runId, after, size) as unknown as Array<ResultRow & { detail: string; recorded_at: string }>
    ).map((row) => ({ row: toRow(row), detail: JSON.parse(row.detail) as StoredRunResult['detail'], recordedAt: row.recorded_at })),
});

async function exportText(pages: Pick<RunStore, 'detailPage'>, format: RunExportFormat): Promise<string> {
  const record = runRecord({ runId: 'old', total: RESULTS.length, completed: RESULTS.length });
  let text = '';
  for await (const piece of exportRun(record, () => storedResults(pages, 'old', 2), [], format, '1.0.0').pieces) text += piece;
  return text;
}

function schema15(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  onTestFinished(() => db.close());
  migrate(db, 15);
  keepAsSchema15(db, 'old', RESULTS);
  return db;
}

describe('migration 16 (each detail apart, packed)', () => {
  it('reads every result kept by schema 15 back as it was, and exports it to the same bytes', async () => {
    const db = schema15();
    const before = new Map<RunExportFormat, string>();
    for (const format of FORMATS) before.set(format, await exportText(schema15Pages(db), format));
    migrate(db);
    expect(userVersion(db)).toBe(16);
    const store = createSqliteRunStore(db);
    for (const kept of RESULTS) {
      const read = await store.result('old', kept.row.index);
      expect(read).toEqual(kept);
      expect(JSON.stringify(read!.detail)).toBe(JSON.stringify(kept.detail));
    }
    for (const format of FORMATS) expect(await exportText(store, format), format).toBe(before.get(format));
    expect((db.prepare('SELECT count(*) AS n FROM run_details').get() as { n: number }).n).toBe(RESULTS.length);
    const columns = (db.prepare('PRAGMA table_info(run_results)').all() as Array<{ name: string }>).map((column) => column.name);
    expect(columns).not.toContain('detail');
  });

  it('leaves the schema a new database has, which the app opens without complaint', () => {
    const db = schema15();
    migrate(db);
    expect(foreignSchema(db)).toBeNull();
    const fresh = new DatabaseSync(':memory:');
    onTestFinished(() => fresh.close());
    migrate(fresh);
    const schema = (of: DatabaseSync) => of.prepare("SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'run%' ORDER BY name").all();
    expect(schema(db)).toEqual(schema(fresh));
  });

  it('keeps what the rules view and compare read: the judge guideline, and answer hashes that match new ones', async () => {
    const db = schema15();
    // A run kept before answers had hashes (schema 9): hashed when first compared, from its detail.
    keepAsSchema15(db, 'unhashed', [result({ index: 0, answer: 'Hi Dana.' }), ...RESULTS.slice(1, 3)], false);
    migrate(db);
    const store = createSqliteRunStore(db);
    const rules = await store.rules('old', undefined, 0, 10);
    expect(rules.guidelineId).toBe('g-support');
    const judged = rules.rows.find((line) => line.caseIndex === 1)!.judged;
    expect(judged.kind === 'judged' && judged.cells.map((cell) => [cell.rule, cell.passed, cell.failed])).toEqual([
      [1, 1, 0],
      [2, 0, 1],
    ]);
    // Judged against another guideline: said so (its guideline read from the row), not shown under this one.
    expect(rules.rows.find((line) => line.caseIndex === 3)!.judged).toEqual({ kind: 'other', guidelines: ['Tone'] });
    // The same answers written now (8-byte hashes) match the migrated ones; a changed answer does not.
    await store.create(runRecord({ runId: 'new', total: 3 }));
    const again = [result({ index: 0, answer: 'Hi Dana.' }), RESULTS[1]!, result({ ...RESULTS[2]!.row, answer: 'Changed.' })];
    await store.addResults('new', again, { completed: 3, passed: 3, failed: 0, cancelled: 0, notRun: 0 });
    for (const earlier of ['old', 'unhashed']) {
      const compared = await store.compare(earlier, 'new', 10);
      expect(
        compared.answerChanged.items.map((pair) => [pair.before.index, pair.beforeAnswer, pair.afterAnswer]),
        earlier,
      ).toEqual([[2, 'Hi.', 'Changed.']]);
    }
  });
});
