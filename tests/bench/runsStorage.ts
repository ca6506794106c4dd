import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { RunRecord } from '../../electron/shared/api';
import { openHistoryDatabase } from '../../electron/core/db/database';
import { migrate } from '../../electron/core/db/migrations';
import { RESULT_COLUMNS } from '../../electron/core/runs/runAggregates';
import { createSqliteRunStore, type StoredRunResult } from '../../electron/core/runs/runStore';
import { schema15Values, SCHEMA15_INSERT } from '../support/schema15Results';
import { exportLines } from './runsStorageExport';
import { codecLines, realResults } from './runsStorageSamples';
import { ms, percentile } from './stats';

/**
 * What a run result costs on disk, and what keeping it that way costs in time: the layout of
 * schema 15 (each result's detail as JSON in its row, its answer's hash as 64 hex characters),
 * emulated with its own statements, beside the layout the store writes now (migration 16: the
 * detail packed in run_details, the row narrow), in the same process on the same machine.
 *
 * - Codecs: the real details packed each way (bytes, µs to pack and unpack one).
 * - Disk: N real Sandbox results (a real run's results, repeated under new indexes) written in
 *   batches of 500, as the run service writes them, into a file database of each layout with the
 *   app's settings (WAL, synchronous FULL); bytes a result of the whole file and by table.
 * - Writes: each batch's time, the two layouts in alternation; the ratio of medians.
 * - Reads: what the run view reads, the same statements on both where the layout does not change
 *   them, the store's own against the old statements where it does (a result's detail, a page of
 *   an export); the ratio of medians.
 * - Exports: a run of 5,000 exported in each format from both (runsStorageExport.ts).
 * - Migration: the old file migrated by the real migrations, timed, with the process's peak memory.
 */

const BATCH = 500;
/** Results of the run exported. */
const EXPORTED = 5000;
const RUN_ID = '9c1f7e2a-4b6d-4e8f-a1c3-5d7e9f0b2c4a';

const UPSERT_LINE = `INSERT INTO run_lines (run_id, case_index, data_row_key, iteration, first_idx) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (run_id, case_index, data_row_key, iteration) DO UPDATE SET first_idx = min(first_idx, excluded.first_idx)`;

function record(total: number, runId = RUN_ID): RunRecord {
  return {
    runId,
    kind: 'suite',
    suiteName: 'storage',
    suiteFile: 'storage.json',
    profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1' },
    startedAt: '2026-11-28T09:00:00.000Z',
    finishedAt: null,
    state: 'running',
    total,
    completed: 0,
    passed: 0,
    failed: 0,
    cancelled: 0,
    notRun: 0,
    durationMs: null,
    settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 1 },
    agents: [],
  };
}

/** Schema 15's addResults, statement for statement (no judge expectations here: no rule rows). */
function oldWriter(db: DatabaseSync, runId = RUN_ID) {
  const insert = db.prepare(SCHEMA15_INSERT);
  const line = db.prepare(UPSERT_LINE);
  const forget = [db.prepare('DELETE FROM run_summaries WHERE run_id = ?'), db.prepare('DELETE FROM run_marks WHERE run_id = ?')];
  const counts = db.prepare('UPDATE runs SET completed = ? WHERE id = ?');
  return (batch: readonly StoredRunResult[]) => {
    db.exec('BEGIN IMMEDIATE');
    for (const { row, detail, recordedAt } of batch) {
      insert.run(...schema15Values(runId, { row, detail, recordedAt }));
      line.run(runId, row.caseIndex, row.row ?? -1, row.iteration, row.index);
    }
    for (const statement of forget) statement.run(runId);
    counts.run(batch.at(-1)!.row.index + 1, runId);
    db.exec('COMMIT');
  };
}

/** The result at `index`: a real one, under this index and the data row it falls in (4 agents a row). */
function resultAt(samples: readonly StoredRunResult[], index: number): StoredRunResult {
  const sample = samples[index % samples.length]!;
  return { ...sample, row: { ...sample.row, index, row: Math.floor(index / 4) + 1 } };
}

/** Bytes of the file (after a checkpoint) and by what they hold, a result each. */
function sizes(db: DatabaseSync, file: string, results: number): string {
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const by = db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all() as Array<{ name: string; bytes: number }>;
  const part = (test: (name: string) => boolean) =>
    by.filter(({ name }) => test(name)).reduce((sum, { bytes }) => sum + bytes, 0) / results;
  const rows = part((name) => name === 'run_results');
  const indexes = part((name) => name.startsWith('run_results_'));
  const details = part((name) => name === 'run_details');
  const lines = part((name) => name.startsWith('run_lines'));
  const file_ = statSync(file).size / results;
  return (
    `${file_.toFixed(0)} B a result (${((file_ * 1e6) / 1e9).toFixed(2)} GB a million): rows ${rows.toFixed(0)}, ` +
    `their indexes ${indexes.toFixed(0)}, details apart ${details.toFixed(0)}, matrix lines ${lines.toFixed(0)}`
  );
}

