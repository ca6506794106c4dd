import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { openHistoryDatabase } from '../../../electron/core/db/database';
import { LATEST_VERSION, migrate, userVersion } from '../../../electron/core/db/migrations';
import { createSqliteHistoryStore } from '../../../electron/core/history/historyStore';
import type { InvokeResult } from '../../../electron/shared/api';
import { dispatch } from '../../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import { guidelineEntry, insertAsVersion1, invokeEntry } from '../../support/historyEntries';
import { memoryDatabase } from '../../support/memoryDatabase';

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
