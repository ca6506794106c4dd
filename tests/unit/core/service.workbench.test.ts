import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import { startTestServer, type TestServer } from '../../support/testServer';
import { createKeyedProfile } from '../../support/keyedProfile';

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

let dataDir: string;
let core: Core;
let slow: TestServer | null = null;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-workbench-'));
  core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
});
afterEach(async () => {
  await core.close();
  await slow?.close();
  slow = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function restart(): Promise<void> {
  await core.close();
  core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
}

describe('cancel', () => {
  it('aborts the request with that id, which then ends as cancelled', async () => {
    slow = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"answer": "');
    });
    await createKeyedProfile(core.api, { name: 'Slow', baseUrl: slow.url, key: 'k' });

    const pending = core.api.invokeAgent({ agentId: 'a', text: '', payload: {}, requestId: 'r1' });
    while (slow.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(await core.api.cancelRequest({ requestId: 'r1' })).toEqual({ ok: true, value: { cancelled: true } });
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('cancelled');
    expect(await core.api.cancelRequest({ requestId: 'r1' })).toEqual({ ok: true, value: { cancelled: false } });
  });
});

describe('settings', () => {
  it('applies the response size limit to the next request, and keeps it across restarts', async () => {
    expect(await core.api.getSettings()).toEqual({
      maxResponseBytes: 50 * 1024 * 1024,
      maxSavedFileBytes: 256 * 1024 * 1024,
      historyRetention: { kind: 'all' },
      maxRunRequests: 1_000_000,
    });
    const tooSmall = await core.api.updateSettings({ maxResponseBytes: 10 });
    expect(!tooSmall.ok && tooSmall.error.field).toBe('maxResponseBytes');

    expect(await core.api.updateSettings({ maxResponseBytes: 1024 })).toEqual({
      ok: true,
      value: { maxResponseBytes: 1024, maxSavedFileBytes: 256 * 1024 * 1024, historyRetention: { kind: 'all' }, maxRunRequests: 1_000_000 },
    });
    const guidelines = await core.api.listKnownGuidelines();
    const result = await core.api.getGuideline({ guidelineId: guidelines[0]!.id });
    expect(!result.ok && result.error.code).toBe('too_large');
    expect(!result.ok && result.error.message).toContain('1 KB');

    await restart();
    expect(await core.api.getSettings()).toEqual({
      maxResponseBytes: 1024,
      maxSavedFileBytes: 256 * 1024 * 1024,
      historyRetention: { kind: 'all' },
      maxRunRequests: 1_000_000,
    });
  });

  it('keeps a save-to-file limit from 1 MB to 1 TB, across restarts; settings saved before it existed get the default', async () => {
    const tooSmall = await core.api.updateSettings({ maxSavedFileBytes: 1000 });
    expect(!tooSmall.ok && tooSmall.error.field).toBe('maxSavedFileBytes');
    expect(await core.api.updateSettings({ maxSavedFileBytes: 2 * 1024 * 1024 })).toMatchObject({
      ok: true,
      value: { maxSavedFileBytes: 2 * 1024 * 1024 },
    });
    await restart();
    expect((await core.api.getSettings()).maxSavedFileBytes).toBe(2 * 1024 * 1024);

    await core.close();
    writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ maxResponseBytes: 4096 }));
    core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
    expect(await core.api.getSettings()).toEqual({
      maxResponseBytes: 4096,
      maxSavedFileBytes: 256 * 1024 * 1024,
      historyRetention: { kind: 'all' },
      maxRunRequests: 1_000_000,
    });
  });

  it('refuses a run larger than the largest run set, before sending anything, and keeps the setting across restarts', async () => {
    const refused = await core.api.updateSettings({ maxRunRequests: 0 });
    expect(!refused.ok && refused.error).toMatchObject({
      field: 'maxRunRequests',
      message: expect.stringContaining('from 1 to 1,000,000,000'),
    });
    expect(await core.api.updateSettings({ maxRunRequests: 2 })).toMatchObject({ ok: true, value: { maxRunRequests: 2 } });
    await restart();
    const profileId = (await core.api.listProfiles()).activeProfileId!;
    const suite = { cases: [{ agent: drafter.id, text: 'Hi' }] };
    const tooBig = await core.api.startRun({ profileId, suite, suiteFile: 'a.json', data: null, iterations: 3 });
    expect(!tooBig.ok && tooBig.error.message).toBe(
      'This run would send 3 requests (1 × 3 iterations); a run sends at most 2 (Settings, Largest run).',
    );
    expect((await core.api.listRuns({})).ok && (await core.api.listRuns({}))).toEqual({ ok: true, value: [] });
    expect(await core.api.startRun({ profileId, suite, suiteFile: 'a.json', data: null, iterations: 2 })).toMatchObject({
      ok: true,
      value: { total: 2 },
    });
  });
});

describe('the judge agent picked per profile', () => {
  it('is kept across restarts, and a malformed one is refused naming the setting', async () => {
    const judges = { sandbox: '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60' };
    expect(await core.api.updateSettings({ judgeAgents: judges })).toMatchObject({ ok: true, value: { judgeAgents: judges } });
    await restart();
    expect((await core.api.getSettings()).judgeAgents).toEqual(judges);
    for (const bad of [[], { sandbox: '' }, { sandbox: 7 }, { '': 'agent' }]) {
      const refused = await core.api.updateSettings({ judgeAgents: bad as unknown as Record<string, string> });
      expect(!refused.ok && refused.error.field).toBe('judgeAgents');
    }
  });
});

