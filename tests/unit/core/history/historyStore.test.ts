import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_BATCH, createSqliteHistoryStore, type HistoryStore, PRUNE_BATCH } from '../../../../electron/core/history/historyStore';
import {
  cancelledEntry,
  failedEntry,
  guidelineEntry,
  insertAsVersion1,
  invokeEntry,
  SANDBOX,
  STAGING,
} from '../../../support/historyEntries';
import { memoryDatabase } from '../../../support/memoryDatabase';
import { openHistoryDatabase } from '../../../../electron/core/db/database';
import type * as Migrations from '../../../../electron/core/db/migrations';
import { LATEST_VERSION, migrate, SAVED_ENTRIES_VERSION, userVersion } from '../../../../electron/core/db/migrations';
import { type Core, startCore } from '../../../../electron/core/bootstrap';
import type { HistoryEntry, InvokeResult, SavedBody } from '../../../../electron/shared/api';
import { dispatch } from '../../../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../../../electron/sandbox/catalog';
import type { NewHistoryEntry } from '../../../../electron/core/history/historySchema';
import { reportEntry } from '../../../../electron/shared/reports/reportEntry';
import { renderReportHtml } from '../../../../electron/core/reports/reportHtml';
import { entryMarkdown } from '../../../../electron/shared/reports/reportMarkdown';
import { buildReportBundle } from '../../../../electron/shared/reports/reportBundle';
import { exchange } from '../../../support/fakeApi';
import { createKeyedProfile } from '../../../support/keyedProfile';

/**
 * The history store, on the app's database in memory (the real migrations): what a person
 * records, lists, searches, pins and deletes.
 */

