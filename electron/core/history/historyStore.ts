import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type {
  HistoryCounts,
  HistoryEntry,
  HistoryExchange,
  HistoryPage,
  HistoryQuery,
  HistoryRetention,
  HistorySearchPage,
  HistorySearchRequest,
  HistorySummary,
  TabLastResponse,
} from '../../shared/api';
import {
  ftsQuery,
  historyFacts,
  pageSize,
  retentionCutoff,
  searchTerms,
  statusClass,
  withoutMarks,
  type NewHistoryEntry,
} from './historySchema';
import { headsOf, HISTORY_PASSAGE, passageCutter } from '../db/searchPassage';
import { transaction } from '../db/transaction';

/**
 * Where exchanges are kept: the app's database, a file or in memory (db/open.ts opens it).
 * The connection belongs to whoever opened it, who closes it.
 */
export interface HistoryStore {
  /**
   * Keeps an entry; resolves with its id once it is durable (committed and fsynced). With a
   * retention, what it no longer keeps goes in the same transaction (one commit, one fsync).
   */
  record(entry: NewHistoryEntry, retention?: RetentionAt): Promise<number>;
  /** Keeps many entries in one transaction (an import; the bench's 100,000): all or none. */
  recordMany(entries: NewHistoryEntry[]): Promise<number[]>;
  list(query: HistoryQuery): Promise<HistoryPage>;
  get(id: number): Promise<HistoryEntry | null>;
  /** Full-text search, newest first. An empty search (no letters or digits) finds nothing. */
  search(query: HistorySearchRequest): Promise<HistorySearchPage>;
  /** Removes entries, pinned or not; resolves with how many were removed. */
  delete(ids: number[]): Promise<number>;
  /** False when there is no such entry. */
  pin(id: number, pinned: boolean): Promise<boolean>;
  /**
   * Removes every entry there is when it is called, or every unpinned one; resolves with how
   * many were removed. A long history goes in batches, yielding between them, so other calls
   * are not held up; an entry recorded meanwhile is newer than the request and is kept.
   */
  clear(options?: { keepPinned?: boolean }): Promise<number>;
  /** How many entries there are, and how many of them are pinned. */
  counts(): Promise<HistoryCounts>;
  /**
   * Deletes what the retention setting no longer keeps; pinned entries always stay and do not
   * count towards "the last N entries". One read when there is nothing to delete. A large
   * backlog (a stricter setting, the start after weeks away) goes in batches, yielding between
   * them, so other calls are not held up. Resolves with how many were removed.
   */
  prune(retention: HistoryRetention, now: Date): Promise<number>;
  /** The newest invoke entry of each of these request tabs; tabs with none are left out. */
  lastForTabs(tabIds: readonly string[]): Promise<TabLastResponse[]>;
}

/** A retention to apply with a record, and the time "N days" counts back from. */
interface RetentionAt {
  retention: HistoryRetention;
  now: Date;
}

/**
 * Entries a prune transaction deletes at most, then other calls get a turn. `npm run bench`
 * prints the longest the event loop waited during a 50,000-entry prune: on a loaded machine the
 * commit's fsync on a busy disk, more than the deleting, sets it, so batches of 250 wait no
 * longer than batches of 1,000. Smaller batches are no worse.
 */
export const PRUNE_BATCH = 250;
/**
 * Entries one transaction of Clear all deletes at most. node:sqlite is synchronous: a single
 * DELETE of 100,000 entries and their search text holds the event loop for seconds, and every
 * other call waits. A batch of 1,000 takes a few milliseconds, and 100 commits cost little more.
 */
export const CLEAR_BATCH = 1000;
/** What a record deletes at most in its own transaction (the steady state deletes one). */
const PRUNE_WITH_RECORD = 100;

