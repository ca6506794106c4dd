import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { openHistoryDatabase } from '../../../electron/core/db/database';
import { SAVED_ENTRIES_VERSION, userVersion } from '../../../electron/core/db/migrations';
import type * as Migrations from '../../../electron/core/db/migrations';
import type { NewHistoryEntry } from '../../../electron/core/history/historySchema';
import { createSqliteHistoryStore } from '../../../electron/core/history/historyStore';
import { reportEntry } from '../../../electron/shared/reports/reportEntry';
import { renderReportHtml } from '../../../electron/core/reports/reportHtml';
import { entryMarkdown } from '../../../electron/shared/reports/reportMarkdown';
import { buildReportBundle } from '../../../electron/shared/reports/reportBundle';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import type { HistoryEntry, SavedBody } from '../../../electron/shared/api';
import { exchange } from '../../support/fakeApi';
import { invokeEntry, STAGING } from '../../support/historyEntries';
import { createKeyedProfile } from '../../support/keyedProfile';
import { memoryDatabase } from '../../support/memoryDatabase';

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
    expect(byPath.hits[0]!.passage.text).toContain('Saved to /home/ada/Downloads/agent-report-2026.json (1048576 bytes, cut at the limit)');
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
    vi.doMock('../../../electron/core/db/migrations', async (original) => {
      const actual = await original<typeof Migrations>();
      const older = actual.MIGRATIONS.filter((m) => m.version < SAVED_ENTRIES_VERSION);
      return { ...actual, MIGRATIONS: older, LATEST_VERSION: older[older.length - 1]!.version };
    });
    try {
      const olderDb = await import('../../../electron/core/db/database');
      const refused = olderDb.openHistoryDatabase(file);
      expect(refused.kind).toBe('unavailable');
      expect(refused.kind === 'unavailable' && refused.problem).toContain('written by a newer version of Agent Explorer');
    } finally {
      vi.doUnmock('../../../electron/core/db/migrations');
      vi.resetModules();
    }
    const check = new DatabaseSync(file, { readOnly: true });
    expect((check.prepare("SELECT count(*) AS n FROM history WHERE what = 'saved'").get() as { n: number }).n).toBe(1);
    check.close();
  });
});