describe('the history store', () => {
  it('gives back an entry exactly as it was recorded, the cut body still cut and flagged', async () => {
    const store = memoryDatabase().history;
    const recorded = failedEntry();
    const id = await store.record(recorded);
    const entry = await store.get(id);
    expect(entry).toMatchObject({
      ...recorded.exchange,
      id,
      recordedAt: recorded.recordedAt,
      profile: recorded.profile,
      kind: 'failed',
      pinned: false,
    });
    expect(entry?.result.ok === false && entry.result.error.exchange?.responseBodyTruncated).toBe(true);
    expect(await store.get(id + 1000)).toBeNull();
  });

  it('lists newest first, a page at a time, with a cursor to the next page', async () => {
    const store = memoryDatabase().history;
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await store.record(invokeEntry({ text: `request ${i}` })));
    const first = await store.list({ limit: 2 });
    expect(first.entries.map((e) => e.id)).toEqual([ids[4], ids[3]]);
    const second = await store.list({ limit: 2, beforeId: first.nextBeforeId! });
    expect(second.entries.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const last = await store.list({ limit: 2, beforeId: second.nextBeforeId! });
    expect(last).toEqual({ entries: [expect.objectContaining({ id: ids[0] })], nextBeforeId: null });
  });

  it('filters by profile, kind, agent or guideline, status class, error code, token and date', async () => {
    const store = memoryDatabase().history;
    const answered = await store.record(invokeEntry({ agentId: 'drafter', token: 'tok-1' }));
    const guideline = await store.record(guidelineEntry('escalation', SANDBOX));
    const cancelled = await store.record(cancelledEntry());
    const failed = await store.record(failedEntry());
    const ids = async (query: Parameters<HistoryStore['list']>[0]) => (await store.list(query)).entries.map((e) => e.id);
    expect(await ids({ profileId: SANDBOX.id })).toEqual([guideline]);
    expect(await ids({ kind: 'cancelled' })).toEqual([cancelled]);
    expect(await ids({ kind: 'guideline' })).toEqual([guideline]);
    expect(await ids({ targetId: 'drafter' })).toEqual([answered]);
    expect(await ids({ statusClass: 5 })).toEqual([failed]);
    expect(await ids({ statusClass: 0 })).toEqual([cancelled]);
    expect(await ids({ statusClass: 2, kind: 'invoke' })).toEqual([answered]);
    expect(await ids({ errorCode: 'http_status' })).toEqual([failed]);
    expect(await ids({ tokenPresent: true })).toEqual([answered]);
    const all = (await store.list({})).entries;
    const guidelineAt = all.find((e) => e.id === guideline)!.recordedAt;
    expect(await ids({ from: guidelineAt })).toEqual([failed, cancelled, guideline]);
    expect(await ids({ to: guidelineAt })).toEqual([answered]);
    expect(all.find((e) => e.id === failed)).toMatchObject({
      what: 'invoke',
      status: 502,
      errorCode: 'http_status',
      method: 'POST',
      profile: { name: 'Staging' },
    });
  });

  it('finds entries by words of the text, the payload or the answer, with the passage and what matched', async () => {
    const store = memoryDatabase().history;
    await store.record(invokeEntry({ text: 'Where is my parcel?', answer: 'It left the depot.' }));
    const byPayload = await store.record(invokeEntry({ text: 'Hello', payload: { customer_name: 'Grace Hopper' } }));
    const byAnswer = await store.record(invokeEntry({ text: 'Status?', answer: 'The refund was approved on Monday.' }));
    const found = await store.search({ text: 'refund' });
    expect(found.hits.map((hit) => hit.entry.id)).toEqual([byAnswer]);
    const { text, highlights } = found.hits[0]!.passage;
    expect(highlights.map(({ start, end }) => text.slice(start, end))).toEqual(['refund']);
    expect((await store.search({ text: 'grace' })).hits.map((hit) => hit.entry.id)).toEqual([byPayload]);
    // Prefixes match, every word is required, and case does not matter.
    expect((await store.search({ text: 'APPROV mon' })).hits.map((hit) => hit.entry.id)).toEqual([byAnswer]);
    expect((await store.search({ text: 'approved parcel' })).hits).toEqual([]);
  });

  it('takes what a person types as words: quotes, operators and lone symbols neither fail nor mean syntax', async () => {
    const store = memoryDatabase().history;
    const id = await store.record(invokeEntry({ answer: 'Use "NEAR" AND the * key.' }));
    for (const typed of ['"near', 'NEAR(', 'and OR not', '*', 'key*"', ')('])
      await expect(store.search({ text: typed })).resolves.toBeDefined();
    expect((await store.search({ text: '"near' })).hits.map((hit) => hit.entry.id)).toEqual([id]);
    expect(await store.search({ text: '  *** ' })).toEqual({ hits: [], nextBeforeId: null });
  });

  it('searches within the filters, newest first, a page at a time', async () => {
    const store = memoryDatabase().history;
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await store.record(invokeEntry({ answer: `refund number ${i}` })));
    await store.record(invokeEntry({ answer: 'refund elsewhere', profile: SANDBOX }));
    const first = await store.search({ text: 'refund', profileId: 'p-staging', limit: 2 });
    expect(first.hits.map((hit) => hit.entry.id)).toEqual([ids[2], ids[1]]);
    const next = await store.search({ text: 'refund', profileId: 'p-staging', limit: 2, beforeId: first.nextBeforeId! });
    expect(next).toMatchObject({ hits: [{ entry: { id: ids[0] } }], nextBeforeId: null });
  });

  it('pins, deletes, and clears all or only the unpinned, never reusing a deleted id', async () => {
    const store = memoryDatabase().history;
    const a = await store.record(invokeEntry({ answer: 'alpha' }));
    const b = await store.record(invokeEntry({ answer: 'bravo' }));
    const c = await store.record(invokeEntry({ answer: 'charlie' }));
    expect(await store.pin(b, true)).toBe(true);
    expect(await store.pin(9999, true)).toBe(false);
    expect(await store.delete([c])).toBe(1);
    expect((await store.search({ text: 'charlie' })).hits).toEqual([]);
    expect(await store.record(invokeEntry())).toBeGreaterThan(c);
    expect(await store.clear({ keepPinned: true })).toBe(2);
    expect((await store.list({})).entries.map((e) => [e.id, e.pinned])).toEqual([[b, true]]);
    expect(await store.get(a)).toBeNull();
    expect(await store.clear()).toBe(1);
    expect((await store.list({})).entries).toEqual([]);
  });
});

describe('many entries at once', () => {
  it('are kept in order, all found again', async () => {
    const store = memoryDatabase().history;
    const ids = await store.recordMany([invokeEntry({ answer: 'one' }), guidelineEntry(), invokeEntry({ answer: 'three' })]);
    expect(ids).toHaveLength(3);
    expect((await store.list({})).entries.map((e) => e.id)).toEqual([...ids].reverse());
    expect((await store.search({ text: 'three' })).hits.map((hit) => hit.entry.id)).toEqual([ids[2]]);
  });
});

