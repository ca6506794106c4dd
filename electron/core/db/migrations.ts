import type { DatabaseSync } from 'node:sqlite';
import { moveRunDetailsApart, RUN_RESULTS_NARROW } from './runDetailsApart';

/**
 * The history database's schema, as numbered migrations. The number applied is kept in SQLite's
 * `user_version` (in the file header, so it can be read without opening the database: see
 * database.ts). Migrations only ever get added at the end; one that shipped is never edited,
 * since databases out there were made by it.
 */

export interface Migration {
  version: number;
  /** What it adds, for the record. */
  description: string;
  sql: string;
  /** What SQL alone cannot do (compression), run after `sql` in the same transaction. */
  then?: (db: DatabaseSync) => void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'History entries, with the columns the list filters on, and a full-text index of text, payload and answer.',
    sql: `
      CREATE TABLE history (
        -- AUTOINCREMENT: a deleted entry's id is never given to another, so an id held by the UI stays unambiguous.
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        recorded_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        what TEXT NOT NULL,
        target_id TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        profile_name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        method TEXT,
        url TEXT,
        status INTEGER,
        status_class INTEGER NOT NULL,
        error_code TEXT,
        round_trip_ms REAL,
        token_present INTEGER NOT NULL,
        pinned INTEGER NOT NULL DEFAULT 0,
        -- The request and the Result exactly as returned to the page (HistoryExchange as JSON).
        exchange TEXT NOT NULL
      );
      CREATE INDEX history_by_profile ON history (profile_id, id);
      -- Its own copy of the text (not external content): snippet() needs it, and a row and its
      -- index entry are written in one transaction by the store, so they cannot drift apart.
      CREATE VIRTUAL TABLE history_text USING fts5 (text, payload, answer, tokenize = 'unicode61 remove_diacritics 2');
    `,
  },
  {
    version: 2,
    description: 'Indexes for the agent or guideline filter and the error-code filter.',
    sql: `
      CREATE INDEX history_by_target ON history (target_id, id);
      CREATE INDEX history_by_error ON history (error_code, id) WHERE error_code IS NOT NULL;
    `,
  },
  {
    version: 3,
    description: 'The request tab an invoke was sent from, so each tab shows its last answer again after a restart.',
    // Null for entries recorded before (and for guideline fetches): they belong to no tab. The
    // partial index keeps the per-tab lookup cheap without growing the index by untabbed rows.
    sql: `
      ALTER TABLE history ADD COLUMN tab_id TEXT;
      CREATE INDEX history_by_tab ON history (tab_id, id) WHERE tab_id IS NOT NULL;
    `,
  },
  {
    version: 4,
    description: 'What pinning, the Pinned filter and the retention setting need, each without reading every entry.',
    // - history_pinned: the Pinned filter and the count of pinned entries read only pinned rows.
    // - history_unpinned_by_time: "keep N days" finds what is older with one index range.
    // - history_counts: the number of unpinned entries, kept by triggers in the transaction that
    //   changes it (so another instance's writes count too): "keep N entries" checks it after
    //   each record in one read, where count(*) would read every row (100,000 at the bench's size).
    sql: `
      CREATE INDEX history_pinned ON history (id) WHERE pinned = 1;
      CREATE INDEX history_unpinned_by_time ON history (recorded_at) WHERE pinned = 0;
      CREATE TABLE history_counts (unpinned INTEGER NOT NULL);
      INSERT INTO history_counts (unpinned) SELECT count(*) FROM history WHERE pinned = 0;
      CREATE TRIGGER history_count_insert AFTER INSERT ON history WHEN NEW.pinned = 0
        BEGIN UPDATE history_counts SET unpinned = unpinned + 1; END;
      CREATE TRIGGER history_count_delete AFTER DELETE ON history WHEN OLD.pinned = 0
        BEGIN UPDATE history_counts SET unpinned = unpinned - 1; END;
      CREATE TRIGGER history_count_pin AFTER UPDATE OF pinned ON history WHEN OLD.pinned <> NEW.pinned
        BEGIN UPDATE history_counts SET unpinned = unpinned + (CASE WHEN NEW.pinned = 0 THEN 1 ELSE -1 END); END;
    `,
  },
  {
    version: 5,
    description: "The guideline library: each profile's guidelines, every kept version, and a full-text index of the latest.",
    // Self-contained: it only adds tables, so it can take any number at a merge.
    // latest_version is 0 until the first fetch; read_version is the version last marked read.
    // Versions are numbered 1, 2, … per entry and never deleted alone. Content comes last in its
    // row so listing (name, description) never reads a long guideline's overflow pages.
    // guideline_text's rowid is the entry's id; the store writes both in one transaction. It
    // carries profile_id itself so a search filters while FTS5 walks its ranked rows (a join
    // would make SQLite rank every match before the limit). Prefix indexes of 2 and 3 letters:
    // every word typed is a prefix query, and "ref" must not expand over the whole vocabulary.
    sql: `
      CREATE TABLE guideline_library (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        profile_id TEXT NOT NULL,
        guideline_id TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '[]',
        pinned INTEGER NOT NULL DEFAULT 0,
        added_at TEXT NOT NULL,
        fetched_at TEXT,
        read_at TEXT,
        read_version INTEGER,
        latest_version INTEGER NOT NULL DEFAULT 0,
        UNIQUE (profile_id, guideline_id)
      );
      CREATE TABLE guideline_versions (
        id INTEGER PRIMARY KEY,
        entry_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        hash TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        content TEXT NOT NULL,
        UNIQUE (entry_id, version)
      );
      CREATE VIRTUAL TABLE guideline_text USING fts5 (
        name, description, content, title, tags, ident, profile_id UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
      );
    `,
  },
  {
    version: 6,
    description: "History entries may be saves to a file (what = 'saved'): no table changes, the exchange JSON is stored whole.",
    // Nothing to change in the tables: `what` is free text and the exchange is kept whole as
    // JSON. The number alone is the point: a build that knows only invokes and guideline fetches
    // reads up to 5, so it refuses this file with its plain "newer version" message (and leaves
    // it untouched) instead of meeting an entry it cannot show.
    sql: 'SELECT 1;',
  },
  {
    version: 7,
    description: "Checklists against an answer: the marks of a guideline's rules, kept with the history entry they judge.",
    // Self-contained: one table and one trigger, so it can take any number at a merge. One row
    // per entry and guideline; the rules and marks are one JSON document (read and written
    // whole, never queried inside). The trigger removes an entry's checklists with the entry,
    // whichever path deletes it (Delete, Clear all, retention), so none is left orphaned.
    sql: `
      CREATE TABLE history_checklists (
        entry_id INTEGER NOT NULL,
        guideline_id TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (entry_id, guideline_id)
      ) WITHOUT ROWID;
      CREATE TRIGGER history_checklists_follow AFTER DELETE ON history
        BEGIN DELETE FROM history_checklists WHERE entry_id = OLD.id; END;
    `,
  },
  {
    version: 8,
    description: 'Runs: each run of a suite, and every result of it as a full exchange.',
    // A run's counts are rewritten with each batch of results (one transaction per batch), so a
    // run the app was closed during still says how far it got; its state is then `interrupted`.
    // The key is in none of these: every text is redacted before it is written (runService.ts).
    sql: `
      CREATE TABLE runs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        suite_name TEXT NOT NULL,
        suite_file TEXT NOT NULL,
        profile_id TEXT NOT NULL,
        profile_name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        state TEXT NOT NULL,
        total INTEGER NOT NULL,
        completed INTEGER NOT NULL,
        passed INTEGER NOT NULL,
        failed INTEGER NOT NULL,
        cancelled INTEGER NOT NULL,
        not_run INTEGER NOT NULL,
        duration_ms REAL,
        -- RunRecord.settings and .agents as JSON.
        settings TEXT NOT NULL,
        agents TEXT NOT NULL,
        -- The requests never sent (case, row, iteration, agent) as JSON, for reports that list them as skipped.
        unsent TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX runs_by_start ON runs (started_at);
      -- No foreign key to runs: a run is deleted first, at once, and its results after it in
      -- batches (runStore.ts), so a long delete never holds other calls up.
      CREATE TABLE run_results (
        run_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        case_index INTEGER NOT NULL,
        case_name TEXT NOT NULL,
        data_row INTEGER,
        iteration INTEGER NOT NULL,
        agent_id TEXT NOT NULL,
        passed INTEGER NOT NULL,
        -- The failed expectations' lines, as a JSON array of strings.
        failed TEXT NOT NULL,
        status INTEGER,
        error_code TEXT,
        server_ms REAL,
        round_trip_ms REAL,
        answer_start TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        -- The request as sent, the InvokeResult and the expectations' outcomes, as JSON.
        detail TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        PRIMARY KEY (run_id, idx)
      ) WITHOUT ROWID;
      CREATE INDEX run_results_by_outcome ON run_results (run_id, passed, idx);
    `,
  },
  {
    version: 9,
    description: 'The start of each searchable field of a long entry or guideline, which search passages are cut from.',
    // A search's passage is cut from at most the first 32,768 characters of each field
    // (searchPassage.ts, HEAD_CHARS), so one long answer cannot make a search slow. An entry or
    // guideline with a longer field keeps those starts here, written with its full-text row;
    // any other is read from the full-text table's own copy, which is no longer than that.
    // Self-contained: two tables and one trigger, so it can take any number at a merge; the
    // number still makes an older build refuse the file rather than leave a head out of date.
    sql: `
      CREATE TABLE history_heads (
        id INTEGER PRIMARY KEY,
        text TEXT NOT NULL,
        payload TEXT NOT NULL,
        answer TEXT NOT NULL
      );
      INSERT INTO history_heads (id, text, payload, answer)
        SELECT rowid, substr(text, 1, 32768), substr(payload, 1, 32768), substr(answer, 1, 32768) FROM history_text
        WHERE length(text) > 32768 OR length(payload) > 32768 OR length(answer) > 32768;
      CREATE TRIGGER history_heads_follow AFTER DELETE ON history
        BEGIN DELETE FROM history_heads WHERE id = OLD.id; END;
      CREATE TABLE guideline_heads (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        content TEXT NOT NULL,
        title TEXT NOT NULL,
        tags TEXT NOT NULL,
        ident TEXT NOT NULL
      );
      INSERT INTO guideline_heads (id, name, description, content, title, tags, ident)
        SELECT rowid, substr(name, 1, 32768), substr(description, 1, 32768), substr(content, 1, 32768), substr(title, 1, 32768),
          substr(tags, 1, 32768), substr(ident, 1, 32768) FROM guideline_text
        WHERE length(name) > 32768 OR length(description) > 32768 OR length(content) > 32768 OR length(title) > 32768
          OR length(tags) > 32768 OR length(ident) > 32768;
    `,
  },
  {
    version: 10,
    description: "Runs read by aggregate: indexes for latency, the matrix and compare, and each result's answer hash.",
    // The run view reads a run of any size by query, never by loading its results: percentiles
    // walk the two time indexes (ORDER BY … LIMIT 1 OFFSET k), the matrix groups along
    // run_results_by_line, and compare pairs two runs' results along run_results_by_pair. Compare
    // says whether an answer changed by its SHA-256 (hex; '' when the result has no answer): written
    // with each result, and NULL on a result kept before this version until compare first reads it.
    sql: `
      ALTER TABLE run_results ADD COLUMN answer_hash TEXT;
      CREATE INDEX run_results_by_round_trip ON run_results (run_id, round_trip_ms);
      CREATE INDEX run_results_by_server ON run_results (run_id, server_ms);
      CREATE INDEX run_results_by_line ON run_results (run_id, case_index, data_row, iteration, idx);
      CREATE INDEX run_results_by_pair ON run_results (run_id, case_name, data_row, iteration, agent_id, idx);
    `,
  },
  {
    version: 11,
    description: "The matrix's lines kept as results come, and compare's pairing read from its index alone.",
    // A result row carries its whole exchange (kilobytes), so any query that reads the table row
    // reads pages of exchanges: at a million results, seconds. The matrix's lines (case × data
    // row × iteration, in order of their first result) get a small table of their own, written
    // with each batch of results, so a page of lines is a walk of its index (run_lines_in_order)
    // and their count a count of it; data_row_key is the data row, or -1 without one (a key
    // cannot hold NULL as one value). Compare pairs results along run_results_by_pair, which now
    // holds what pairing reads (passed, answer_hash) so the table is never visited; a page of
    // results starts where run_results_in_order (the key alone) says its offset is; results kept
    // before answers had hashes are found along run_results_unhashed (empty once all are hashed).
    sql: `
      CREATE TABLE run_lines (
        run_id TEXT NOT NULL,
        case_index INTEGER NOT NULL,
        data_row_key INTEGER NOT NULL,
        iteration INTEGER NOT NULL,
        first_idx INTEGER NOT NULL,
        PRIMARY KEY (run_id, case_index, data_row_key, iteration)
      ) WITHOUT ROWID;
      INSERT INTO run_lines (run_id, case_index, data_row_key, iteration, first_idx)
        SELECT run_id, case_index, coalesce(data_row, -1), iteration, min(idx) FROM run_results
        GROUP BY run_id, case_index, data_row, iteration;
      CREATE INDEX run_lines_in_order ON run_lines (run_id, first_idx);
      CREATE INDEX run_results_in_order ON run_results (run_id, idx);
      CREATE INDEX run_results_unhashed ON run_results (run_id, idx) WHERE answer_hash IS NULL;
      DROP INDEX run_results_by_pair;
      CREATE INDEX run_results_by_pair ON run_results (run_id, case_name, data_row, iteration, agent_id, idx, passed, answer_hash);
    `,
  },
  {
    version: 12,
    description: "A judge expectation's verdict kept with each result's row.",
    // The results table shows the judge's verdict and failing rules beside each result, read with
    // the row (RunJudgeSummary as JSON; NULL for a result with no judge expectation, and for every
    // result kept before this version). Each rule's reason and the judge's exchange stay in `detail`.
    sql: `ALTER TABLE run_results ADD COLUMN judge TEXT;`,
  },
  {
    version: 13,
    description: "An ended run's counts and latency, kept once so its view opens without reading every result.",
    // How many results and failures a run has, its matrix's lines, its greatest result index and
    // its latency (RunLatency as JSON, NULL until first counted) are each a walk of every result:
    // runSummaries.ts counts them once when the run ends (or when an ended run is first read) and
    // keeps them here. A batch of results removes its run's row in the same transaction, so what
    // is kept never disagrees with the results. Self-contained: one table, filled as runs are read.
    sql: `
      CREATE TABLE run_summaries (
        run_id TEXT PRIMARY KEY,
        results INTEGER NOT NULL,
        failures INTEGER NOT NULL,
        lines INTEGER NOT NULL,
        last_idx INTEGER,
        latency TEXT
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 14,
    description: "Each judge's verdict on each rule kept narrow, for the rules view and compare.",
    // A result's judgement (each rule's verdict and why) sits in its `detail` beside the exchange,
    // kilobytes a result: the rules view and compare, which read verdicts by rule over a run of any
    // size, read them here instead. run_judge_rules holds a row per result and rule (written with the
    // result); run_judge_columns the rules each guideline of a run was judged by, with each rule's text
    // as the judge was sent it (the rules view's columns, a few rows a run). Results kept before this
    // version are filled in from their detail (the texts of their rules are not known: '').
    sql: `
      CREATE TABLE run_judge_rules (
        run_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        rule INTEGER NOT NULL,
        guideline_id TEXT NOT NULL,
        pass INTEGER NOT NULL,
        why TEXT NOT NULL,
        PRIMARY KEY (run_id, idx, rule)
      ) WITHOUT ROWID;
      CREATE TABLE run_judge_columns (
        run_id TEXT NOT NULL,
        guideline_id TEXT NOT NULL,
        rule INTEGER NOT NULL,
        guideline_name TEXT NOT NULL,
        rule_text TEXT NOT NULL,
        -- Results judged on the rule: the rules view shows the most judged guideline first.
        judged INTEGER NOT NULL,
        PRIMARY KEY (run_id, guideline_id, rule)
      ) WITHOUT ROWID;
      INSERT INTO run_judge_rules (run_id, idx, rule, guideline_id, pass, why)
        SELECT r.run_id, r.idx, json_extract(v.value, '$.rule'), json_extract(r.detail, '$.judgement.guideline.id'),
          json_extract(v.value, '$.pass') = 1, coalesce(json_extract(v.value, '$.why'), '')
        FROM run_results AS r, json_each(r.detail, '$.judgement.rules') AS v
        WHERE r.judge IS NOT NULL AND json_extract(r.detail, '$.judgement.guideline.id') IS NOT NULL;
      INSERT INTO run_judge_columns (run_id, guideline_id, rule, guideline_name, rule_text, judged)
        SELECT j.run_id, j.guideline_id, j.rule, min(json_extract(r.detail, '$.judgement.guideline.name')), '', count(*)
        FROM run_judge_rules AS j JOIN run_results AS r ON r.run_id = j.run_id AND r.idx = j.idx
        GROUP BY j.run_id, j.guideline_id, j.rule;
    `,
  },
  {
    version: 15,
    description: "Where each page of an ended run's lists starts: every 256th result, failure and matrix line, kept with its summary.",
    // A page at a far offset of the failures or the matrix's lines stepped through every entry
    // before it (a million for the last page of a million-result run). runSummaries.ts keeps, with
    // an ended run's summary, the index of every 256th entry of each list (results, failures, lines),
    // so a page seeks the nearest mark along its list's index and steps fewer than 256 entries from
    // there. Summaries kept before this version have no marks: they are dropped, and counted again
    // (with their marks) when next read. A summary's greatest result index, which only told whether
    // a page could start at the index equal to its offset, goes: the marks find any page.
    sql: `
      CREATE TABLE run_marks (
        run_id TEXT NOT NULL,
        list TEXT NOT NULL,
        ordinal INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        PRIMARY KEY (run_id, list, ordinal)
      ) WITHOUT ROWID;
      DELETE FROM run_summaries;
      ALTER TABLE run_summaries DROP COLUMN last_idx;
    `,
  },
  {
    version: 16,
    description: "Each result's detail kept apart from its row and packed; the results' rows rebuilt narrow.",
    // A detail in its row overflowed the row's page (5 KB a result). Now the row names its detail
    // in run_details by id; the detail is packed (packedDetail.ts); the answer's hash is 8 bytes;
    // the judge's guideline, which the rules view read from the detail, has a column. Every result
    // kept before is copied across, a row at a time (runDetailsApart.ts).
    sql: RUN_RESULTS_NARROW,
    then: moveRunDetailsApart,
  },
];

/** The first schema version whose history may hold saved-to-file entries (see migration 6). */
export const SAVED_ENTRIES_VERSION = 6;

/** The schema version this build writes and reads. */
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** The database is newer than this build: refused, not migrated backwards. */
export class NewerDatabaseError extends Error {
  constructor(readonly found: number) {
    super(`written by a newer version of Agent Explorer (history format ${found}; this version reads up to ${LATEST_VERSION})`);
    this.name = 'NewerDatabaseError';
  }
}

/**
 * Brings the database up to `target` (default: the latest) in one transaction: all of it or
 * none. BEGIN IMMEDIATE takes the write lock before reading the version, so two instances
 * starting at once do not both migrate: the second waits (busy timeout), then finds it done.
 */
export function migrate(db: DatabaseSync, target = LATEST_VERSION): { from: number; to: number } {
  db.exec('BEGIN IMMEDIATE');
  try {
    const from = userVersion(db);
    if (from > LATEST_VERSION) throw new NewerDatabaseError(from);
    for (const migration of MIGRATIONS) {
      if (migration.version > from && migration.version <= target) {
        db.exec(migration.sql);
        migration.then?.(db);
      }
    }
    const to = Math.max(from, target);
    // PRAGMA takes no bound parameters; `to` is a number from this file, never input.
    if (to !== from) db.exec(`PRAGMA user_version = ${to}`);
    db.exec('COMMIT');
    return { from, to };
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
