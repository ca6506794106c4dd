import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import { LATEST_VERSION, migrate, MIGRATIONS, userVersion } from '../../../../electron/core/db/migrations';
import { openAppDatabase } from '../../../../electron/core/db/open';
import { createSqliteHistoryStore } from '../../../../electron/core/history/historyStore';
import { failedEntry, insertAsVersion1, invokeEntry } from '../../../support/historyEntries';

/** Opening the history file: migrations, a newer version's file, damaged files, modes, two writers. */

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-historydb-'));
  file = path.join(dir, 'data', 'history.sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const FIXED_NOW = new Date('2026-03-01T10:20:30.456Z');
const ASIDE = `history.sqlite.damaged-2026-03-01T10-20-30-456Z`;

function openOrThrow() {
  const opened = openHistoryDatabase(file, () => FIXED_NOW);
  if (opened.kind !== 'open') throw new Error(opened.problem);
  return opened;
}

/** A database with some entries, closed cleanly. */
async function databaseWithEntries(count: number): Promise<void> {
  const { db } = openOrThrow();
  const store = createSqliteHistoryStore(db);
  for (let i = 0; i < count; i += 1) await store.record(invokeEntry({ answer: `answer ${i}` }));
  await store.record(invokeEntry({ answer: 'LONG-ANSWER'.repeat(20_000) }));
  db.close();
}

const isRoot = process.getuid?.() === 0;

describe('the history database', () => {
  it('is made private (folder 0700, files 0600), in WAL mode with every commit fsynced', async () => {
    const { db } = openOrThrow();
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // FULL
    await createSqliteHistoryStore(db).record(invokeEntry());
    if (process.platform !== 'win32') {
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      for (const name of readdirSync(path.dirname(file)))
        expect(statSync(path.join(path.dirname(file), name)).mode & 0o777, name).toBe(0o600);
      expect(readdirSync(path.dirname(file)).sort()).toEqual(['history.sqlite', 'history.sqlite-shm', 'history.sqlite-wal']);
    }
    db.close();
  });

  it('migrates a database made by migration 1 to the latest, keeping its entries', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const old = new DatabaseSync(file);
    migrate(old, 1);
    expect(userVersion(old)).toBe(1);
    // Written as version 1 wrote it (today's store writes columns a version-1 file does not have yet).
    const id = insertAsVersion1(old, failedEntry());
    old.close();

    const { db } = openOrThrow();
    expect(userVersion(db)).toBe(LATEST_VERSION);
    expect(LATEST_VERSION).toBeGreaterThan(1);
    const indexes = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'history_by_%'").all() as Array<{ name: string }>
    ).map((row) => row.name);
    expect(indexes.sort()).toEqual(['history_by_error', 'history_by_profile', 'history_by_tab', 'history_by_target']);
    const reopened = createSqliteHistoryStore(db);
    expect(await reopened.get(id)).toMatchObject({ kind: 'failed', what: 'invoke' });
    expect((await reopened.search({ text: 'upstream' })).hits.map((hit) => hit.entry.id)).toEqual([id]);
    db.close();
  });

  it('applies a failing migration not at all (one transaction)', () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const db = new DatabaseSync(file);
    migrate(db, 1);
    db.exec('CREATE TABLE history_by_target (x)'); // the name migration 2's index needs
    expect(() => migrate(db)).toThrow();
    expect(userVersion(db)).toBe(1);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'history_by_error'").get()).toEqual({ n: 0 });
    db.close();
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("refuses a newer version's database with a plain message and leaves it untouched", async () => {
    await databaseWithEntries(3);
    const newer = new DatabaseSync(file);
    newer.exec(`PRAGMA user_version = ${LATEST_VERSION + 5}`);
    newer.close();
    const before = readFileSync(file);
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    expect(problems).toEqual([
      expect.stringContaining(
        `written by a newer version of Agent Explorer (history format ${LATEST_VERSION + 5}; this version reads up to ${LATEST_VERSION})`,
      ),
    ]);
    expect(problems[0]).toContain('left untouched');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(path.dirname(file))).toEqual(['history.sqlite']);
    // The session still keeps its history, in memory.
    const id = await store.history.record(invokeEntry());
    expect(await store.history.get(id)).not.toBeNull();
  });

  const damages: Array<[string, () => void, string]> = [
    ['garbage bytes', () => writeFileSync(file, Buffer.alloc(8192, 0x5a)), 'SQLite said: file is not a database'],
    ['a file cut in the header', () => truncateSync(file, 60), 'SQLite said: database disk image is malformed'],
    ['a file cut after the header', () => truncateSync(file, 4096 + 100), 'SQLite said: database disk image is malformed'],
    [
      'a folder in its place',
      () => {
        rmSync(file);
        mkdirSync(file);
        writeFileSync(path.join(file, 'inside.txt'), 'kept');
      },
      'a folder is in its place',
    ],
    [
      'pages scribbled over',
      () => {
        const bytes = readFileSync(file);
        bytes.fill(0xa5, 4096 * 2, 4096 * 6);
        writeFileSync(file, bytes);
      },
      'SQLite said',
    ],
    // One page deep in a long answer's overflow chain: opening never reads it, so only reading
    // every page (quick_check, in the background after the start) finds it before a read trips on it.
    [
      'a data page scribbled over',
      () => {
        const bytes = readFileSync(file);
        const page = Math.floor(bytes.indexOf('LONG-ANSWER'.repeat(50)) / 4096) + 3;
        bytes.fill(0xa5, page * 4096, (page + 1) * 4096);
        writeFileSync(file, bytes);
      },
      'The history file could not be used (',
    ],
  ];
  it.each(damages)('moves aside %s, says so, and starts with a fresh, working history', async (_name, damage, why) => {
    await databaseWithEntries(400);
    damage();
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    await store.checked; // the page check runs in the background; the others are found at once
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(why);
    expect(problems[0]).toContain(`moved to ${path.join(path.dirname(file), ASIDE)}, and a new, empty history was started`);
    expect(existsSync(path.join(path.dirname(file), ASIDE))).toBe(true); // kept for the user, not deleted
    expect((await store.history.list({})).entries).toEqual([]);
    const id = await store.history.record(invokeEntry({ answer: 'after the damage' }));
    store.close();
    // The fresh store is the file, not memory: it is there on the next start.
    const again = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    expect((await again.history.list({})).entries.map((e) => e.id)).toEqual([id]);
    await again.checked;
    expect(problems).toHaveLength(1);
    again.close();
  });

  it('moves aside a file found damaged while running, once, and goes on with a fresh one for every store', async () => {
    await databaseWithEntries(50);
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    await store.checked;
    expect(problems).toEqual([]);
    const guideline = { name: 'Refunds', description: 'How refunds go.', content: 'Refund within 30 days.' };
    await store.library.recordFetch('p1', 'g-before', guideline, '2026-03-01T10:00:00.000Z');
    const longId = (await store.history.list({ limit: 1 })).entries[0]!.id;
    damages.find(([name]) => name === 'a data page scribbled over')![1]();
    await expect(store.history.get(longId)).rejects.toThrow(/malformed/);
    expect(problems).toEqual([
      expect.stringContaining(`moved to ${path.join(path.dirname(file), ASIDE)}, and a new, empty history was started`),
    ]);
    const id = await store.history.record(invokeEntry({ answer: 'after the damage' }));
    expect((await store.history.list({})).entries.map((e) => e.id)).toEqual([id]);
    // The library, checklists and runs are on the new file too, not on the one moved aside.
    expect(await store.library.list('p1')).toEqual([]);
    expect(await store.runs.list({})).toEqual([]);
    expect(await store.checklists.entryExists(id)).toBe(true);
    await store.library.recordFetch('p1', 'g-after', guideline, '2026-03-01T11:00:00.000Z');
    expect(problems).toHaveLength(1);
    store.close();
    const again = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 60_000 });
    expect((await again.library.search('p1', 'refund')).map((hit) => hit.entry.guidelineId)).toEqual(['g-after']);
    again.close();
  });

  it.skipIf(isRoot || process.platform === 'win32')('moves aside a file it has no permission to read', async () => {
    await databaseWithEntries(2);
    chmodSync(file, 0o000);
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    expect(problems[0]).toContain('The history file could not be used (it cannot be read (no permission)): it was moved to');
    expect((await store.history.list({})).entries).toEqual([]);
    store.close();
  });

  it('starts on memory, saying why, when the folder cannot hold a database', async () => {
    mkdirSync(path.dirname(dir), { recursive: true });
    writeFileSync(path.join(dir, 'data'), 'a file where the data folder should be');
    const problems: string[] = [];
    const store = openAppDatabase(file, (message) => problems.push(message), { now: () => FIXED_NOW, checkDelayMs: 0 });
    expect(problems).toEqual([expect.stringContaining('History is kept for this session only.')]);
    expect(await store.history.record(invokeEntry())).toBe(1);
  });

  it('lets two connections write one file at once without losing or damaging anything', async () => {
    const firstDb = openOrThrow().db;
    const secondDb = openOrThrow().db;
    const first = createSqliteHistoryStore(firstDb);
    const second = createSqliteHistoryStore(secondDb);
    const ids = new Set<number>();
    for (let i = 0; i < 100; i += 1) {
      ids.add(await first.record(invokeEntry({ answer: `first ${i}` })));
      ids.add(await second.record(invokeEntry({ answer: `second ${i}` })));
    }
    expect(ids.size).toBe(200);
    expect((await first.search({ text: 'second', limit: 500 })).hits).toHaveLength(100);
    firstDb.close();
    secondDb.close();
    const { db } = openOrThrow();
    expect(db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    db.close();
  });
});

