import type { DatabaseSync } from 'node:sqlite';
import type { Guideline, GuidelineCopy, GuidelineVersionSummary, LibraryGuideline, LibrarySearchHit } from '../../shared/api';
import { ftsQuery, searchTerms, withoutMarks } from '../history/historySchema';
import { transaction } from '../db/transaction';
import { clampHits, FIELD_WEIGHTS, libraryOrder, versionHash } from './librarySchema';
import { headsOf, LIBRARY_PASSAGE, passageCutter } from '../db/searchPassage';

/**
 * Where each profile's guideline library is kept: its entries and every kept version, in the
 * app's database (a file or in memory) beside the history. Ids given here are already normalised.
 */
export interface LibraryStore {
  list(profileId: string): Promise<LibraryGuideline[]>;
  get(profileId: string, guidelineId: string): Promise<LibraryGuideline | null>;
  /** Adds the ids not there yet (in one transaction); resolves with those it added. */
  add(profileId: string, guidelineIds: readonly string[], at: string): Promise<string[]>;
  /**
   * Records a successful fetch: adds the guideline when it is new, and keeps the answer as a
   * new version when it differs (by hash) from the latest kept one. `fetchedAt` moves either way.
   */
  recordFetch(
    profileId: string,
    guidelineId: string,
    guideline: Guideline,
    at: string,
  ): Promise<{ entry: LibraryGuideline; newVersion: boolean }>;
  /** Removes entries and their versions; resolves with how many were removed. */
  remove(profileId: string, guidelineIds: readonly string[]): Promise<number>;
  /** Null when there is no such entry (as for the three below). */
  pin(profileId: string, guidelineId: string, pinned: boolean): Promise<LibraryGuideline | null>;
  setLabels(profileId: string, guidelineId: string, labels: { title: string; tags: string[] }): Promise<LibraryGuideline | null>;
  markRead(profileId: string, guidelineId: string, at: string): Promise<LibraryGuideline | null>;
  /** Best match first; an empty search (no letters or digits) finds nothing. */
  search(profileId: string, text: string, limit?: number): Promise<LibrarySearchHit[]>;
  /** Newest first; empty when there is no such entry. */
  versions(profileId: string, guidelineId: string): Promise<GuidelineVersionSummary[]>;
  /** One version in full, or the latest when `version` is absent; null when there is none. */
  version(profileId: string, guidelineId: string, version?: number): Promise<GuidelineCopy | null>;
}

interface EntryRow {
  id: number;
  guideline_id: string;
  title: string;
  tags: string;
  pinned: number;
  added_at: string;
  fetched_at: string | null;
  read_at: string | null;
  read_version: number | null;
  latest_version: number;
  name: string | null;
  description: string | null;
}

// Only name and description of the latest version are read here: content comes last in its
// row, so SQLite never loads a long guideline's overflow pages to list it.
const ENTRY_SELECT = `SELECT l.id, l.guideline_id, l.title, l.tags, l.pinned, l.added_at, l.fetched_at, l.read_at, l.read_version, l.latest_version,
  v.name, v.description FROM guideline_library l LEFT JOIN guideline_versions v ON v.entry_id = l.id AND v.version = l.latest_version`;

function toEntry(row: EntryRow): LibraryGuideline {
  return {
    guidelineId: row.guideline_id,
    name: row.name,
    description: row.description,
    title: row.title,
    tags: JSON.parse(row.tags) as string[],
    pinned: row.pinned === 1,
    addedAt: row.added_at,
    fetchedAt: row.fetched_at,
    readAt: row.read_at,
    latestVersion: row.latest_version,
    changedSinceRead: row.read_version !== null && row.latest_version > row.read_version,
    readVersion: row.read_version,
  };
}

