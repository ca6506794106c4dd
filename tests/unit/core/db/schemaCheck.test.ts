import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import { LATEST_VERSION, migrate, userVersion } from '../../../../electron/core/db/migrations';
import { openAppDatabase } from '../../../../electron/core/db/open';
import { createSqliteHistoryStore } from '../../../../electron/core/history/historyStore';
import { failedEntry, insertAsVersion1, invokeEntry } from '../../../support/historyEntries';

/**
 * A history file holds only what the migrations make: a trigger, a view, a table or an index
 * they did not make is refused at open, before any statement of ours could set it off, and the
 * file is moved aside as a damaged one is.
 */

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-history-schema-'));
  file = path.join(dir, 'data', 'history.sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const FIXED_NOW = new Date('2026-03-01T10:20:30.456Z');
const aside = () => path.join(path.dirname(file), 'history.sqlite.damaged-2026-03-01T10-20-30-456Z');

/** A history file the app made, with two entries, then changed by `tamper` on a connection of its own. */
async function appFileThen(tamper: string): Promise<void> {
  const opened = openHistoryDatabase(file);
  if (opened.kind !== 'open') throw new Error(opened.problem);
  const store = createSqliteHistoryStore(opened.db);
  await store.record(invokeEntry({ answer: 'first' }));
  await store.record(invokeEntry({ answer: 'second' }));
  opened.db.close();
  const db = new DatabaseSync(file);
  db.exec(tamper);
  db.close();
}

function openStore(problems: string[]) {
  return openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 60_000 });
}

/** Copies every recorded exchange into a table of its own, on each insert. */
const COPYING_TRIGGER = `
  CREATE TABLE copied (exchange TEXT);
  CREATE TRIGGER history_copy AFTER INSERT ON history BEGIN INSERT INTO copied VALUES (NEW.exchange); END;
`;

describe('a history file with a schema the migrations did not make', () => {
  it('is moved aside at open when it has an extra trigger, which never runs', async () => {
    await appFileThen(COPYING_TRIGGER);
    const problems: string[] = [];
    const store = openStore(problems);
    expect(problems).toEqual([
      `The history file could not be used (it holds a trigger "history_copy" and a table "copied" that Agent Explorer did not make): it was moved to ${aside()}, and a new, empty history was started.`,
    ]);
    const id = await store.history.record(invokeEntry({ answer: 'after the open' }));
    expect((await store.history.list({})).entries.map((entry) => entry.id)).toEqual([id]);
    store.close();
    // The new file has no trigger, and the one moved aside is as it was: its trigger never ran.
    const fresh = new DatabaseSync(file, { readOnly: true });
    expect(fresh.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'history_copy'").all()).toEqual([]);
    fresh.close();
    const kept = new DatabaseSync(aside(), { readOnly: true });
    expect(kept.prepare('SELECT count(*) AS n FROM copied').get()).toEqual({ n: 0 });
    expect(kept.prepare('SELECT count(*) AS n FROM history').get()).toEqual({ n: 2 });
    kept.close();
  });

  it('names a trigger alone, on a table the app made', async () => {
    await appFileThen('CREATE TRIGGER history_unpin AFTER INSERT ON history BEGIN UPDATE history SET pinned = 1 WHERE id = NEW.id; END;');
    const problems: string[] = [];
    const store = openStore(problems);
    expect(problems).toEqual([
      expect.stringContaining('(it holds a trigger "history_unpin" that Agent Explorer did not make): it was moved to'),
    ]);
    const id = await store.history.record(invokeEntry());
    expect((await store.history.get(id))?.pinned).toBe(false);
    store.close();
    expect(existsSync(aside())).toBe(true);
  });

  const tampers: Array<[string, string, string]> = [
    [
      'an extra view',
      'CREATE VIEW recent AS SELECT id, exchange FROM history ORDER BY id DESC LIMIT 10;',
      'it holds a view "recent" that Agent Explorer did not make',
    ],
    ['a table changed', 'ALTER TABLE history ADD COLUMN note TEXT;', 'its table "history" is not as Agent Explorer makes it'],
    [
      'a table made a view',
      'DROP TABLE history_counts; CREATE VIEW history_counts AS SELECT 0 AS unpinned;',
      'it holds a view "history_counts" that Agent Explorer did not make',
    ],
    ['an index missing', 'DROP INDEX history_by_target;', 'the index "history_by_target" that Agent Explorer makes is missing'],
    [
      'a trigger of the app changed',
      'DROP TRIGGER history_count_insert; CREATE TRIGGER history_count_insert AFTER INSERT ON history BEGIN DELETE FROM history; END;',
      'its trigger "history_count_insert" is not as Agent Explorer makes it',
    ],
    [
      'a full-text shadow table changed',
      'CREATE INDEX history_text_peek ON history_text_content (c2);',
      'it holds an index "history_text_peek" that Agent Explorer did not make',
    ],
  ];
  it.each(tampers)('is moved aside at open with %s, saying what', async (_name, tamper, why) => {
    await appFileThen(tamper);
    const problems: string[] = [];
    const store = openStore(problems);
    expect(problems).toEqual([
      `The history file could not be used (${why}): it was moved to ${aside()}, and a new, empty history was started.`,
    ]);
    expect((await store.history.list({})).entries).toEqual([]);
    store.close();
    expect(existsSync(aside())).toBe(true);
  });

  it('says a name from the file as inert text', async () => {
    await appFileThen('CREATE VIEW "v\u001b[2K\nPASS" AS SELECT 1;');
    const problems: string[] = [];
    openStore(problems).close();
    expect(problems[0]).toContain('it holds a view "v\\u001b[2K\\nPASS" that Agent Explorer did not make');
  });

  it('is refused when older too, before its migrations run', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const old = new DatabaseSync(file);
    migrate(old, 3);
    old.exec(COPYING_TRIGGER);
    old.close();
    const problems: string[] = [];
    const store = openStore(problems);
    expect(problems).toEqual([
      expect.stringContaining('(it holds a trigger "history_copy" and a table "copied" that Agent Explorer did not make): it was moved to'),
    ]);
    store.close();
    const kept = new DatabaseSync(aside(), { readOnly: true });
    expect(userVersion(kept)).toBe(3); // not migrated: nothing of ours ran on it
    kept.close();
  });
});

describe('a history file the migrations made', () => {
  it('opens as before, and again', async () => {
    await appFileThen('SELECT 1;');
    for (let round = 0; round < 2; round += 1) {
      const problems: string[] = [];
      const store = openStore(problems);
      expect(problems).toEqual([]);
      expect((await store.history.list({})).entries).toHaveLength(2 + round);
      await store.history.record(invokeEntry({ answer: `round ${round}` }));
      store.close();
    }
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it.each(Array.from({ length: LATEST_VERSION }, (_, i) => i))(
    'opens and is upgraded from version %i, keeping its entries',
    async (version) => {
      mkdirSync(path.dirname(file), { recursive: true });
      const old = new DatabaseSync(file);
      migrate(old, version);
      const id = version >= 1 ? insertAsVersion1(old, failedEntry()) : null;
      old.close();
      const problems: string[] = [];
      const store = openStore(problems);
      expect(problems).toEqual([]);
      if (id !== null) expect(await store.history.get(id)).toMatchObject({ kind: 'failed', what: 'invoke' });
      store.close();
      const db = new DatabaseSync(file, { readOnly: true });
      expect(userVersion(db)).toBe(LATEST_VERSION);
      db.close();
    },
  );
});
