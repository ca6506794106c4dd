import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import { openAppDatabase } from '../../../../electron/core/db/open';
import { createSqliteHistoryStore } from '../../../../electron/core/history/historyStore';
import { invokeEntry } from '../../../support/historyEntries';
import { LATEST_VERSION, migrate, userVersion } from '../../../../electron/core/db/migrations';

/**
 * What a start and the History section's first screen read of the history file (with
 * 100,000 entries, the start no more than 10 % slower than with an empty history, and the first
 * screen under 300 ms; `npm run bench` measures both). Times are too noisy to test here, so this
 * tests the cause instead: the pages holding the oldest entries are damaged, and the start, the
 * first page of the list and the request tabs' last answers must not come near them. Work over
 * every row at each start (a quick_check, an UPDATE of every row), or a first page that sorts
 * the whole table (ORDER BY a column with no index), would read them, and fail here.
 */

const OLDEST = 'OLDEST-ENTRY-MARKER';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-history-start-'));
  file = path.join(dir, 'history.sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** 20 old entries marked OLDEST, then 600 newer ones (the last few from a request tab); closed cleanly. */
async function historyWithOldEntries(): Promise<void> {
  const opened = openHistoryDatabase(file);
  if (opened.kind !== 'open') throw new Error(opened.problem);
  const store = createSqliteHistoryStore(opened.db);
  await store.recordMany([
    ...Array.from({ length: 20 }, (_, i) => invokeEntry({ text: `old ${i}`, answer: `${OLDEST} ${i}` })),
    ...Array.from({ length: 600 }, (_, i) => ({
      ...invokeEntry({ text: `new ${i}`, answer: `answer ${i}` }),
      ...(i > 590 ? { tabId: 'tab-a' } : {}),
    })),
  ]);
  opened.db.close(); // the WAL goes into the file, so the pages below are the ones SQLite reads
}

/**
 * Scribbles over the leaf pages that hold the marked entries (their rows and their full-text
 * copy). Leaves only: an inner page of a b-tree can keep stale bytes of rows that were moved
 * down when it split, and every lookup passes through it.
 */
function damageOldestPages(): number {
  const db = new DatabaseSync(file, { readOnly: true });
  const leaves = new Set(
    (db.prepare("SELECT pageno FROM dbstat WHERE pagetype = 'leaf'").all() as Array<{ pageno: number }>).map((row) => row.pageno - 1),
  );
  db.close();
  const bytes = readFileSync(file);
  const pages = new Set<number>();
  for (let at = bytes.indexOf(OLDEST); at !== -1; at = bytes.indexOf(OLDEST, at + 1)) {
    if (leaves.has(Math.floor(at / 4096))) pages.add(Math.floor(at / 4096));
  }
  for (const page of pages) bytes.fill(0xa5, page * 4096 + 8, (page + 1) * 4096); // past the page header: broken cells, not a missing page
  writeFileSync(file, bytes);
  return pages.size;
}

describe('a start on a long history', () => {
  it('reads only what the first screen shows: not every page, not the oldest rows', async () => {
    await historyWithOldEntries();
    expect(damageOldestPages()).toBeGreaterThan(0);
    const problems: string[] = [];
    // The background page check is far off: this is the start and the first screen alone.
    const store = openAppDatabase(file, (message) => problems.push(message), { checkDelayMs: 60_000 });
    try {
      expect(problems).toEqual([]);
      const first = await store.history.list({ limit: 100 });
      expect(first.entries).toHaveLength(100);
      expect(first.entries[0]!.id).toBeGreaterThan(first.entries[99]!.id); // newest first
      const last = await store.history.lastForTabs(['tab-a']);
      expect(last.map(({ entry }) => entry.what === 'invoke' && entry.request.text)).toEqual(['new 599']);
      expect(problems).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('still has the damage found by the background check (so the test above damaged what it meant to)', async () => {
    await historyWithOldEntries();
    damageOldestPages();
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { checkDelayMs: 0 });
    await store.checked;
    store.close();
    expect(problems).toEqual([expect.stringContaining('The history file could not be used (')]);
  });
});

describe('the library in the app database', () => {
  /** The library as the app opens it: in the history's file, through its migrations, across restarts. */

  const dirs: string[] = [];
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
  });

  function tempFile(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-library-open-'));
    dirs.push(dir);
    return path.join(dir, 'history.sqlite');
  }

  const ID = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
  const guideline = { name: 'Escalation policy', description: 'When to escalate.', content: 'Escalate to a supervisor.' };

  describe('the library in the history file', () => {
    it('is still there after a restart, searchable', async () => {
      const file = tempFile();
      const first = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
      await first.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
      await first.library.setLabels('p1', ID, { title: 'Mine', tags: ['tier 2'] });
      first.close();
      await first.checked;

      const second = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
      expect(await second.library.list('p1')).toMatchObject([
        { guidelineId: ID, name: 'Escalation policy', title: 'Mine', tags: ['tier 2'], latestVersion: 1 },
      ]);
      expect((await second.library.search('p1', 'supervisor')).map((hit) => hit.entry.guidelineId)).toEqual([ID]);
      second.close();
      await second.checked;
    });

    it('is added to a history file made before it (format 3), which keeps its entries', async () => {
      const file = tempFile();
      const old = new DatabaseSync(file);
      migrate(old, 3);
      old.close();
      const store = openAppDatabase(file, () => undefined, { checkDelayMs: 60_000 });
      await store.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
      expect(await store.library.versions('p1', ID)).toHaveLength(1);
      store.close();
      await store.checked;
      const reopened = new DatabaseSync(file);
      expect(userVersion(reopened)).toBe(LATEST_VERSION);
      reopened.close();
    });

    it('is kept in memory for the session when there is no data folder', async () => {
      const store = openAppDatabase(null, () => undefined);
      await store.library.recordFetch('p1', ID, guideline, '2026-01-01T00:00:00.000Z');
      expect((await store.library.version('p1', ID))?.guideline).toEqual(guideline);
      store.close();
    });
  });
});