const median = (times: number[]) => percentile(times, 50);

export async function benchRunsStorage(results: number): Promise<string[]> {
  const lines = [`Run results on disk: ${results.toLocaleString('en')} real Sandbox results, schema 15's layout beside the one kept now`];
  const plain = await realResults(250, false);
  const judged = await realResults(200, true);
  lines.push('  Codecs on real details (one detail at a time):');
  lines.push(...codecLines('plain results (4 agents)', plain), ...codecLines('judged results', judged));

  const dir = mkdtempSync(path.join(tmpdir(), 'ae-bench-storage-'));
  try {
    const oldFile = path.join(dir, 'old.sqlite');
    const old = new DatabaseSync(oldFile);
    old.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL');
    migrate(old, 15);
    const opened = openHistoryDatabase(path.join(dir, 'new.sqlite'));
    if (opened.kind !== 'open') throw new Error(`the bench database could not be opened: ${opened.problem}`);
    const fresh = opened.db;
    const store = createSqliteRunStore(fresh);
    await store.create(record(results));
    const oldWrite = oldWriter(old);
    old
      .prepare(
        `INSERT INTO runs (id, kind, suite_name, suite_file, profile_id, profile_name, base_url, started_at, state, total, completed, passed,
          failed, cancelled, not_run, settings, agents) VALUES (?, 'suite', 'storage', 'storage.json', 'sandbox', 'Sandbox', 'http://127.0.0.1:1',
          '2026-11-28T09:00:00.000Z', 'running', ?, 0, 0, 0, 0, 0, '{}', '[]')`,
      )
      .run(RUN_ID, results);

    const oldTimes: number[] = [];
    const newTimes: number[] = [];
    for (let start = 0; start < results; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, results - start) }, (_, k) => resultAt(plain, start + k));
      const timeOld = () => {
        const began = performance.now();
        oldWrite(batch);
        oldTimes.push(performance.now() - began);
      };
      const timeNew = async () => {
        const began = performance.now();
        await store.addResults(RUN_ID, batch, { completed: start + batch.length, passed: 0, failed: 0, cancelled: 0, notRun: 0 });
        newTimes.push(performance.now() - began);
      };
      // Alternating which goes first, so neither always meets the other's dirty pages being written.
      if ((start / BATCH) % 2 === 0) {
        timeOld();
        await timeNew();
      } else {
        await timeNew();
        timeOld();
      }
    }
    lines.push(`  On disk, schema 15: ${sizes(old, oldFile, results)}`);
    lines.push(`  On disk, kept now:  ${sizes(fresh, path.join(dir, 'new.sqlite'), results)}`);
    lines.push(
      `  A batch of ${BATCH} written: schema 15 ${ms(median(oldTimes))}, now ${ms(median(newTimes))} (medians of ${newTimes.length}): ` +
        `${(median(newTimes) / median(oldTimes)).toFixed(2)}× (p90 ${(percentile(newTimes, 90) / percentile(oldTimes, 90)).toFixed(2)}×)`,
    );
    lines.push(...(await readLines(old, fresh, store, results)));
    // A smaller run for the exports (each format made from both layouts, three times).
    const exportRecord = { ...record(EXPORTED, 'exported'), state: 'passed' as const, completed: EXPORTED };
    await store.create(exportRecord);
    const writeOld = oldWriter(old, 'exported');
    for (let start = 0; start < EXPORTED; start += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, k) => resultAt(plain, start + k));
      writeOld(batch);
      await store.addResults('exported', batch, { completed: start + BATCH, passed: 0, failed: 0, cancelled: 0, notRun: 0 });
    }
    lines.push(...(await exportLines(old, store, exportRecord)));
    old.close();
    fresh.close();
    lines.push(...migrationLines(oldFile, path.join(dir, 'migrated.sqlite'), results + EXPORTED));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