describe('Clear all, in turns', () => {
  /**
   * Clear all on a long history (it must stay smooth at 100,000 entries). node:sqlite is
   * synchronous: one DELETE of every entry and its search text held the event loop for 1.5 s at
   * 100,000 entries here, so every other call of the host (an invoke, the list the page reads
   * again, the page's own files in browser mode) waited with it. It deletes in batches, giving
   * other calls a turn between them, and takes only what was there when it was asked.
   */

  const cleanups: Array<() => void> = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });

  function sqliteStore(): { store: HistoryStore; text: () => number } {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-history-clear-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const opened = openHistoryDatabase(path.join(dir, 'history.sqlite'));
    if (opened.kind !== 'open') throw new Error(opened.problem);
    const store = createSqliteHistoryStore(opened.db);
    cleanups.unshift(() => opened.db.close());
    const text = () => Number((opened.db.prepare('SELECT count(*) AS n FROM history_text').get() as { n: number }).n);
    return { store, text };
  }

  describe('Clear all on a long history', () => {
    it('lets other calls run while it deletes, and keeps an entry recorded meanwhile', async () => {
      const { store, text } = sqliteStore();
      await store.recordMany(Array.from({ length: CLEAR_BATCH * 3 + 7 }, (_, i) => invokeEntry({ answer: `answer ${i}` })));
      const [pinned] = await store.recordMany([invokeEntry({ answer: 'kept pinned' })]);
      await store.pin(pinned!, true);

      let during: number | null = null;
      let clearing = true;
      setImmediate(() => {
        // Another call while Clear all runs: it is answered before the clear ends.
        if (clearing) void store.recordMany([invokeEntry({ answer: 'recorded meanwhile' })]).then(([id]) => (during = id!));
      });
      const removed = await store.clear({ keepPinned: true });
      clearing = false;
      expect(during).not.toBeNull();
      expect(removed).toBe(CLEAR_BATCH * 3 + 7);
      expect((await store.list({})).entries.map((entry) => entry.id)).toEqual([during, pinned]);
      expect(await store.counts()).toEqual({ total: 2, pinned: 1 });
      expect(text()).toBe(2);
      expect((await store.search({ text: 'answer' })).hits).toEqual([]);

      expect(await store.clear({ keepPinned: false })).toBe(2);
      expect(await store.counts()).toEqual({ total: 0, pinned: 0 });
      expect(text()).toBe(0);
      expect(await store.clear({ keepPinned: false })).toBe(0);
    });
  });
});

describe('searches bounded however long the answer', () => {
  /**
   * A search whose hits include one very long answer (a server may send megabytes). FTS5's
   * snippet() takes time quadratic in the hits inside one document: one 250 KB answer held the
   * host's event loop 34 s, a 20 MB one for minutes. The passage now comes from the start of each
   * field only, so the work per hit is bounded however long the answer is, while the match
   * still finds a word anywhere in it. The time-outs guard against a hang; they measure nothing.
   */

  const HANG_GUARD_MS = 60_000;
  /** Several megabytes of a sentence that holds the searched words, with one word at the very end. */
  const LONG_ANSWER = `Opening line of the answer. ${'A refund was approved for the customer today. '.repeat(180_000)}The last word is zebra.`;

  function sqliteStore(): { store: HistoryStore; db: DatabaseSync } {
    const db = new DatabaseSync(':memory:');
    migrate(db);
    return { store: createSqliteHistoryStore(db), db };
  }

  const marked = (passage: { text: string; highlights: Array<{ start: number; end: number }> }) =>
    passage.highlights.map(({ start, end }) => passage.text.slice(start, end).toLowerCase());

  describe('searching a multi-megabyte answer', () => {
    it('finds it by any word, with a short passage, and does not hang', { timeout: HANG_GUARD_MS }, async () => {
      expect(LONG_ANSWER.length).toBeGreaterThan(8_000_000);
      const store = sqliteStore().store;
      const small = await store.record(invokeEntry({ text: 'Any news?', answer: 'The refund is on its way.' }));
      const long = await store.record(invokeEntry({ text: 'Tell me everything', answer: LONG_ANSWER }));

      const found = await store.search({ text: 'refund' });
      expect(found.hits.map((hit) => hit.entry.id)).toEqual([long, small]);
      const passage = found.hits[0]!.passage;
      expect(passage.text).toContain('refund was approved');
      expect(passage.text.length).toBeLessThan(300);
      expect(marked(passage).length).toBeGreaterThan(0);
      expect(marked(passage).every((word) => word === 'refund')).toBe(true);

      // Two words, one of them a prefix: each highlighted where it occurs.
      const both = (await store.search({ text: 'approv today' })).hits;
      expect(both.map((hit) => hit.entry.id)).toEqual([long]);
      expect(new Set(marked(both[0]!.passage))).toEqual(new Set(['approved', 'today']));

      // A word only at the end of the answer is still found; its passage is the answer's start.
      const deep = (await store.search({ text: 'zebra' })).hits;
      expect(deep.map((hit) => hit.entry.id)).toEqual([long]);
      expect(deep[0]!.passage.text.startsWith('Opening line of the answer.')).toBe(true);
      expect(deep[0]!.passage.text.length).toBeLessThan(300);
    });
  });

  describe('the start of a long answer kept for passages', () => {
    it('goes with its entry', { timeout: HANG_GUARD_MS }, async () => {
      const { store, db } = sqliteStore();
      const heads = () => Number((db.prepare('SELECT count(*) AS n FROM history_heads').get() as { n: number }).n);
      await store.record(invokeEntry({ answer: 'short' }));
      const long = await store.record(invokeEntry({ answer: LONG_ANSWER }));
      expect(heads()).toBe(1);
      await store.delete([long]);
      expect(heads()).toBe(0);
      expect((await store.search({ text: 'zebra' })).hits).toEqual([]);
    });

    it('is made for a long answer recorded by a version before it, when the file is migrated', { timeout: HANG_GUARD_MS }, async () => {
      const db = new DatabaseSync(':memory:');
      migrate(db, 8);
      const id = insertAsVersion1(db, invokeEntry({ answer: LONG_ANSWER }));
      insertAsVersion1(db, invokeEntry({ answer: 'short' }));
      migrate(db);
      expect(db.prepare('SELECT id FROM history_heads').all()).toEqual([{ id }]);
      const [hit] = (await createSqliteHistoryStore(db).search({ text: 'refund' })).hits;
      expect(hit!.entry.id).toBe(id);
      expect(hit!.passage.text.length).toBeLessThan(300);
    });
  });
});

