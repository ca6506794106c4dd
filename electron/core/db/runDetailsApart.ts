import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { packDetail } from './packedDetail';

/**
 * Migration 16: each run result's detail moves out of its row, packed (packedDetail.ts), into
 * run_details; the results table is rebuilt narrow. Kept in its row, a detail of 1.5 KB or more
 * overflowed the row's page and took a 4 KB page of its own: about 5 KB a result, 5 GB for a
 * million. Apart, rows and their indexes stay dense and a packed detail shares its page with
 * others (run_details is a rowid table: a row of up to 4 KB stays on its page, where the results'
 * WITHOUT ROWID table overflows past 1 KB).
 *
 * A result's row names its detail by run_details' id (a few bytes, where the run and index again
 * would be 40 and an index more). The answer's hash kept for compare becomes its first 8 bytes
 * (64 bits: two different answers of a pair look the same once in 2^64) instead of 64 hex
 * characters, in the row and again in compare's index. The judge's guideline of a result, which
 * the rules view read from the detail, gets a column.
 *
 * The copy reads the old table one row at a time in key order (a statement's cursor, never the
 * table in memory) and writes the new rows and details in that order, so both fill their pages
 * densely; then the old table goes and the new one takes its name and indexes.
 */

export const RUN_RESULTS_NARROW = `
  CREATE TABLE run_details (
    id INTEGER PRIMARY KEY,
    -- The detail as packedDetail.ts packs it.
    body BLOB NOT NULL
  );
  CREATE TABLE run_results_narrow (
    run_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    case_index INTEGER NOT NULL,
    case_name TEXT NOT NULL,
    data_row INTEGER,
    iteration INTEGER NOT NULL,
    agent_id TEXT NOT NULL,
    passed INTEGER NOT NULL,
    failed TEXT NOT NULL,
    status INTEGER,
    error_code TEXT,
    server_ms REAL,
    round_trip_ms REAL,
    answer_start TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    recorded_at TEXT NOT NULL,
    -- The first 8 bytes of the answer's SHA-256; '' without an answer; NULL until compare first reads it.
    answer_hash BLOB,
    judge TEXT,
    -- The judge's guideline (the judgement's guideline.id), or NULL: none, or it could not be fetched.
    judge_guideline TEXT,
    detail_id INTEGER NOT NULL,
    PRIMARY KEY (run_id, idx)
  ) WITHOUT ROWID;
`;

/** The results' columns both tables have, in order. */
const KEPT = [
  'run_id',
  'idx',
  'case_index',
  'case_name',
  'data_row',
  'iteration',
  'agent_id',
  'passed',
  'failed',
  'status',
  'error_code',
  'server_ms',
  'round_trip_ms',
  'answer_start',
  'attempts',
  'recorded_at',
  'judge',
];

const RENAMED = `
  DROP TABLE run_results;
  ALTER TABLE run_results_narrow RENAME TO run_results;
  CREATE INDEX run_results_by_outcome ON run_results (run_id, passed, idx);
  CREATE INDEX run_results_by_round_trip ON run_results (run_id, round_trip_ms);
  CREATE INDEX run_results_by_server ON run_results (run_id, server_ms);
  CREATE INDEX run_results_by_line ON run_results (run_id, case_index, data_row, iteration, idx);
  CREATE INDEX run_results_in_order ON run_results (run_id, idx);
  CREATE INDEX run_results_unhashed ON run_results (run_id, idx) WHERE answer_hash IS NULL;
  CREATE INDEX run_results_by_pair ON run_results (run_id, case_name, data_row, iteration, agent_id, idx, passed, answer_hash);
  -- A result's detail goes with it, whichever path deletes it (a run deleted a batch at a time).
  CREATE TRIGGER run_details_follow AFTER DELETE ON run_results
    BEGIN DELETE FROM run_details WHERE id = OLD.detail_id; END;
`;

/** An answer's hash as kept: the first 8 bytes of its SHA-256, from the 64 hex characters kept before (''/NULL as they were). */
const shortHash = (hash: string | null): Uint8Array | string | null => (hash ? Buffer.from(hash.slice(0, 16), 'hex') : hash);

/** Copies every result into the narrow table and its detail into run_details, then puts the narrow table in the old one's place. */
export function moveRunDetailsApart(db: DatabaseSync): void {
  const read = db.prepare(
    `SELECT ${KEPT.join(', ')}, answer_hash, CASE WHEN json_valid(detail) THEN json_extract(detail, '$.judgement.guideline.id') END AS judge_guideline, detail
      FROM run_results ORDER BY run_id, idx`,
  );
  const insertDetail = db.prepare('INSERT INTO run_details (body) VALUES (?)');
  const insertResult = db.prepare(
    `INSERT INTO run_results_narrow (${KEPT.join(', ')}, answer_hash, judge_guideline, detail_id)
      VALUES (${KEPT.map(() => '?').join(', ')}, ?, ?, ?)`,
  );
  for (const row of read.iterate() as Iterable<Record<string, SQLInputValue>>) {
    const detailId = insertDetail.run(packDetail(row['detail'] as string)).lastInsertRowid;
    insertResult.run(
      ...KEPT.map((column) => row[column]!),
      shortHash(row['answer_hash'] as string | null),
      row['judge_guideline'] ?? null,
      detailId,
    );
  }
  db.exec(RENAMED);
}