/** Lets other callbacks run between batches of a long prune. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Row {
  id: number;
  recorded_at: string;
  kind: HistoryEntry['kind'];
  what: HistoryEntry['what'];
  target_id: string;
  profile_id: string;
  profile_name: string;
  base_url: string;
  method: HistorySummary['method'];
  url: string | null;
  status: number | null;
  error_code: HistorySummary['errorCode'];
  round_trip_ms: number | null;
  token_present: number;
  pinned: number;
}

const SUMMARY_COLUMNS =
  'h.id, h.recorded_at, h.kind, h.what, h.target_id, h.profile_id, h.profile_name, h.base_url, h.method, h.url, h.status, ' +
  'h.error_code, h.round_trip_ms, h.token_present, h.pinned';

function toSummary(row: Row): HistorySummary {
  return {
    id: row.id,
    recordedAt: row.recorded_at,
    kind: row.kind,
    what: row.what,
    targetId: row.target_id,
    profile: { id: row.profile_id, name: row.profile_name, baseUrl: row.base_url },
    method: row.method,
    url: row.url,
    status: row.status,
    errorCode: row.error_code,
    roundTripMs: row.round_trip_ms,
    tokenPresent: row.token_present === 1,
    pinned: row.pinned === 1,
  };
}

/** The WHERE clause of the list's filters, with its parameters (values are always bound, never spliced). */
function filters(query: HistoryQuery): { where: string; params: SQLInputValue[] } {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  const add = (clause: string, value: SQLInputValue) => {
    clauses.push(clause);
    params.push(value);
  };
  if (query.profileId !== undefined) add('h.profile_id = ?', query.profileId);
  if (query.kind !== undefined) add('h.kind = ?', query.kind);
  if (query.targetId !== undefined) add('h.target_id = ?', query.targetId);
  if (query.statusClass !== undefined) add('h.status_class = ?', query.statusClass);
  if (query.errorCode !== undefined) add('h.error_code = ?', query.errorCode);
  if (query.tokenPresent !== undefined) add('h.token_present = ?', query.tokenPresent ? 1 : 0);
  // A literal, not a bound value: only then can SQLite use the partial index of pinned rows.
  if (query.pinned !== undefined) clauses.push(query.pinned ? 'h.pinned = 1' : 'h.pinned = 0');
  if (query.from !== undefined) add('h.recorded_at >= ?', query.from);
  if (query.to !== undefined) add('h.recorded_at < ?', query.to);
  if (query.beforeId !== undefined) add('h.id < ?', query.beforeId);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** The history in an open, migrated SQLite database (db/database.ts opens it, a file or in memory). */
export function createSqliteHistoryStore(db: DatabaseSync): HistoryStore {
  const insertRow = db.prepare(
    `INSERT INTO history (recorded_at, kind, what, target_id, profile_id, profile_name, base_url, method, url, status, status_class,
       error_code, round_trip_ms, token_present, exchange, tab_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertText = db.prepare('INSERT INTO history_text (rowid, text, payload, answer) VALUES (?, ?, ?, ?)');
  // The searchable fields a passage is cut from: their heads when one is long (migration 9),
  // else the full-text table's own copy, short by then. Never a long field whole.
  const insertHeads = db.prepare('INSERT INTO history_heads (id, text, payload, answer) VALUES (?, ?, ?, ?)');
  const selectHeads = db.prepare('SELECT text, payload, answer FROM history_heads WHERE id = ?');
  const selectShortText = db.prepare('SELECT text, payload, answer FROM history_text WHERE rowid = ?');
  const selectOne = db.prepare(`SELECT ${SUMMARY_COLUMNS}, h.exchange FROM history h WHERE h.id = ?`);
  // One index seek per tab (history_by_tab), newest first.
  const selectLastOfTab = db.prepare("SELECT id FROM history WHERE tab_id = ? AND what = 'invoke' ORDER BY id DESC LIMIT 1");
  // Kept by triggers (migration 4): one row, read in one step however large the history.
  const selectUnpinned = db.prepare('SELECT unpinned FROM history_counts');
  const selectPinnedCount = db.prepare('SELECT count(*) AS n FROM history WHERE pinned = 1');
  // A range of history_unpinned_by_time: unpinned entries older than the cutoff.
  const selectExpired = db.prepare('SELECT id FROM history WHERE pinned = 0 AND recorded_at < ? LIMIT ?');
  const selectOldestUnpinned = db.prepare('SELECT id FROM history NOT INDEXED WHERE pinned = 0 ORDER BY id LIMIT ?');
  // Clear all: the entries up to the newest when it was asked, a batch at a time, by rowid.
  const selectNewest = db.prepare('SELECT max(id) AS id FROM history');
  const selectClearAll = db.prepare('SELECT id FROM history WHERE id <= ? ORDER BY id LIMIT ?');
  const selectClearUnpinned = db.prepare('SELECT id FROM history WHERE id <= ? AND pinned = 0 ORDER BY id LIMIT ?');
  const ids = (rows: unknown[]) => (rows as Array<{ id: number }>).map((row) => row.id);
  const unpinnedCount = () => Number((selectUnpinned.get() as { unpinned: number }).unpinned);

  /** One row and its full-text entry; the caller holds the transaction. */
  function insert({ exchange, profile, recordedAt, tabId }: NewHistoryEntry): number {
    const facts = historyFacts(exchange);
    const status = facts.status;
    const { lastInsertRowid } = insertRow.run(
      recordedAt,
      facts.kind,
      exchange.what,
      facts.targetId,
      profile.id,
      profile.name,
      profile.baseUrl,
      facts.method,
      facts.url,
      status,
      statusClass(status),
      facts.errorCode,
      facts.roundTripMs,
      facts.tokenPresent ? 1 : 0,
      JSON.stringify(exchange),
      tabId ?? null,
    );
    const fields = [withoutMarks(facts.text), withoutMarks(facts.payload), withoutMarks(facts.answer)];
    insertText.run(lastInsertRowid, ...fields);
    const heads = headsOf(fields);
    if (heads) insertHeads.run(lastInsertRowid, ...heads);
    return Number(lastInsertRowid);
  }

  /**
   * Up to `limit` entries the retention no longer keeps, oldest first. Each is one read when
   * nothing is due: the trigger-kept count, or one seek in the unpinned-by-time index.
   */
  function dueIds(retention: HistoryRetention, now: Date, limit: number): number[] {
    if (retention.kind === 'all') return [];
    if (retention.kind === 'entries') {
      const excess = unpinnedCount() - retention.count;
      if (excess <= 0) return [];
      // NOT INDEXED: walking the table in id order stops after `excess` rows; the time index
      // would make SQLite sort every unpinned entry by id first.
      return ids(selectOldestUnpinned.all(Math.min(excess, limit)));
    }
    return ids(selectExpired.all(retentionCutoff(retention.days, now), limit));
  }

  /** What a hit's passage is cut from (see selectHeads). */
  function passageFields(id: number): string[] {
    const row = (selectHeads.get(id) ?? selectShortText.get(id)) as { text: string; payload: string; answer: string } | undefined;
    return row ? [row.text, row.payload, row.answer] : [];
  }

  /** Removes these rows and their full-text entries (their heads follow by trigger); the caller holds the transaction. */
  function removeIds(ids: number[]): number {
    let removed = 0;
    // In slices: SQLite takes at most 32,766 bound values in one statement.
    for (let at = 0; at < ids.length; at += 5000) {
      const slice = ids.slice(at, at + 5000);
      const marks = slice.map(() => '?').join(', ');
      db.prepare(`DELETE FROM history_text WHERE rowid IN (${marks})`).run(...slice);
      removed += Number(db.prepare(`DELETE FROM history WHERE id IN (${marks})`).run(...slice).changes);
    }
    return removed;
  }

  async function get(id: number): Promise<HistoryEntry | null> {
    const row = selectOne.get(id) as (Row & { exchange: string }) | undefined;
    if (!row) return null;
    const summary = toSummary(row);
    const exchange = JSON.parse(row.exchange) as HistoryExchange;
    return {
      ...exchange,
      id: summary.id,
      recordedAt: summary.recordedAt,
      kind: summary.kind,
      profile: summary.profile,
      tokenPresent: summary.tokenPresent,
      pinned: summary.pinned,
    };
  }

  return {
    async record(entry, retention) {
      return transaction(db, () => {
        const id = insert(entry);
        if (retention) removeIds(dueIds(retention.retention, retention.now, PRUNE_WITH_RECORD));
        return id;
      });
    },
    async recordMany(entries) {
      return transaction(db, () => entries.map(insert));
    },
    async list(query) {
      const limit = pageSize(query);
      const { where, params } = filters(query);
      const rows = db
        .prepare(`SELECT ${SUMMARY_COLUMNS} FROM history h ${where} ORDER BY h.id DESC LIMIT ?`)
        .all(...params, limit + 1) as unknown as Row[];
      const entries = rows.slice(0, limit).map(toSummary);
      return { entries, nextBeforeId: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
    get,
    async search(query) {
      const terms = searchTerms(query.text);
      if (terms.length === 0) return { hits: [], nextBeforeId: null };
      const limit = pageSize(query);
      const { where, params } = filters(query);
      // Newest first, like the list (FTS5 walks its rowids backwards cheaply); rank is not used,
      // so the first page of a common word costs the same as a rare one. The match reads only
      // the index; each hit's passage then reads at most the heads of its fields.
      const rows = db
        .prepare(
          `SELECT ${SUMMARY_COLUMNS}
           FROM history_text JOIN history h ON h.id = history_text.rowid
           ${where ? `${where} AND` : 'WHERE'} history_text MATCH ?
           ORDER BY history_text.rowid DESC LIMIT ?`,
        )
        .all(...params, ftsQuery(terms), limit + 1) as unknown as Row[];
      const passageOf = passageCutter(terms, HISTORY_PASSAGE);
      const hits = rows.slice(0, limit).map((row) => ({ entry: toSummary(row), passage: passageOf(passageFields(row.id)) }));
      return { hits, nextBeforeId: rows.length > limit ? hits[hits.length - 1]!.entry.id : null };
    },
    async delete(ids) {
      if (ids.length === 0) return 0;
      return transaction(db, () => removeIds(ids));
    },
    async pin(id, pinned) {
      return Number(db.prepare('UPDATE history SET pinned = ? WHERE id = ?').run(pinned ? 1 : 0, id).changes) > 0;
    },
    async clear(options) {
      const newest = (selectNewest.get() as { id: number | null }).id;
      if (newest === null) return 0;
      const select = options?.keepPinned ? selectClearUnpinned : selectClearAll;
      let removed = 0;
      for (;;) {
        // Chosen inside the transaction, so the rows it deletes are the rows it read.
        const batch = transaction(db, () => {
          const due = ids(select.all(newest, CLEAR_BATCH));
          return { due: due.length, removed: removeIds(due) };
        });
        removed += batch.removed;
        if (batch.due < CLEAR_BATCH) return removed;
        await yieldTurn();
      }
    },
    async counts() {
      const pinned = Number((selectPinnedCount.get() as { n: number }).n);
      return { total: unpinnedCount() + pinned, pinned };
    },
    async prune(retention, now) {
      let removed = 0;
      // The first check is outside any transaction: usually nothing is due, and reading takes no lock.
      while (dueIds(retention, now, 1).length > 0) {
        const batch = transaction(db, () => removeIds(dueIds(retention, now, PRUNE_BATCH)));
        removed += batch;
        if (batch < PRUNE_BATCH) break;
        await yieldTurn();
      }
      return removed;
    },
    async lastForTabs(tabIds) {
      const found: TabLastResponse[] = [];
      for (const tabId of new Set(tabIds)) {
        const row = selectLastOfTab.get(tabId) as { id: number } | undefined;
        const entry = row ? await get(row.id) : null;
        if (entry) found.push({ tabId, entry });
      }
      return found;
    },
  };
}