describe("each tab's last answer", () => {
  /** Each request tab's last answer, kept with the tab's id so it shows again after a restart. */

  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ae-historytabs-'));
    file = path.join(dir, 'data', 'history.sqlite');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('migration 3 (tab ids)', () => {
    it('brings a version-2 file up to date, keeping its entries (which belong to no tab)', async () => {
      mkdirSync(path.dirname(file), { recursive: true });
      const old = new DatabaseSync(file);
      migrate(old, 2);
      expect(userVersion(old)).toBe(2);
      const oldId = insertAsVersion1(old, invokeEntry({ answer: 'from before tabs were kept' }));
      old.close();

      const opened = openHistoryDatabase(file);
      if (opened.kind !== 'open') throw new Error(opened.problem);
      const store = createSqliteHistoryStore(opened.db);
      expect(LATEST_VERSION).toBeGreaterThanOrEqual(3);
      expect(await store.get(oldId)).toMatchObject({ what: 'invoke', kind: 'invoke' });
      expect(await store.lastForTabs(['tab-a'])).toEqual([]);
      const newId = await store.record({ ...invokeEntry({ answer: 'kept with its tab' }), tabId: 'tab-a' });
      expect((await store.lastForTabs(['tab-a'])).map((found) => found.entry.id)).toEqual([newId]);
      opened.db.close();
    });
  });

  describe('the per-tab lookup', () => {
    it("answers each tab's newest invoke, and nothing for a tab without one", async () => {
      const store = memoryDatabase().history;
      await store.record({ ...invokeEntry({ answer: 'A, first' }), tabId: 'tab-a' });
      await store.record({ ...invokeEntry({ answer: 'B, only' }), tabId: 'tab-b' });
      const newestA = await store.record({ ...invokeEntry({ answer: 'A, second' }), tabId: 'tab-a' });
      await store.record(invokeEntry({ answer: 'from no tab' }));
      await store.record(guidelineEntry());

      const found = await store.lastForTabs(['tab-a', 'tab-b', 'tab-c', 'tab-a']);
      expect(
        found.map(({ tabId, entry }) => [tabId, entry.what === 'invoke' && entry.result.ok && entry.result.value.response.answer]),
      ).toEqual([
        ['tab-a', 'A, second'],
        ['tab-b', 'B, only'],
      ]);
      expect(found[0]!.entry.id).toBe(newestA);
    });
  });

  describe('lastResponses through the contract', () => {
    let core: Core;
    const start = () => startCore({ host: 'browser', version: '0.0.0-test', dataDir: path.join(dir, 'data'), sandboxLatency: 'none' });
    afterEach(async () => {
      await core.close();
    });

    it("answers a tab's last invoke after a restart, and the tab id is never sent to the platform", async () => {
      const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
      core = await start();
      const answered = await dispatch(core.api, 'invokeAgent', {
        agentId: echo.id,
        text: 'Remember me',
        payload: { customer_name: 'Ada' },
        tabId: 'tab-1',
      });
      const result = answered.ok ? (answered.value as InvokeResult) : null;
      expect(result?.ok, 'answered').toBe(true);
      expect(result?.ok && result.value.exchange.requestBody).not.toContain('tab-1');
      await core.close();

      core = await start();
      const found = await dispatch(core.api, 'lastResponses', { tabIds: ['tab-1', 'tab-2'] });
      expect(found.ok && found.value).toMatchObject({
        ok: true,
        value: [{ tabId: 'tab-1', entry: { what: 'invoke', request: { text: 'Remember me' }, result: { ok: true } } }],
      });
    });

    it('refuses a tab id that is not a string, and a malformed lookup', async () => {
      core = await start();
      const badTab = await dispatch(core.api, 'invokeAgent', { agentId: 'a', text: '', payload: {}, tabId: 42 });
      expect(!badTab.ok && badTab.error.code).toBe('invalid_argument');
      for (const raw of [
        {},
        { tabIds: 'tab-1' },
        { tabIds: [1] },
        { tabIds: [], extra: true },
        { tabIds: Array.from({ length: 501 }, () => 'x') },
      ]) {
        const refused = await dispatch(core.api, 'lastResponses', raw);
        expect(!refused.ok && refused.error.code, JSON.stringify(raw).slice(0, 40)).toBe('invalid_argument');
      }
    });
  });
});