/** The library in the history's open, migrated SQLite database (migration 5 made its tables). */
export function createSqliteLibraryStore(db: DatabaseSync): LibraryStore {
  const selectEntry = db.prepare(`${ENTRY_SELECT} WHERE l.profile_id = ? AND l.guideline_id = ?`);
  const selectAll = db.prepare(`${ENTRY_SELECT} WHERE l.profile_id = ?`);
  const insertEntry = db.prepare('INSERT OR IGNORE INTO guideline_library (profile_id, guideline_id, added_at) VALUES (?, ?, ?)');
  const insertText = db.prepare(
    "INSERT INTO guideline_text (rowid, name, description, content, title, tags, ident, profile_id) VALUES (?, '', '', '', '', '', ?, ?)",
  );
  const selectLatestHash = db.prepare('SELECT hash FROM guideline_versions WHERE entry_id = ? AND version = ?');
  // One pass: FTS5 walks its matches in rank order itself (ORDER BY rank, weighted by field
  // through `rank MATCH`), and the LIMIT stops the walk. The profile is checked in the library's
  // own table, never in the full-text row's copy: reading that column reads the row, a long
  // guideline's content whole. CROSS JOIN keeps FTS5 the outer loop, so its rank order stands
  // (no sort of every match) and the index is all the match reads.
  const searchRanked = db.prepare(
    `SELECT guideline_text.rowid AS id FROM guideline_text CROSS JOIN guideline_library l ON l.id = guideline_text.rowid
     WHERE guideline_text MATCH ? AND l.profile_id = ? AND guideline_text.rank MATCH 'bm25(${FIELD_WEIGHTS.join(', ')})'
     ORDER BY guideline_text.rank LIMIT ?`,
  );
  // The fields a hit's passage is cut from: their heads when one is long (migration 9), else
  // the full-text table's own copy, short by then. Never a long field whole.
  const selectHeads = db.prepare('SELECT name, description, content, title, tags, ident FROM guideline_heads WHERE id = ?');
  const selectShortText = db.prepare('SELECT name, description, content, title, tags, ident FROM guideline_text WHERE rowid = ?');
  const passageFields = (id: number): string[] => {
    const row = (selectHeads.get(id) ?? selectShortText.get(id)) as
      Record<'name' | 'description' | 'content' | 'title' | 'tags' | 'ident', string> | undefined;
    return row ? [row.name, row.description, row.content, row.title, row.tags, row.ident] : [];
  };
  const selectById = db.prepare(`${ENTRY_SELECT} WHERE l.id = ?`);
  const insertVersion = db.prepare(
    'INSERT INTO guideline_versions (entry_id, version, hash, fetched_at, name, description, content) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  const entryRow = (profileId: string, guidelineId: string) => selectEntry.get(profileId, guidelineId) as EntryRow | undefined;
  const entry = (profileId: string, guidelineId: string) => {
    const row = entryRow(profileId, guidelineId);
    return row ? toEntry(row) : null;
  };
  /** Adds one entry and its (empty) text row; the caller holds the transaction. */
  const addOne = (profileId: string, guidelineId: string, at: string): boolean => {
    const { changes, lastInsertRowid } = insertEntry.run(profileId, guidelineId, at);
    if (Number(changes) === 0) return false;
    insertText.run(lastInsertRowid, guidelineId, profileId);
    return true;
  };
  /** The full-text row of an entry, rewritten whole (FTS5 updates are a delete and an insert anyway). */
  const reindex = (row: EntryRow & { profile_id: string }, content: string) => {
    const fields = [row.name ?? '', row.description ?? '', content, row.title, (JSON.parse(row.tags) as string[]).join(' ')].map(
      withoutMarks,
    );
    fields.push(row.guideline_id);
    db.prepare('DELETE FROM guideline_text WHERE rowid = ?').run(row.id);
    db.prepare(
      'INSERT INTO guideline_text (rowid, name, description, content, title, tags, ident, profile_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(row.id, ...fields, row.profile_id);
    db.prepare('DELETE FROM guideline_heads WHERE id = ?').run(row.id);
    const heads = headsOf(fields);
    if (heads)
      db.prepare('INSERT INTO guideline_heads (id, name, description, content, title, tags, ident) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        row.id,
        ...heads,
      );
  };
  const latestContent = (row: EntryRow): string =>
    row.latest_version === 0
      ? ''
      : (
          db.prepare('SELECT content FROM guideline_versions WHERE entry_id = ? AND version = ?').get(row.id, row.latest_version) as {
            content: string;
          }
        ).content;
  const updateThen = (sql: string, params: Array<string | number>, profileId: string, guidelineId: string) =>
    Number(db.prepare(sql).run(...params, profileId, guidelineId).changes) > 0 ? entry(profileId, guidelineId) : null;

  return {
    async list(profileId) {
      return (selectAll.all(profileId) as unknown as EntryRow[]).map(toEntry).sort(libraryOrder);
    },
    async get(profileId, guidelineId) {
      return entry(profileId, guidelineId);
    },
    async add(profileId, guidelineIds, at) {
      return transaction(db, () => guidelineIds.filter((id) => addOne(profileId, id, at)));
    },
    async recordFetch(profileId, guidelineId, guideline, at) {
      const hash = versionHash(guideline);
      const newVersion = transaction(db, () => {
        addOne(profileId, guidelineId, at);
        const row = entryRow(profileId, guidelineId)!;
        const latest =
          row.latest_version === 0 ? undefined : (selectLatestHash.get(row.id, row.latest_version) as { hash: string } | undefined);
        const changed = latest?.hash !== hash;
        if (changed) {
          const next = row.latest_version + 1;
          insertVersion.run(row.id, next, hash, at, guideline.name, guideline.description, guideline.content);
          db.prepare('UPDATE guideline_library SET latest_version = ?, fetched_at = ? WHERE id = ?').run(next, at, row.id);
          reindex({ ...row, profile_id: profileId, name: guideline.name, description: guideline.description }, guideline.content);
        } else db.prepare('UPDATE guideline_library SET fetched_at = ? WHERE id = ?').run(at, row.id);
        return changed;
      });
      return { entry: entry(profileId, guidelineId)!, newVersion };
    },
    async remove(profileId, guidelineIds) {
      if (guidelineIds.length === 0) return 0;
      return transaction(db, () => {
        const marks = guidelineIds.map(() => '?').join(', ');
        const ids = `SELECT id FROM guideline_library WHERE profile_id = ? AND guideline_id IN (${marks})`;
        db.prepare(`DELETE FROM guideline_text WHERE rowid IN (${ids})`).run(profileId, ...guidelineIds);
        db.prepare(`DELETE FROM guideline_heads WHERE id IN (${ids})`).run(profileId, ...guidelineIds);
        db.prepare(`DELETE FROM guideline_versions WHERE entry_id IN (${ids})`).run(profileId, ...guidelineIds);
        return Number(
          db.prepare(`DELETE FROM guideline_library WHERE profile_id = ? AND guideline_id IN (${marks})`).run(profileId, ...guidelineIds)
            .changes,
        );
      });
    },
    async pin(profileId, guidelineId, pinned) {
      return updateThen(
        'UPDATE guideline_library SET pinned = ? WHERE profile_id = ? AND guideline_id = ?',
        [pinned ? 1 : 0],
        profileId,
        guidelineId,
      );
    },
    async setLabels(profileId, guidelineId, { title, tags }) {
      return transaction(db, () => {
        const updated = updateThen(
          'UPDATE guideline_library SET title = ?, tags = ? WHERE profile_id = ? AND guideline_id = ?',
          [title, JSON.stringify(tags)],
          profileId,
          guidelineId,
        );
        const row = entryRow(profileId, guidelineId);
        if (row) reindex({ ...row, profile_id: profileId }, latestContent(row));
        return updated;
      });
    },
    async markRead(profileId, guidelineId, at) {
      return updateThen(
        'UPDATE guideline_library SET read_at = ?, read_version = NULLIF(latest_version, 0) WHERE profile_id = ? AND guideline_id = ?',
        [at],
        profileId,
        guidelineId,
      );
    },
    async search(profileId, text, limit) {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      const match = ftsQuery(terms);
      const rows = searchRanked.all(match, profileId, clampHits(limit)) as Array<{ id: number }>;
      const passageOf = passageCutter(terms, LIBRARY_PASSAGE);
      return rows.map(({ id }) => ({ entry: toEntry(selectById.get(id) as unknown as EntryRow), passage: passageOf(passageFields(id)) }));
    },
    async versions(profileId, guidelineId) {
      return db
        .prepare(
          `SELECT v.version, v.hash, v.fetched_at AS fetchedAt, v.name FROM guideline_versions v JOIN guideline_library l ON l.id = v.entry_id
           WHERE l.profile_id = ? AND l.guideline_id = ? ORDER BY v.version DESC`,
        )
        .all(profileId, guidelineId)
        .map((row) => ({ ...(row as unknown as GuidelineVersionSummary) }));
    },
    async version(profileId, guidelineId, version) {
      const row = entryRow(profileId, guidelineId);
      if (!row) return null;
      const kept = db
        .prepare('SELECT version, hash, fetched_at, name, description, content FROM guideline_versions WHERE entry_id = ? AND version = ?')
        .get(row.id, version ?? row.latest_version) as
        { version: number; hash: string; fetched_at: string; name: string; description: string; content: string } | undefined;
      if (!kept) return null;
      return {
        entry: toEntry(row),
        version: { version: kept.version, hash: kept.hash, fetchedAt: kept.fetched_at, name: kept.name },
        guideline: { name: kept.name, description: kept.description, content: kept.content },
      };
    },
  };
}