describe('request drafts', () => {
  it('are kept across restarts, owner-only; a malformed workspace is refused', async () => {
    const workspace = {
      tabs: [
        { id: 't1', title: 'Refund', agentId: drafter.id, text: 'Where is it?', payloadText: '{"customer_name": "Ada",' },
        { id: 't2', title: '', agentId: '', text: '', payloadText: '{}' },
      ],
      activeTabId: 't2',
      revision: 1,
    };
    const changes = { baseRevision: 0, writer: 'page', tabs: workspace.tabs, closed: [], activeTabId: 't2' };
    expect(await core.api.saveWorkspace(changes)).toEqual({ ok: true, value: workspace });
    await restart();
    expect(await core.api.loadWorkspace()).toEqual(workspace);
    expect(statSync(path.join(dataDir, 'workspace.json')).mode & 0o777).toBe(0o600);

    const bad = await core.api.saveWorkspace({ ...changes, tabs: [{ id: 1 }] } as never);
    expect(!bad.ok && bad.error.code).toBe('invalid_argument');
    expect(await core.api.loadWorkspace()).toEqual(workspace);
  });

  it('keep the profile each tab belongs to, and refuse one that is not a short string', async () => {
    const workspace = {
      tabs: [
        { id: 't1', title: '', agentId: drafter.id, text: 'a', payloadText: '{}', profileId: 'sandbox' },
        // Saved before tabs carried a profile: still loads, without one.
        { id: 't2', title: '', agentId: '', text: '', payloadText: '{}' },
      ],
      activeTabId: 't1',
      revision: 1,
    };
    const changes = { baseRevision: 0, writer: 'page', tabs: workspace.tabs, closed: [], activeTabId: 't1' };
    expect(await core.api.saveWorkspace(changes)).toEqual({ ok: true, value: workspace });
    await restart();
    expect(await core.api.loadWorkspace()).toEqual(workspace);
    const bad = await core.api.saveWorkspace({ ...changes, tabs: [{ ...workspace.tabs[0], profileId: 7 }] } as never);
    expect(!bad.ok && bad.error.code).toBe('invalid_argument');
  });
});

describe('agent catalog', () => {
  it('keeps what the user entered, per profile, and learns keys from answered requests', async () => {
    const saved = await core.api.saveCatalogAgent({
      agentId: `  ${drafter.id} `,
      name: 'Drafter',
      notes: 'Replies to customers',
      tags: ['support', 'support', ' '],
      placeholders: ['{customer_name}', 'company'],
    });
    expect(saved.ok && saved.value).toEqual([
      expect.objectContaining({
        agentId: drafter.id,
        name: 'Drafter',
        tags: ['support'],
        placeholders: ['customer_name', 'company'],
        learnedKeys: [],
      }),
    ]);
    const badPlaceholder = await core.api.saveCatalogAgent({ agentId: 'x', name: '', notes: '', tags: [], placeholders: ['two words'] });
    expect(!badPlaceholder.ok && badPlaceholder.error.field).toBe('placeholders');

    await core.api.invokeAgent({ agentId: drafter.id, text: 'hi', payload: { customer_name: 'Ada', topic: 'refunds' } });
    await core.api.invokeAgent({ agentId: 'no-such-agent', text: 'hi', payload: { ignored: 1 } });
    const catalog = await core.api.listCatalog();
    expect(catalog).toHaveLength(1);
    expect(catalog[0]?.learnedKeys).toEqual(['customer_name', 'topic']);

    await restart();
    expect((await core.api.listCatalog())[0]?.name).toBe('Drafter');
    const created = await core.api.createProfile({
      name: 'Other',
      baseUrl: 'https://other.example.test',
      auth: { kind: 'bearer' },
      timeoutMs: 5000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: false,
    });
    expect(created.ok).toBe(true);
    expect(await core.api.listCatalog()).toEqual([]);
    await core.api.selectProfile({ profileId: 'sandbox' });
    expect(await core.api.deleteCatalogAgent({ agentId: drafter.id })).toEqual({ ok: true, value: [] });
    expect(readFileSync(path.join(dataDir, 'catalog.json'), 'utf8')).not.toContain('Drafter');
  });
});

describe('learning is not a write per invoke', () => {
  it('leaves catalog.json untouched when an invoke teaches nothing new', async () => {
    const payload = { customer_name: 'Ada' };
    await core.api.invokeAgent({ agentId: drafter.id, text: 'hi', payload });
    const file = path.join(dataDir, 'catalog.json');
    const before = statSync(file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await core.api.invokeAgent({ agentId: drafter.id, text: 'again', payload });
    expect(statSync(file).mtimeMs).toBe(before);
    await core.api.invokeAgent({ agentId: drafter.id, text: 'new key', payload: { ...payload, topic: 't' } });
    expect(statSync(file).mtimeMs).toBeGreaterThan(before);
  });
});