describe('saved-to-file entries', () => {
  /**
   * "Save the whole body to a file" sends the request again (an invoke runs the agent again), so
   * the history keeps it: a 'saved' entry with the exchange and where the body went, never as a
   * tab's restored answer.
   */

  const cleanups: Array<() => void | Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  function tempDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-saved-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  const SAVED: SavedBody = {
    path: '/home/ada/Downloads/agent-report-2026.json',
    bytes: 1_048_576,
    limitReached: true,
    limitBytes: 1_048_576,
    exchange: exchange({
      status: 200,
      responseBody: null,
      responseBytes: 1_048_576,
      roundTripMs: 321.5,
      responseHeaders: { 'content-type': 'application/json', 'x-trace': 'abc' },
    }),
  };

  function savedEntry(tabId?: string): NewHistoryEntry {
    return {
      exchange: {
        what: 'saved',
        request: { kind: 'invoke', request: { agentId: 'agent-big', text: 'Export every order', payload: { region: 'north' } } },
        result: { ok: true, value: SAVED },
      },
      profile: STAGING,
      recordedAt: '2026-03-02T10:00:00.000Z',
      ...(tabId === undefined ? {} : { tabId }),
    };
  }

  function failedSave(): NewHistoryEntry {
    const error = {
      code: 'network' as const,
      message: 'The connection was refused.',
      exchange: exchange({ status: null, responseBody: null }),
    };
    return {
      exchange: { what: 'saved', request: { kind: 'guideline', request: { guidelineId: 'escalation' } }, result: { ok: false, error } },
      profile: STAGING,
      recordedAt: '2026-03-02T10:01:00.000Z',
    };
  }

  describe('a saved-to-file entry in the store', () => {
    it('is kept and read back whole, listed with the exchange facts, filtered by its target kind, found by its path', async () => {
      const store = memoryDatabase().history;
      const id = await store.record(savedEntry());
      const failedId = await store.record(failedSave());
      const entry = await store.get(id);
      expect(entry).toMatchObject({
        what: 'saved',
        kind: 'invoke',
        tokenPresent: false,
        request: savedEntry().exchange.request,
        result: { ok: true, value: SAVED },
      });

      const page = await store.list({});
      expect(page.entries.map((e) => [e.id, e.what, e.kind, e.targetId, e.method, e.status, e.errorCode, e.roundTripMs])).toEqual([
        [failedId, 'saved', 'failed', 'escalation', 'POST', null, 'network', 12.5],
        [id, 'saved', 'invoke', 'agent-big', 'POST', 200, null, 321.5],
      ]);
      expect((await store.list({ kind: 'invoke' })).entries.map((e) => e.id)).toEqual([id]);
      expect((await store.list({ kind: 'failed' })).entries.map((e) => e.id)).toEqual([failedId]);
      expect((await store.list({ statusClass: 2 })).entries.map((e) => e.id)).toEqual([id]);
      expect((await store.list({ targetId: 'agent-big' })).entries.map((e) => e.id)).toEqual([id]);

      const byPath = await store.search({ text: 'agent-report-2026' });
      expect(byPath.hits.map((hit) => hit.entry.id)).toEqual([id]);
      expect(byPath.hits[0]!.passage.text).toContain(
        'Saved to /home/ada/Downloads/agent-report-2026.json (1048576 bytes, cut at the limit)',
      );
      expect((await store.search({ text: 'every order north' })).hits.map((hit) => hit.entry.id)).toEqual([id]);
      expect((await store.search({ text: 'connection refused' })).hits.map((hit) => hit.entry.id)).toEqual([failedId]);
    });

    it('is never a tab’s last answer, even when recorded with the tab', async () => {
      const store = memoryDatabase().history;
      const invokeId = await store.record({ ...invokeEntry(), tabId: 'tab-1' });
      await store.record(savedEntry('tab-1'));
      await store.record(savedEntry('tab-2'));
      const last = await store.lastForTabs(['tab-1', 'tab-2']);
      expect(last.map((found) => [found.tabId, found.entry.id, found.entry.what])).toEqual([['tab-1', invokeId, 'invoke']]);
    });
  });

  describe('saveResponseToFile is recorded', () => {
    const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

    async function core(dataDir: string): Promise<Core> {
      const started = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
      cleanups.push(() => started.close());
      return started;
    }

    it('keeps the save as a saved entry (without the tab), so the tab still restores its invoke, across a restart', async () => {
      const dataDir = tempDir();
      let app = await core(dataDir);
      const request = { agentId: echo.id, text: 'Save me to disk', payload: { customer_name: 'Ada' }, tabId: 'tab-9' };
      const invoked = await app.api.invokeAgent(request);
      expect(invoked.ok).toBe(true);
      const saved = await app.api.saveResponseToFile({ kind: 'invoke', request: { ...request, requestId: 'r-1' } });
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.value.exchange.responseBody).toBeNull();

      await app.close();
      app = await core(dataDir);
      const page = await app.api.listHistory({});
      if (!page.ok) throw new Error(page.error.message);
      expect(page.value.entries.map((e) => [e.what, e.kind, e.targetId, e.status])).toEqual([
        ['saved', 'invoke', echo.id, 200],
        ['invoke', 'invoke', echo.id, 200],
      ]);
      const entry = await app.api.getHistoryEntry({ id: page.value.entries[0]!.id });
      // The request as asked, without the page's ids (tab, request, profile): as an invoke is kept.
      expect(entry.ok && entry.value).toMatchObject({
        what: 'saved',
        request: { kind: 'invoke', request: { agentId: echo.id, text: 'Save me to disk', payload: { customer_name: 'Ada' } } },
      });
      expect(entry.ok && entry.value.what === 'saved' && Object.keys(entry.value.request.request).sort()).toEqual([
        'agentId',
        'payload',
        'text',
      ]);
      expect(entry.ok && entry.value.result).toEqual(saved);

      const found = await app.api.searchHistory({ text: path.basename(saved.value.path).replace(/\.[a-z]+$/, '') });
      expect(found.ok && found.value.hits.map((hit) => hit.entry.what)).toEqual(['saved']);

      // Kept with no tab at all (the store would not restore it anyway: a second guard).
      const db = new DatabaseSync(path.join(dataDir, 'history.sqlite'), { readOnly: true });
      expect(
        db
          .prepare('SELECT what, tab_id FROM history ORDER BY id')
          .all()
          .map((row) => ({ ...row })),
      ).toEqual([
        { what: 'invoke', tab_id: 'tab-9' },
        { what: 'saved', tab_id: null },
      ]);
      db.close();
      const last = await app.api.lastResponses({ tabIds: ['tab-9'] });
      expect(last.ok && last.value.map((found) => [found.tabId, found.entry.what, found.entry.id])).toEqual([
        ['tab-9', 'invoke', page.value.entries[1]!.id],
      ]);
    });

    it('keeps a save that failed (nothing answered) as a failed save of its guideline', async () => {
      const app = await core(tempDir());
      // Port 9 (discard) on loopback: nothing listens, the connection is refused.
      const profileId = await createKeyedProfile(app.api, {
        name: 'Nowhere',
        baseUrl: 'http://127.0.0.1:9',
        key: 'k',
        allowInsecureHttp: true,
      });
      const saved = await app.api.saveResponseToFile({ kind: 'guideline', request: { guidelineId: 'escalation', profileId } });
      expect(saved.ok).toBe(false);
      const page = await app.api.listHistory({});
      expect(page.ok && page.value.entries.map((e) => [e.what, e.kind, e.errorCode])).toEqual([
        ['saved', 'failed', saved.ok ? null : saved.error.code],
      ]);
    });
  });

  describe('a saved entry in a report', () => {
    const entry: HistoryEntry = {
      ...savedEntry().exchange,
      id: 7,
      recordedAt: '2026-03-02T10:00:00.000Z',
      kind: 'invoke',
      profile: STAGING,
      tokenPresent: false,
      pinned: false,
    };

    it('states the invoke it sent again, and that its body went to a file, with path and bytes', () => {
      const report = reportEntry(entry);
      expect(report.request).toMatchObject({
        what: 'invoke',
        targetId: 'agent-big',
        text: 'Export every order',
        payload: { region: 'north' },
      });
      expect(report.answer).toEqual({
        what: 'saved',
        path: SAVED.path,
        bytes: SAVED.bytes,
        limitReached: true,
        limitBytes: SAVED.limitBytes,
      });
      expect(report.contractCheck.result).toBe('not_checked');
      expect(report.response).toMatchObject({ body: null, headers: { 'x-trace': 'abc' } });

      const html = renderReportHtml(buildReportBundle({ sources: [entry], note: '', appVersion: '1.2.3', createdAt: new Date() }));
      expect(html).toContain(
        `The body was saved to a file, not read: Saved to ${SAVED.path} (1048576 bytes, cut at the limit) (the limit was 1,048,576 bytes).`,
      );
      expect(html).toContain('Invoke of agent agent-big');

      const markdown = entryMarkdown(report, '1.2.3');
      expect(markdown).toContain(`**Answer** saved to a file, not read: \`Saved to ${SAVED.path} (1048576 bytes, cut at the limit)\``);
      expect(markdown).toContain('### Invoke of agent `agent-big`');
    });
  });

  describe('the history file once it may hold saved entries', () => {
    it('is marked with the version that introduced them, so an older build refuses it and leaves it untouched', async () => {
      const dir = tempDir();
      const file = path.join(dir, 'history.sqlite');
      const opened = openHistoryDatabase(file);
      if (opened.kind !== 'open') throw new Error(opened.problem);
      const store = createSqliteHistoryStore(opened.db);
      await store.record(savedEntry());
      expect(userVersion(opened.db)).toBeGreaterThanOrEqual(SAVED_ENTRIES_VERSION);
      opened.db.close();

      // An older build: the same code with only the migrations before saved entries.
      vi.resetModules();
      vi.doMock('../../../../electron/core/db/migrations', async (original) => {
        const actual = await original<typeof Migrations>();
        const older = actual.MIGRATIONS.filter((m) => m.version < SAVED_ENTRIES_VERSION);
        return { ...actual, MIGRATIONS: older, LATEST_VERSION: older[older.length - 1]!.version };
      });
      try {
        const olderDb = await import('../../../../electron/core/db/database');
        const refused = olderDb.openHistoryDatabase(file);
        expect(refused.kind).toBe('unavailable');
        expect(refused.kind === 'unavailable' && refused.problem).toContain('written by a newer version of Agent Explorer');
      } finally {
        vi.doUnmock('../../../../electron/core/db/migrations');
        vi.resetModules();
      }
      const check = new DatabaseSync(file, { readOnly: true });
      expect((check.prepare("SELECT count(*) AS n FROM history WHERE what = 'saved'").get() as { n: number }).n).toBe(1);
      check.close();
    });
  });
});