describe('the history under SIGKILL, again and again', () => {
  /**
   * Nothing lost: a writer killed with SIGKILL at random moments, again and again, loses
   * no entry it had acknowledged, and never leaves a database that fails to open or check.
   * Bounded for CI: 30 kills, each after the writer has acknowledged something, at 0-40 ms.
   */

  const KILLS = 30;
  let dir: string;
  let writer: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ae-kill-'));
    writer = path.join(dir, 'writer.mjs');
    // The writer is TypeScript importing the core: bundled once, run by this same Node.
    await build({
      entryPoints: ['tests/support/historyWriter.ts'],
      outfile: writer,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'warning',
    });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the writer until it has acknowledged at least one entry, kills it `delayMs` later, and returns every id it printed. */
  function writeUntilKilled(file: string, delayMs: number): Promise<{ acknowledged: number[]; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [writer, file], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let armed = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (!armed && stdout.includes('\n')) {
          armed = true;
          setTimeout(() => child.kill('SIGKILL'), delayMs);
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      child.on('error', reject);
      // 'close' comes after the pipes are drained: every id the writer got out is in `stdout`.
      child.on('close', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`The writer ended on its own (${code}): ${stderr}`));
        const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
        resolve({ acknowledged: complete.split('\n').filter(Boolean).map(Number), stderr });
      });
    });
  }

  describe('the history under SIGKILL', () => {
    it(`keeps every acknowledged entry and opens cleanly after ${KILLS} kills at random moments`, async () => {
      const file = path.join(dir, 'data', 'history.sqlite');
      const acknowledged: number[] = [];
      for (let round = 0; round < KILLS; round += 1) {
        const run = await writeUntilKilled(file, Math.floor(Math.random() * 40));
        expect(run.stderr, `round ${round}: the writer found nothing wrong at start`).toBe('');
        acknowledged.push(...run.acknowledged);

        // What the next start does: open it (it must not be found damaged), then look.
        const opened = openHistoryDatabase(file);
        expect(opened, `round ${round}`).toMatchObject({ kind: 'open', problem: null });
        if (opened.kind !== 'open') return;
        expect(opened.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
        const kept = new Set((opened.db.prepare('SELECT id FROM history').all() as Array<{ id: number }>).map((row) => row.id));
        const lost = acknowledged.filter((id) => !kept.has(id));
        expect(lost, `round ${round}: acknowledged entries missing`).toEqual([]);
        // The last one is whole, and in the full-text index too.
        const store = createSqliteHistoryStore(opened.db);
        const last = await store.get(run.acknowledged[run.acknowledged.length - 1]!);
        const text = last?.what === 'invoke' ? last.request.text : '';
        expect(text).toMatch(/^write \d+$/);
        expect((await store.search({ text, limit: 500 })).hits.map((hit) => hit.entry.id)).toContain(last!.id);
        opened.db.close();
      }
      expect(acknowledged.length).toBeGreaterThan(KILLS);
      expect(readdirSync(path.dirname(file)).filter((name) => name.includes('damaged'))).toEqual([]);
    });

    it('keeps every acknowledged entry of two processes that create and write the same file at once', async () => {
      for (let round = 0; round < 8; round += 1) {
        // A new file each round: both start together, so both find it missing and create it.
        const file = path.join(dir, `two-${round}`, 'history.sqlite');
        const runs = await Promise.all([
          writeUntilKilled(file, Math.floor(Math.random() * 40)),
          writeUntilKilled(file, Math.floor(Math.random() * 40)),
        ]);
        const acknowledged = runs.flatMap((run) => run.acknowledged);
        for (const run of runs) expect(run.stderr, `round ${round}: neither found the other's new file damaged or busy`).toBe('');
        const opened = openHistoryDatabase(file);
        expect(opened, `round ${round}`).toMatchObject({ kind: 'open', problem: null });
        if (opened.kind !== 'open') return;
        expect(opened.db.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
        const kept = new Set((opened.db.prepare('SELECT id FROM history').all() as Array<{ id: number }>).map((row) => row.id));
        expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
        expect(new Set(acknowledged).size, 'no id given twice').toBe(acknowledged.length);
        opened.db.close();
      }
    });
  });
});