/** The run view's reads on both layouts, in alternation: the medians' ratio (now ÷ schema 15). */
async function readLines(old: DatabaseSync, fresh: DatabaseSync, store: ReturnType<typeof createSqliteRunStore>, results: number) {
  const lines = ['  Reads (median ms, now ÷ schema 15):'];
  const far = Math.max(0, results - 2000);
  const pick = (k: number) => (k * 7919) % results;
  const same = (sql: string, ...params: Array<string | number>) => [
    () => old.prepare(sql).all(...params),
    () => fresh.prepare(sql).all(...params),
  ];
  const reads: Array<[string, () => unknown, () => unknown]> = [
    [
      "a result's detail opened (20 results)",
      () => {
        const statement = old.prepare(`SELECT ${RESULT_COLUMNS}, detail, recorded_at FROM run_results WHERE run_id = ? AND idx = ?`);
        for (let k = 0; k < 20; k += 1) JSON.parse((statement.get(RUN_ID, pick(k)) as { detail: string }).detail);
      },
      async () => {
        for (let k = 0; k < 20; k += 1) await store.result(RUN_ID, pick(k));
      },
    ],
    [
      "an export's page of 200 details",
      () =>
        (
          old
            .prepare(`SELECT ${RESULT_COLUMNS}, detail, recorded_at FROM run_results WHERE run_id = ? AND idx > ? ORDER BY idx LIMIT 200`)
            .all(RUN_ID, far) as Array<{ detail: string }>
        ).map((row) => JSON.parse(row.detail)),
      () => store.detailPage(RUN_ID, far, 200),
    ],
    [
      'a page of 100 results, far in',
      ...same(`SELECT ${RESULT_COLUMNS} FROM run_results WHERE run_id = ? AND idx >= ? ORDER BY idx LIMIT 100`, RUN_ID, far),
    ] as [string, () => unknown, () => unknown],
    [
      'latency: p95 of round trips',
      ...same(
        'SELECT round_trip_ms FROM run_results WHERE run_id = ? AND round_trip_ms IS NOT NULL ORDER BY round_trip_ms LIMIT 1 OFFSET ?',
        RUN_ID,
        Math.floor(results * 0.95),
      ),
    ] as [string, () => unknown, () => unknown],
    [
      'matrix: 50 lines of cells',
      ...same(
        `SELECT ${RESULT_COLUMNS} FROM run_results INDEXED BY run_results_by_line WHERE run_id = ? AND case_index = 0 AND data_row BETWEEN ? AND ? ORDER BY idx`,
        RUN_ID,
        Math.floor(far / 4),
        Math.floor(far / 4) + 50,
      ),
    ] as [string, () => unknown, () => unknown],
    [
      "compare: one case's results paired along their index",
      ...same(
        `SELECT count(*), count(DISTINCT answer_hash) FROM run_results INDEXED BY run_results_by_pair WHERE run_id = ? AND case_name = ?`,
        RUN_ID,
        'case 1',
      ),
    ] as [string, () => unknown, () => unknown],
  ];
  for (const [name, before, now] of reads) {
    const oldTimes: number[] = [];
    const newTimes: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      for (const [run, times] of (round % 2 === 0
        ? [
            [before, oldTimes],
            [now, newTimes],
          ]
        : [
            [now, newTimes],
            [before, oldTimes],
          ]) as Array<[() => unknown, number[]]>) {
        const began = performance.now();
        await run();
        if (round >= 2) times.push(performance.now() - began);
      }
    }
    lines.push(`    ${name}: ${ms(median(oldTimes))} → ${ms(median(newTimes))}, ${(median(newTimes) / median(oldTimes)).toFixed(2)}×`);
  }
  return lines;
}

/** The old file migrated (a copy), as the app opens it: time, the peak memory of the process before and after, the file after. */
function migrationLines(oldFile: string, copy: string, results: number): string[] {
  copyFileSync(oldFile, copy);
  const peakBefore = process.resourceUsage().maxRSS / 1024;
  const began = performance.now();
  const opened = openHistoryDatabase(copy);
  const seconds = (performance.now() - began) / 1000;
  if (opened.kind !== 'open') throw new Error(`the old file did not open: ${opened.problem}`);
  const peakAfter = process.resourceUsage().maxRSS / 1024;
  const free = (opened.db.prepare('PRAGMA freelist_count').get() as { freelist_count: number }).freelist_count * 4096;
  opened.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  opened.db.close();
  const size = statSync(copy).size;
  return [
    `  Migration 16 of the schema-15 file (${(statSync(oldFile).size / 1e6).toFixed(0)} MB, ${results.toLocaleString('en')} results): ` +
      `${seconds.toFixed(1)} s (${((seconds * 100_000) / results).toFixed(1)} s a 100,000); the process's peak memory ` +
      `${peakBefore.toFixed(0)} MB before, ${peakAfter.toFixed(0)} MB after; the file then ${(size / 1e6).toFixed(0)} MB, ` +
      `${(free / 1e6).toFixed(0)} MB of it free pages (reused by later writes)`,
  ];
}