describe('managing the history: pin, prune, delete, clear', () => {
  /** Pinning, counting and retention. */

  const cleanups: Array<() => void> = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });

  function tempFile(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ae-history-manage-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return path.join(dir, 'history.sqlite');
  }

  const DAY = 24 * 60 * 60 * 1000;
  const NOW = new Date('2026-11-23T12:00:00.000Z');
  /** An entry recorded `daysAgo` days before NOW, answering `answer`. */
  const aged = (daysAgo: number, answer: string) => ({
    ...invokeEntry({ answer }),
    recordedAt: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
  });

  describe('managing the history', () => {
    it('counts entries and pinned ones, and filters on pinned', async () => {
      const store = memoryDatabase().history;
      const [a, b, c] = await store.recordMany([invokeEntry(), invokeEntry(), invokeEntry()]);
      expect(await store.counts()).toEqual({ total: 3, pinned: 0 });
      await store.pin(b!, true);
      await store.pin(b!, true); // twice: still one
      expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
      expect((await store.list({ pinned: true })).entries.map((e) => e.id)).toEqual([b]);
      expect((await store.list({ pinned: false })).entries.map((e) => e.id)).toEqual([c, a]);
      await store.pin(b!, false);
      await store.delete([a!]);
      expect(await store.counts()).toEqual({ total: 2, pinned: 0 });
      await store.clear();
      expect(await store.counts()).toEqual({ total: 0, pinned: 0 });
    });

    it('keeps the newest N unpinned entries and every pinned one, and their words go with the others', async () => {
      const store = memoryDatabase().history;
      const ids = await store.recordMany(
        ['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((word) => invokeEntry({ answer: `word ${word}` })),
      );
      await store.pin(ids[0]!, true);
      expect(await store.prune({ kind: 'all' }, NOW)).toBe(0);
      expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(2);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([ids[4], ids[3], ids[0]]);
      expect((await store.search({ text: 'bravo' })).hits).toEqual([]);
      expect((await store.search({ text: 'charlie' })).hits).toEqual([]);
      expect((await store.search({ text: 'alpha' })).hits.map((hit) => hit.entry.id)).toEqual([ids[0]]);
      // Nothing more to do: the same rule again removes nothing.
      expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(0);
      // After a record, the oldest unpinned one goes.
      const newest = await store.record(invokeEntry({ answer: 'word foxtrot' }));
      expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([newest, ids[4], ids[0]]);
      expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
      // Unpinning makes it count again.
      await store.pin(ids[0]!, false);
      expect(await store.prune({ kind: 'entries', count: 2 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([newest, ids[4]]);
    });

    it('keeps the entries of the last N days and every pinned one', async () => {
      const store = memoryDatabase().history;
      const [old, oldPinned, recent, today] = await store.recordMany([
        aged(40, 'word old'),
        aged(35, 'word pinned'),
        aged(5, 'word recent'),
        aged(0, 'word today'),
      ]);
      await store.pin(oldPinned!, true);
      expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([today, recent, oldPinned]);
      expect((await store.search({ text: 'old' })).hits).toEqual([]);
      expect(await store.get(old!)).toBeNull();
      expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(0);
      expect(await store.prune({ kind: 'days', days: 1 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([today, oldPinned]);
    });

    it('applies a retention given with a record in the same call', async () => {
      const store = memoryDatabase().history;
      const [first, second] = await store.recordMany([aged(3, 'word a'), aged(2, 'word b')]);
      const third = await store.record(aged(0, 'word c'), { retention: { kind: 'entries', count: 2 }, now: NOW });
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([third, second]);
      await store.pin(second!, true);
      const fourth = await store.record(aged(0, 'word d'), { retention: { kind: 'days', days: 1 }, now: NOW });
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([fourth, third, second]);
      expect(await store.get(first!)).toBeNull();
    });

    it('prunes a backlog larger than one batch, all of it', async () => {
      const store = memoryDatabase().history;
      await store.recordMany(Array.from({ length: PRUNE_BATCH * 2 + 5 }, () => invokeEntry()));
      expect(await store.prune({ kind: 'entries', count: 3 }, NOW)).toBe(PRUNE_BATCH * 2 + 2);
      expect(await store.counts()).toEqual({ total: 3, pinned: 0 });
    });

    it('finds an entry recorded out of time order (a clock set back) by its time, not its place', async () => {
      const store = memoryDatabase().history;
      const [recent, old] = await store.recordMany([aged(1, 'word recent'), aged(90, 'word old')]);
      expect(await store.prune({ kind: 'days', days: 30 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([recent]);
      expect(await store.get(old!)).toBeNull();
    });
  });

  describe('the SQLite store prunes without reading every entry', () => {
    const plan = (db: DatabaseSync, sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((row) => row.detail).join('; ');

    it('uses the counts table, the time index and the pinned index', () => {
      const opened = openHistoryDatabase(tempFile());
      if (opened.kind !== 'open') throw new Error(opened.problem);
      const { db } = opened;
      cleanups.unshift(() => db.close());
      expect(plan(db, 'SELECT id FROM history WHERE pinned = 0 AND recorded_at < ? LIMIT ?')).toMatch(
        /USING COVERING INDEX history_unpinned_by_time \(recorded_at<\?\)/,
      );
      expect(plan(db, 'SELECT count(*) FROM history WHERE pinned = 1')).toMatch(/history_pinned/);
      expect(plan(db, 'SELECT id FROM history h WHERE h.pinned = 1 ORDER BY h.id DESC LIMIT 10')).toMatch(/history_pinned/);
      expect(plan(db, 'SELECT id FROM history NOT INDEXED WHERE pinned = 0 ORDER BY id LIMIT 5')).not.toMatch(/TEMP B-TREE/);
    });

    it('removes the full-text rows with their entries (none left behind to grow the file)', async () => {
      const opened = openHistoryDatabase(tempFile());
      if (opened.kind !== 'open') throw new Error(opened.problem);
      const store = createSqliteHistoryStore(opened.db);
      cleanups.unshift(() => opened.db.close());
      const rows = () =>
        opened.db.prepare('SELECT (SELECT count(*) FROM history) AS entries, (SELECT count(*) FROM history_text) AS texts').get();
      await store.recordMany([aged(50, 'word a'), aged(40, 'word b'), aged(3, 'word c'), aged(2, 'word d'), aged(1, 'word e')]);
      await store.prune({ kind: 'days', days: 30 }, NOW);
      expect(rows()).toEqual({ entries: 3, texts: 3 });
      await store.prune({ kind: 'entries', count: 1 }, NOW);
      expect(rows()).toEqual({ entries: 1, texts: 1 });
    });

    it('counts the entries a database had before migration 4, pinned ones apart', async () => {
      const file = tempFile();
      mkdirSync(path.dirname(file), { recursive: true });
      const old = new DatabaseSync(file);
      migrate(old, 3);
      const ids = [insertAsVersion1(old, invokeEntry()), insertAsVersion1(old, invokeEntry()), insertAsVersion1(old, invokeEntry())];
      old.prepare('UPDATE history SET pinned = 1 WHERE id = ?').run(ids[0]!);
      old.close();
      const opened = openHistoryDatabase(file);
      if (opened.kind !== 'open') throw new Error(opened.problem);
      const store = createSqliteHistoryStore(opened.db);
      cleanups.unshift(() => opened.db.close());
      expect(await store.counts()).toEqual({ total: 3, pinned: 1 });
      expect(await store.prune({ kind: 'entries', count: 1 }, NOW)).toBe(1);
      expect((await store.list({})).entries.map((e) => e.id)).toEqual([ids[2], ids[0]]);
    });
  });
});
