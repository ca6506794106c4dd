import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, settingsDocument } from '../../../electron/core/workspace/appStores';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { dispatch } from '../../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import type { Api } from '../../../electron/shared/api';

/** The retention setting and the history's management methods, through the contract as a page calls them. */

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

let dataDir: string;
let core: Core;
let problems: string[];
const start = () =>
  startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none', onProblem: (message) => problems.push(message) });
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-retention-'));
  problems = [];
  core = await start();
});
afterEach(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function invoke(api: Api, text: string) {
  const result = await api.invokeAgent({ agentId: echo.id, text, payload: {} });
  expect(result.ok).toBe(true);
}

async function texts(api: Api): Promise<string[]> {
  const page = await api.listHistory({});
  if (!page.ok) throw new Error(page.error.message);
  const entries = await Promise.all(page.value.entries.map((e) => api.getHistoryEntry({ id: e.id })));
  return entries.map((entry) => (entry.ok && entry.value.what === 'invoke' ? entry.value.request.text : '?'));
}

describe('history retention', () => {
  it('applies when saved, and after each record, keeping pinned entries on top of it', async () => {
    for (const text of ['one', 'two', 'three', 'four']) await invoke(core.api, text);
    const page = await core.api.listHistory({});
    const oneId = page.ok ? page.value.entries.at(-1)!.id : 0;
    expect(await core.api.pinHistoryEntry({ id: oneId, pinned: true })).toEqual({ ok: true, value: { pinned: true } });

    const saved = await core.api.updateSettings({ historyRetention: { kind: 'entries', count: 2 } });
    expect(saved.ok && saved.value.historyRetention).toEqual({ kind: 'entries', count: 2 });
    expect(await texts(core.api)).toEqual(['four', 'three', 'one']);

    await invoke(core.api, 'five');
    expect(await texts(core.api)).toEqual(['five', 'four', 'one']);
    expect(await core.api.countHistory()).toEqual({ ok: true, value: { total: 3, pinned: 1 } });
    expect(problems).toEqual([]);
  });

  it('applies at start to what an earlier run kept', async () => {
    for (const text of ['one', 'two', 'three']) await invoke(core.api, text);
    await core.close();
    const file = path.join(dataDir, 'settings.json');
    writeFileSync(file, JSON.stringify({ historyRetention: { kind: 'entries', count: 1 } }));
    core = await start();
    // The start does not wait for it (a large history takes a moment): the list shows it done.
    await vi.waitFor(async () => expect(await texts(core.api)).toEqual(['three']));
  });

  it('is refused, with the field named, when it is not a whole number in range', async () => {
    for (const retention of [
      { kind: 'entries', count: 0 },
      { kind: 'days', days: 1.5 },
      { kind: 'days', days: 40_000 },
      { kind: 'forever' },
      { kind: 'all', count: 3 },
    ]) {
      const refused = await dispatch(core.api, 'updateSettings', { historyRetention: retention });
      expect(refused.ok, JSON.stringify(retention)).toBe(false);
      expect(!refused.ok && refused.error.code).toBe('invalid_argument');
    }
    const refused = await core.api.updateSettings({ historyRetention: { kind: 'entries', count: -1 } });
    expect(!refused.ok && refused.error).toMatchObject({ field: 'historyRetention', message: expect.stringContaining('from 1 to') });
    expect((await core.api.getSettings()).historyRetention).toEqual({ kind: 'all' });
  });

  it('keeps everything when the saved setting cannot be read, and says so', async () => {
    const file = path.join(dataDir, 'odd-settings.json');
    writeFileSync(file, JSON.stringify({ historyRetention: { kind: 'entries', count: 'many' } }));
    const told: string[] = [];
    const settings = await settingsDocument(file, (message) => told.push(message)).read();
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(told.join(' ')).toMatch(/retention could not be read; everything is kept/);
  });
});

/** 10,001 ids: one more than a delete takes. */
const TOO_MANY = Object.assign(
  Array.from({ length: 10_001 }, (_, i) => i + 1),
  { toString: () => '10,001 ids' },
);

describe('pin, delete and clear through the contract', () => {
  it('deletes chosen entries, and clears all but the pinned, or all', async () => {
    for (const text of ['one', 'two', 'three', 'four']) await invoke(core.api, text);
    const page = await core.api.listHistory({});
    const [four, three, two] = page.ok ? page.value.entries.map((e) => e.id) : [];
    expect(await core.api.deleteHistoryEntries({ ids: [three!, two!] })).toEqual({ ok: true, value: { deleted: 2 } });
    await core.api.pinHistoryEntry({ id: four!, pinned: true });
    expect(await core.api.clearHistory({ keepPinned: true })).toEqual({ ok: true, value: { deleted: 1 } });
    expect(await texts(core.api)).toEqual(['four']);
    expect(await core.api.clearHistory({ keepPinned: false })).toEqual({ ok: true, value: { deleted: 1 } });
    expect(await core.api.countHistory()).toEqual({ ok: true, value: { total: 0, pinned: 0 } });
    const gone = await core.api.pinHistoryEntry({ id: four!, pinned: false });
    expect(!gone.ok && gone.error.message).toMatch(/no history entry/);
  });

  it.each([
    ['pinHistoryEntry', { id: 1 }, '"pinned" must be true or false'],
    ['pinHistoryEntry', { id: 0, pinned: true }, '"id" must be an entry id'],
    ['pinHistoryEntry', { id: 1, pinned: true, extra: 1 }, '"extra" is not a field'],
    ['deleteHistoryEntries', { ids: [] }, '"ids" must be a list of 1 to 10000'],
    ['deleteHistoryEntries', { ids: TOO_MANY }, '"ids" must be a list'],
    ['deleteHistoryEntries', { ids: [1, '2'] }, 'only entry ids'],
    ['clearHistory', {}, '"keepPinned" must be true or false'],
    ['clearHistory', undefined, 'must be an object'],
    ['countHistory', { all: true }, 'takes no argument'],
    ['listHistory', { pinned: 'yes' }, '"pinned" must be true or false'],
  ])('%s(%o) is refused: %s', async (method, argument, message) => {
    const before = await core.api.countHistory();
    const outcome = await dispatch(core.api, method, argument);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.message).toContain(message);
    expect(await core.api.countHistory()).toEqual(before);
  });
});
