import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Core, startCore } from '../../../electron/core/bootstrap';
import { API_METHODS, type ApiMethod, type KeyPresentation, type ProfileInput, type RunProgress } from '../../../electron/shared/api';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { aesTestCipher } from '../../support/testCipher';
import { describePresentation } from '../../../electron/core/profiles/keyPresentation';
import { startSandbox } from '../../../electron/sandbox/server';
import { dispatch } from '../../../electron/core/validate';
import { startTestServer, type TestServer } from '../../support/testServer';
import { heldExportText } from '../../support/heldExports';
import { unpackDetail } from '../../../electron/core/db/packedDetail';

const GUIDELINE_ID = SANDBOX_GUIDELINES[0]!.id;
/** The Sandbox's Echo agent: its answer repeats the text, so a key typed there comes back (redacted). */
const ECHO_AGENT = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';

/** A key that must never appear in anything the renderer can receive, nor in any file. */
const SENTINEL = 'SENTINEL-KEY-7c1d9e2f4a6b8c0d';
const USER_SENTINEL = 'USER-SENTINEL-0f1e2d3c4b5a6978';

let core: Core;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-core-'));
  core = await startCore({
    host: 'electron',
    version: '0.0.0-test',
    dataDir,
    cipher: aesTestCipher(),
    sandboxKey: SENTINEL,
    sandboxLatency: 'none',
  });
});
afterAll(async () => {
  await core.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function profileInput(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: 'Staging',
    baseUrl: core.sandbox.url,
    auth: { kind: 'bearer' },
    timeoutMs: 30_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    ...overrides,
  };
}

describe('the core service against the embedded sandbox', () => {
  it('opens on the Sandbox profile, read-only, with a key kept in memory', async () => {
    const state = await core.api.listProfiles();
    expect(state.activeProfileId).toBe('sandbox');
    expect(state.profiles[0]).toMatchObject({
      id: 'sandbox',
      name: 'Sandbox',
      baseUrl: core.sandbox.url,
      kind: 'sandbox',
      editable: false,
      auth: { kind: 'bearer' },
      key: { set: true, storage: 'memory' },
      warnings: [],
    });
  });

  it('answers what the first screen waits for in one call: the same as the four calls it stands for', async () => {
    const startup = await core.api.getStartup();
    expect(startup).toEqual({
      profiles: await core.api.listProfiles(),
      workspace: await core.api.loadWorkspace(),
      known: { profileId: 'sandbox', agents: await core.api.listKnownAgents(), guidelines: await core.api.listKnownGuidelines() },
    });
    expect(startup.known.agents.length).toBeGreaterThan(0);
  });

  it('invokes a sample agent and reflects the payload in the answer', async () => {
    const [agent] = await core.api.listKnownAgents();
    const payload = agent?.example?.payload ?? {};
    const result = await core.api.invokeAgent({ agentId: agent?.id ?? '', text: 'hello', payload });
    expect(result.ok).toBe(true);
    const someValue = Object.values(payload).find((value) => typeof value === 'string') as string;
    expect(result.ok && result.value.response.answer).toContain(someValue);
    expect(result.ok && result.value.serverDuration.ms).not.toBeNull();
  });

  it('answers an unknown id with the server 404 as an error, not a success', async () => {
    const result = await core.api.getGuideline({ guidelineId: 'no-such-guideline' });
    expect(!result.ok && result.error.code).toBe('http_status');
    expect(!result.ok && result.error.exchange?.status).toBe(404);
  });

  it('refuses to change, delete or re-key the Sandbox', async () => {
    const update = await core.api.updateProfile({ profileId: 'sandbox', profile: profileInput({ name: 'Mine' }) });
    const remove = await core.api.deleteProfile({ profileId: 'sandbox' });
    const key = await core.api.setProfileKey({ profileId: 'sandbox', key: 'x' });
    for (const result of [update, remove, key]) expect(!result.ok && result.error.message).toMatch(/built in/);
    expect((await core.api.listProfiles()).profiles[0]?.name).toBe('Sandbox');
  });
});

describe('profiles', () => {
  it('creates a profile, makes it active, and points at field errors', async () => {
    const bad = await core.api.createProfile(profileInput({ baseUrl: 'http://platform.example.com' }));
    expect(!bad.ok && bad.error).toMatchObject({ code: 'invalid_argument', field: 'baseUrl' });
    const noName = await core.api.createProfile(profileInput({ name: '  ' }));
    expect(!noName.ok && noName.error.field).toBe('name');
    const badTimeout = await core.api.createProfile(profileInput({ timeoutMs: 0 }));
    expect(!badTimeout.ok && badTimeout.error.field).toBe('timeoutMs');
    const badCa = await core.api.createProfile(profileInput({ tls: { verify: true, caFile: '/no/such/ca.pem' } }));
    expect(!badCa.ok && badCa.error).toMatchObject({ field: 'caFile', message: expect.stringContaining('does not exist') });

    const created = await core.api.createProfile(profileInput({ name: '  Staging  ' }));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.state.activeProfileId).toBe(created.value.profileId);
    const summary = created.value.state.profiles.find((p) => p.id === created.value.profileId);
    expect(summary).toMatchObject({ name: 'Staging', kind: 'custom', editable: true, key: { set: false, storage: 'none' } });

    const duplicateName = await core.api.createProfile(profileInput({ name: 'staging' }));
    expect(!duplicateName.ok && duplicateName.error.field).toBe('name');
  });

  it('keeps the key write-only: trimmed, stored encrypted, reported by status alone', async () => {
    const id = (await core.api.listProfiles()).profiles.find((p) => p.name === 'Staging')!.id;
    const withNewline = await core.api.setProfileKey({ profileId: id, key: 'abc\ndef' });
    expect(!withNewline.ok && withNewline.error.field).toBe('key');

    const set = await core.api.setProfileKey({ profileId: id, key: `  ${USER_SENTINEL}\n` });
    expect(set).toEqual({ ok: true, value: { set: true, storage: 'keychain', note: null, origin: new URL(core.sandbox.url).origin } });
    // The profile points at the sandbox, which takes only its own key: the trimmed key was sent.
    const guideline = await core.api.getGuideline({ guidelineId: GUIDELINE_ID });
    expect(!guideline.ok && guideline.error.exchange?.status).toBe(401);
  });

  it('warns wherever a profile trusts less than it should', async () => {
    const created = await core.api.createProfile(
      profileInput({
        name: 'Insecure',
        baseUrl: 'http://platform.example.com',
        allowInsecureHttp: true,
        tls: { verify: false, caFile: null },
      }),
    );
    expect(created.ok && created.value.state.profiles.find((p) => p.name === 'Insecure')?.warnings.map((w) => w.code)).toEqual([
      'insecure_http',
    ]);
    const tls = await core.api.createProfile(
      profileInput({ name: 'Unverified', baseUrl: 'https://p.example', tls: { verify: false, caFile: null } }),
    );
    expect(tls.ok && tls.value.state.profiles.find((p) => p.name === 'Unverified')?.warnings.map((w) => w.code)).toEqual([
      'tls_unverified',
    ]);
  });

  it('duplicates without the key, and deletes with it', async () => {
    const source = (await core.api.listProfiles()).profiles.find((p) => p.name === 'Staging')!;
    const copy = await core.api.duplicateProfile({ profileId: source.id });
    expect(copy.ok).toBe(true);
    if (!copy.ok) return;
    const copied = copy.value.state.profiles.find((p) => p.id === copy.value.profileId);
    expect(copied).toMatchObject({ name: 'Staging (copy)', baseUrl: source.baseUrl, key: { set: false } });

    await core.api.selectProfile({ profileId: source.id });
    const deleted = await core.api.deleteProfile({ profileId: source.id });
    expect(deleted.ok && deleted.value.profiles.some((p) => p.id === source.id)).toBe(false);
    expect(deleted.ok && deleted.value.activeProfileId).toBe('sandbox');
    const keysFile = JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { keys: Record<string, string> };
    expect(keysFile.keys[source.id]).toBeUndefined();
  });
});

describe('Detect', () => {
  it('finds the presentation the server takes, keeps it, and shows every try', async () => {
    const created = await core.api.createProfile(profileInput({ name: 'Detect me', auth: { kind: 'query', param: 'api_key' } }));
    if (!created.ok) throw new Error(created.error.message);
    const profileId = created.value.profileId;
    const noKey = await core.api.detectKeyPresentation({ profileId, guidelineId: 'g' });
    expect(!noKey.ok && noKey.error.code).toBe('no_key');

    await core.api.setProfileKey({ profileId, key: SENTINEL });
    const report = await core.api.detectKeyPresentation({ profileId, guidelineId: GUIDELINE_ID });
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.value.attempts.map((a) => [a.label, a.status, a.outcome])).toEqual([
      ['?api_key=<key>', 401, 'rejected'],
      ['Authorization: Bearer <key>', 200, 'accepted'],
    ]);
    expect(report.value.chosen).toEqual({ kind: 'bearer' });
    expect(report.value.state.profiles.find((p) => p.id === profileId)?.auth).toEqual({ kind: 'bearer' });
  });
});

describe('the key never leaves the host', () => {
  it('is in no contract response and in no file the app wrote', async () => {
    const profileId = (await core.api.listProfiles()).profiles.find((p) => p.name === 'Detect me')!.id;
    let anotherId = 'not-created';
    let runId = 'none';
    const progress: RunProgress[] = [];
    const unsubscribe = core.runProgress.subscribe((event) => progress.push(event));
    /** Starts a run whose suite holds both keys, on this profile, and waits for its final event. */
    const startAndFinish = async (onProfile: string) => {
      const ended = new Promise<void>((resolve) => {
        const stop = core.runProgress.subscribe((event) => {
          if (event.runId === started && event.state !== 'running') {
            stop();
            resolve();
          }
        });
      });
      let started = '';
      const suite = {
        name: `keys ${SENTINEL}`,
        agents: [ECHO_AGENT],
        cases: [
          { name: `typed ${SENTINEL}`, text: `my key is ${SENTINEL}`, expect: { answerContains: 'my key is' } },
          { name: 'in the payload', payload: { key: SENTINEL }, text: 'payload' },
        ],
      };
      const result = await core.api.startRun({ profileId: onProfile, suite, suiteFile: 'keys.json', data: null, iterations: 2 });
      expect(result, 'a keyed run starts').toMatchObject({ ok: true, value: { total: 4 } });
      if (!result.ok) return result;
      started = result.value.runId;
      await ended;
      return result;
    };
    const calls: Record<ApiMethod, () => Promise<unknown>> = {
      getAppInfo: () => core.api.getAppInfo(),
      getStartup: () => core.api.getStartup(),
      listProfiles: () => core.api.listProfiles(),
      selectProfile: () => core.api.selectProfile({ profileId }),
      createProfile: async () => {
        const created = await core.api.createProfile(profileInput({ name: 'Another' }));
        if (created.ok) anotherId = created.value.profileId;
        return created;
      },
      updateProfile: () => core.api.updateProfile({ profileId, profile: profileInput({ name: 'Detect me' }) }),
      duplicateProfile: () => core.api.duplicateProfile({ profileId }),
      deleteProfile: () => core.api.deleteProfile({ profileId: 'no-such-profile' }),
      setProfileKey: () => core.api.setProfileKey({ profileId: anotherId, key: USER_SENTINEL }),
      clearProfileKey: () => core.api.clearProfileKey({ profileId: 'no-such-profile' }),
      setProfileSecret: () => core.api.setProfileSecret({ profileId: 'no-such-profile', name: 'proxyPassword', value: USER_SENTINEL }),
      clearProfileSecret: () => core.api.clearProfileSecret({ profileId: 'no-such-profile', name: 'proxyPassword' }),
      detectKeyPresentation: () => core.api.detectKeyPresentation({ profileId, guidelineId: GUIDELINE_ID }),
      listKnownAgents: () => core.api.listKnownAgents(),
      listKnownGuidelines: () => core.api.listKnownGuidelines(),
      invokeAgent: async () => {
        await core.api.selectProfile({ profileId });
        const result = await core.api.invokeAgent({
          agentId: 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25',
          text: 'hello',
          payload: {},
          tabId: 'tab-1',
        });
        expect(result.ok, 'a keyed invoke succeeds').toBe(true);
        return result;
      },
      getGuideline: async () => {
        const result = await core.api.getGuideline({ guidelineId: GUIDELINE_ID });
        expect(result.ok, 'a keyed read succeeds').toBe(true);
        return result;
      },
      cancelRequest: () => core.api.cancelRequest({ requestId: 'none' }),
      saveResponseToFile: () => core.api.saveResponseToFile({ kind: 'guideline', request: { guidelineId: GUIDELINE_ID } }),
      getSettings: () => core.api.getSettings(),
      updateSettings: () => core.api.updateSettings({ maxResponseBytes: 10 * 1024 * 1024 }),
      loadWorkspace: () => core.api.loadWorkspace(),
      saveWorkspace: () =>
        core.api.saveWorkspace({
          baseRevision: 0,
          writer: 'page',
          tabs: [{ id: 't1', title: '', agentId: 'a', text: 'draft', payloadText: '{}' }],
          closed: [],
          activeTabId: 't1',
        }),
      listCatalog: () => core.api.listCatalog(),
      saveCatalogAgent: () => core.api.saveCatalogAgent({ agentId: 'a', name: 'A', notes: '', tags: [], placeholders: ['x'] }),
      deleteCatalogAgent: () => core.api.deleteCatalogAgent({ agentId: 'a' }),
      listHistory: () => core.api.listHistory({}),
      getHistoryEntry: async () => {
        const newest = await core.api.listHistory({ limit: 1 });
        return newest.ok && newest.value.entries[0] ? core.api.getHistoryEntry({ id: newest.value.entries[0].id }) : newest;
      },
      searchHistory: () => core.api.searchHistory({ text: 'hello' }),
      lastResponses: () => core.api.lastResponses({ tabIds: ['tab-1'] }),
      buildHistoryReport: async () => {
        const newest = await core.api.listHistory({ limit: 1 });
        return newest.ok && newest.value.entries[0]
          ? core.api.buildHistoryReport({ ids: [newest.value.entries[0].id], note: '', format: 'html' })
          : newest;
      },
      exportWorkspaceFile: () => core.api.exportWorkspaceFile(),
      previewWorkspaceImport: async () => {
        const exported = await core.api.exportWorkspaceFile();
        return exported.ok ? core.api.previewWorkspaceImport({ content: exported.value.content }) : exported;
      },
      applyWorkspaceImport: async () => {
        const exported = await core.api.exportWorkspaceFile();
        return exported.ok ? core.api.applyWorkspaceImport({ content: exported.value.content, forAll: 'skip' }) : exported;
      },
      pinHistoryEntry: async () => {
        const newest = await core.api.listHistory({ limit: 1 });
        return newest.ok && newest.value.entries[0] ? core.api.pinHistoryEntry({ id: newest.value.entries[0].id, pinned: true }) : newest;
      },
      deleteHistoryEntries: () => core.api.deleteHistoryEntries({ ids: [999_999] }),
      clearHistory: () => core.api.clearHistory({ keepPinned: true }),
      countHistory: () => core.api.countHistory(),
      listGuidelineLibrary: () => core.api.listGuidelineLibrary({ profileId }),
      addToGuidelineLibrary: () => core.api.addToGuidelineLibrary({ profileId, text: `${GUIDELINE_ID}\n${SANDBOX_GUIDELINES[1]!.id}` }),
      removeFromGuidelineLibrary: () => core.api.removeFromGuidelineLibrary({ profileId, guidelineIds: [SANDBOX_GUIDELINES[1]!.id] }),
      pinLibraryGuideline: () => core.api.pinLibraryGuideline({ profileId, guidelineId: GUIDELINE_ID, pinned: true }),
      setLibraryGuidelineLabels: () =>
        core.api.setLibraryGuidelineLabels({ profileId, guidelineId: GUIDELINE_ID, title: 'Mine', tags: ['a'] }),
      searchGuidelineLibrary: () => core.api.searchGuidelineLibrary({ profileId, text: 'escalate' }),
      listGuidelineVersions: () => core.api.listGuidelineVersions({ profileId, guidelineId: GUIDELINE_ID }),
      getGuidelineVersion: async () => {
        const copy = await core.api.getGuidelineVersion({ profileId, guidelineId: GUIDELINE_ID });
        expect(copy.ok, 'the fetched guideline is kept').toBe(true);
        return copy;
      },
      markGuidelineRead: () => core.api.markGuidelineRead({ profileId, guidelineId: GUIDELINE_ID }),
      listEntryChecklists: () => core.api.listEntryChecklists({ entryId: 1 }),
      saveEntryChecklist: () =>
        core.api.saveEntryChecklist({
          entryId: 1,
          guidelineId: GUIDELINE_ID,
          guidelineName: 'G',
          versionHash: 'a'.repeat(64),
          fetchedAt: '2026-01-01T00:00:00.000Z',
          items: [{ section: '', text: 'Rule', depth: 0, mark: 'pass', comment: '', by: 'person' }],
        }),
      loadGuidelineTabs: () => core.api.loadGuidelineTabs(),
      saveGuidelineTabs: () => core.api.saveGuidelineTabs({ opened: [{ profileId, guidelineId: GUIDELINE_ID }], closed: [], active: null }),
      // A real run on the profile keyed with the sentinel, the key typed into its suite too;
      // then each run method on it, and its pushed progress.
      startRun: async () => {
        const started = await startAndFinish(profileId);
        runId = started.ok ? started.value.runId : 'none';
        return started;
      },
      cancelRun: () => core.api.cancelRun({ runId }),
      listRuns: () => core.api.listRuns({}),
      getRun: async () => {
        const run = await core.api.getRun({ runId });
        expect(run, 'the run ran and kept its results').toMatchObject({ ok: true, value: { state: 'passed', completed: 4 } });
        return run;
      },
      listRunResults: () => core.api.listRunResults({ runId, offset: 0, limit: 10 }),
      getRunResult: async () => Promise.all([0, 1, 2, 3].map((index) => core.api.getRunResult({ runId, index }))),
      getRunLatency: () => core.api.getRunLatency({ runId }),
      getRunMatrix: () => core.api.getRunMatrix({ runId }),
      getRunRules: () => core.api.getRunRules({ runId }),
      compareRuns: () => core.api.compareRuns({ before: runId, after: runId }),
      deleteRun: async () => {
        const other = await startAndFinish(profileId);
        return other.ok ? core.api.deleteRun({ runId: other.value.runId }) : other;
      },
      // The files' text too, as their save writes them from the tickets.
      exportRun: async () =>
        Promise.all(
          (['junit', 'json', 'csv', 'html'] as const).map(async (format) => {
            const file = await core.api.exportRun({ runId, format });
            return file.ok ? { ...file.value, content: await heldExportText(core.runExports, file.value.ticket) } : file;
          }),
        ),
      loadSuiteDraft: () => core.api.loadSuiteDraft(),
      saveSuiteDraft: () => core.api.saveSuiteDraft({ draft: { name: 'orders', cases: [] } }),
      beginRunData: () => core.api.beginRunData({ name: 'rows.csv' }),
      appendRunData: async () => {
        const begun = await core.api.beginRunData({ name: 'rows.csv' });
        return begun.ok ? core.api.appendRunData({ uploadId: begun.value.uploadId, text: 'n\n1\n' }) : begun;
      },
    };
    for (const method of API_METHODS) {
      const response = JSON.stringify(await calls[method]());
      expect(response, method).not.toContain(SENTINEL);
      expect(response, method).not.toContain(USER_SENTINEL);
    }
    expect(progress.length, 'run progress was pushed').toBeGreaterThan(0);
    expect(JSON.stringify(progress)).not.toContain(SENTINEL);
    expect(JSON.stringify(progress)).not.toContain(USER_SENTINEL);
    unsubscribe();
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const named = (name: string) => (/^[0-9a-f-]{36}\.data$/.test(name) ? 'run-data/(id).data' : name.replace(/-\d{4}-.*/, ''));
    expect(files.map((f) => named(f.name)).sort()).toEqual([
      'agent-explorer-guideline-7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47',
      'catalog.json',
      'guideline-tabs.json', // which guidelines are open
      'history.sqlite', // every exchange and run, which must not hold the key either
      'history.sqlite-shm',
      'history.sqlite-wal',
      'keys.json',
      'profiles.json',
      // Two data files sent for a run and not yet taken by one: the person's rows, as the page sent them.
      'run-data/(id).data',
      'run-data/(id).data',
      'sandbox.json', // the Sandbox's port only
      'settings.json',
      'suite-draft.json', // the Runs section's unsaved suite (as the page sent it)
      'workspace.json',
    ]);
    for (const file of files) {
      const text = readFileSync(path.join(file.parentPath, file.name), 'utf8');
      expect(text, file.name).not.toContain(SENTINEL);
      expect(text, file.name).not.toContain(USER_SENTINEL);
      expect(text, file.name).not.toContain(Buffer.from(USER_SENTINEL).toString('base64'));
    }
    // A run result's detail is kept packed (core/db/packedDetail.ts), which a look at the bytes cannot read: unpacked, it holds neither.
    const db = new DatabaseSync(path.join(dataDir, 'history.sqlite'), { readOnly: true });
    const details = (db.prepare('SELECT body FROM run_details').all() as Array<{ body: Uint8Array }>).map(({ body }) => unpackDetail(body));
    db.close();
    expect(details.length, 'run results were kept').toBeGreaterThan(0);
    for (const detail of details) {
      expect(detail).not.toContain(SENTINEL);
      expect(detail).not.toContain(USER_SENTINEL);
    }
  });
});

describe('the catalog review', () => {
  /** Learned keys are kept apart from placeholders, and the user's review can remove them. */

  const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
  let dataDir: string;
  let core: Core;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-catalog-review-'));
    core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none' });
  });
  afterEach(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('learned keys', () => {
    it('a typo in an answered request is learned as a learned key, never as a placeholder', async () => {
      const answered = await core.api.invokeAgent({
        agentId: drafter.id,
        text: 'hi',
        payload: { customer_name: 'Ada', cusomer_name: 'typo' },
      });
      expect(answered.ok).toBe(true);
      const [entry] = await core.api.listCatalog();
      expect(entry).toMatchObject({ agentId: drafter.id, placeholders: [], learnedKeys: ['customer_name', 'cusomer_name'] });
    });

    it('a save with the reviewed learned keys removes the others, and cannot add any', async () => {
      await core.api.invokeAgent({ agentId: drafter.id, text: 'hi', payload: { customer_name: 'Ada', cusomer_name: 'typo' } });
      const base = { agentId: drafter.id, name: '', notes: '', tags: [] };
      const saved = await core.api.saveCatalogAgent({
        ...base,
        placeholders: ['customer_name'],
        learnedKeys: ['customer_name', 'invented'],
      });
      expect(saved.ok && saved.value[0]).toMatchObject({ placeholders: ['customer_name'], learnedKeys: ['customer_name'] });
      // A save without learnedKeys (an older renderer) keeps them as they are.
      const untouched = await core.api.saveCatalogAgent({ ...base, name: 'Drafter', placeholders: ['customer_name'] });
      expect(untouched.ok && untouched.value[0]).toMatchObject({ name: 'Drafter', learnedKeys: ['customer_name'] });
      const bad = await core.api.saveCatalogAgent({ ...base, placeholders: [], learnedKeys: 'x' as unknown as string[] });
      expect(!bad.ok && bad.error.field).toBe('learnedKeys');
    });
  });
});

describe('Detect, against servers that each take one presentation', () => {
  const KEY = 'detect-key-4c3b2a1f0e';

  let core: Core;
  beforeAll(async () => {
    core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
  });
  afterAll(() => core.close());

  const FORMS: KeyPresentation[] = [
    { kind: 'bearer' },
    { kind: 'scheme', scheme: 'Token' },
    { kind: 'scheme', scheme: 'Api-Key' },
    { kind: 'header', header: 'X-API-Key' },
    { kind: 'header', header: 'Api-Key' },
    { kind: 'query', param: 'api_key' },
    { kind: 'query', param: 'apikey' },
  ];

  /** A profile for `baseUrl` whose key is set, presenting it as `auth`: its id. */
  async function keyedProfile(name: string, baseUrl: string, auth: KeyPresentation): Promise<string> {
    const created = await core.api.createProfile({
      name,
      baseUrl,
      auth,
      timeoutMs: 5000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: false,
    });
    if (!created.ok) throw new Error(created.error.message);
    await core.api.setProfileKey({ profileId: created.value.profileId, key: KEY });
    return created.value.profileId;
  }

  describe('Detect finds each presentation against a server that takes only it', () => {
    it.each(FORMS.map((form) => [describePresentation(form), form] as const))('%s', async (label, form) => {
      const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
      try {
        // Start from a form the server refuses (unless it is the one), so Detect has to look.
        const start: KeyPresentation = form.kind === 'query' ? { kind: 'bearer' } : { kind: 'query', param: 'key' };
        const profileId = await keyedProfile(`Takes ${label}`, platform.url, start);

        const report = await core.api.detectKeyPresentation({ profileId, guidelineId: SANDBOX_GUIDELINES[0]!.id });
        expect(report.ok).toBe(true);
        if (!report.ok) return;
        expect(report.value.chosen).toEqual(form);
        expect(report.value.attempts.at(-1)).toMatchObject({ label, status: 200, outcome: 'accepted' });
        expect(report.value.attempts.slice(0, -1).every((a) => a.outcome === 'rejected' && a.status === 401)).toBe(true);
        // Kept: the next request uses it.
        const read = await core.api.getGuideline({ guidelineId: SANDBOX_GUIDELINES[0]!.id });
        expect(read.ok).toBe(true);
      } finally {
        await platform.close();
      }
    });

    it('stops at the first try with no HTTP answer, and saves nothing', async () => {
      const created = await core.api.createProfile({
        name: 'Unreachable',
        baseUrl: 'http://127.0.0.1:9',
        auth: { kind: 'bearer' },
        timeoutMs: 5000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: false,
      });
      if (!created.ok) throw new Error(created.error.message);
      await core.api.setProfileKey({ profileId: created.value.profileId, key: KEY });
      const report = await core.api.detectKeyPresentation({ profileId: created.value.profileId, guidelineId: 'g' });
      expect(report.ok && report.value.attempts).toEqual([expect.objectContaining({ outcome: 'failed', status: null })]);
      expect(report.ok && report.value.chosen).toBeNull();
    });
  });

  describe('Detect without a guideline id', () => {
    it('probes the invoke endpoint on a made-up agent, saves the presentation answered 404, and records no history', async () => {
      const form: KeyPresentation = { kind: 'scheme', scheme: 'Api-Key' };
      const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
      try {
        const profileId = await keyedProfile('No guideline known', platform.url, { kind: 'bearer' });
        const historyOf = async () => {
          const page = await core.api.listHistory({ profileId });
          return page.ok ? page.value.entries.length : -1;
        };
        expect(await historyOf()).toBe(0);

        const report = await core.api.detectKeyPresentation({ profileId, guidelineId: '' });
        expect(report.ok).toBe(true);
        if (!report.ok) return;
        expect(report.value.chosen).toEqual(form);
        expect(report.value.attempts.map((a) => [a.status, a.outcome])).toEqual([
          [401, 'rejected'],
          [401, 'rejected'],
          [404, 'accepted'],
        ]);
        expect(report.value.state.profiles.find((p) => p.id === profileId)?.auth).toEqual(form);
        expect(await historyOf()).toBe(0);
      } finally {
        await platform.close();
      }
    });
  });

  describe('Detect on the Environment profile', () => {
    it('applies the found presentation for this launch and says which variable makes it permanent', async () => {
      const form: KeyPresentation = { kind: 'header', header: 'X-API-Key' };
      const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
      const envCore = await startCore({
        host: 'browser',
        version: '0.0.0-test',
        sandboxLatency: 'none',
        env: { AGENT_EXPLORER_BASE_URL: platform.url, AGENT_EXPLORER_API_KEY: KEY },
      });
      try {
        const guidelineId = SANDBOX_GUIDELINES[0]!.id;
        const before = await envCore.api.getGuideline({ guidelineId });
        expect(!before.ok && before.error.exchange?.status).toBe(401);

        const report = await envCore.api.detectKeyPresentation({ profileId: 'environment', guidelineId });
        expect(report.ok).toBe(true);
        if (!report.ok) return;
        expect(report.value.chosen).toEqual(form);
        expect(report.value.environmentSetting).toBe('AGENT_EXPLORER_AUTH=header:X-API-Key');
        expect(report.value.state.profiles.find((p) => p.id === 'environment')?.auth).toEqual(form);

        // Used from now on, while the profile itself stays read-only.
        const after = await envCore.api.getGuideline({ guidelineId });
        expect(after.ok).toBe(true);
        const listed = await envCore.api.listProfiles();
        expect(listed.profiles.find((p) => p.id === 'environment')).toMatchObject({ auth: form, editable: false });
      } finally {
        await envCore.close();
        await platform.close();
      }
    });
  });
});

describe('Detect while the profile is edited', () => {
  /**
   * Detect once saved the WHOLE profile as it was when Detect started, with the presentation it
   * found, so an edit saved while Detect waited on the server (a new base URL, which also clears
   * the key) was silently reverted. It now applies only the presentation, onto the profile as it
   * is, and only while the profile still points at the same server.
   */
  let core: Core | null = null;
  let dataDir: string | null = null;
  afterEach(async () => {
    await core?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('editing a profile while Detect runs on it', () => {
    it('keeps the edit; Detect only sets the key presentation', async () => {
      const held: ServerResponse[] = [];
      const server = createServer((_req: IncomingMessage, res: ServerResponse) => held.push(res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const slowUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      try {
        dataDir = mkdtempSync(path.join(tmpdir(), 'ae-detect-edit-'));
        core = await startCore({ host: 'browser', version: '0', dataDir, sandboxLatency: 'none' });
        const input = (baseUrl: string, name = 'Slow'): ProfileInput => ({
          name,
          baseUrl,
          auth: { kind: 'bearer' },
          timeoutMs: 5_000,
          tls: { verify: true, caFile: null },
          allowInsecureHttp: false,
        });
        const created = await core.api.createProfile(input(slowUrl));
        if (!created.ok) throw new Error(created.error.message);
        const id = created.value.profileId;
        await core.api.setProfileKey({ profileId: id, key: 'detect-edit-key-0123456789' });

        const detect = core.api.detectKeyPresentation({ profileId: id, guidelineId: 'g1' });
        while (held.length === 0) await new Promise((resolve) => server.once('request', resolve));
        const moved = await core.api.updateProfile({ profileId: id, profile: input(core.sandbox.url, 'Moved to the Sandbox') });
        expect(moved.ok).toBe(true);

        held.shift()!.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"g","description":"d","content":"c"}');
        const report = await detect;
        expect(report.ok).toBe(true);

        const profile = (await core.api.listProfiles()).profiles.find((p) => p.id === id)!;
        expect(profile.name).toBe('Moved to the Sandbox');
        expect(profile.baseUrl).toBe(core.sandbox.url);
      } finally {
        for (const res of held) res.destroy();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});

describe('the profile a request was composed for', () => {
  /**
   * The host's backstop: a request names the profile it was composed for, and
   * the host refuses it (`profile_changed`, nothing sent) when another profile is active at the
   * moment of sending, e.g. after another browser tab switched profiles.
   */
  let core: Core;
  let dataDir: string;
  let other: Server;
  let hits = 0;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-request-profile-'));
    core = await startCore({
      host: 'electron',
      version: '0.0.0-test',
      dataDir,
      cipher: aesTestCipher(),
      sandboxKey: 'sandbox-key-0123456789',
      sandboxLatency: 'none',
    });
    other = createServer((_request, response) => {
      hits += 1;
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end('{"detail":"who are you"}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a request composed for a profile that is no longer active', () => {
    it('is refused with profile_changed, and nothing reaches the active profile’s server', async () => {
      const created = await core.api.createProfile({
        name: 'Other',
        baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
        auth: { kind: 'bearer' },
        timeoutMs: 5_000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: true,
      });
      expect(created.ok).toBe(true);
      const otherId = created.ok ? created.value.profileId : '';
      expect((await core.api.listProfiles()).activeProfileId).toBe(otherId);
      await core.api.setProfileKey({ profileId: otherId, key: 'other-key-0123456789' });

      const request = { agentId: '11111111-1111-4111-8111-111111111111', text: 'hi', payload: {}, profileId: 'sandbox' };
      const invoked = await core.api.invokeAgent(request);
      const saved = await core.api.saveResponseToFile({ kind: 'invoke', request });
      const read = await core.api.getGuideline({ guidelineId: 'any', profileId: 'sandbox' });
      for (const result of [invoked, saved, read]) {
        expect(result).toEqual({ ok: false, error: expect.objectContaining({ code: 'profile_changed', exchange: null }) });
      }
      expect(hits).toBe(0);

      // Naming the active profile (or none) sends as before: the server is reached.
      const sent = await core.api.invokeAgent({ ...request, profileId: otherId });
      expect(!sent.ok && sent.error.code).toBe('http_status');
      expect(hits).toBe(1);
    });

    it('is checked at the boundary: profileId is optional, and a string when given', async () => {
      const request = { agentId: 'a', text: '', payload: {} };
      expect(await dispatch(core.api, 'invokeAgent', { ...request, profileId: 7 })).toMatchObject({
        ok: false,
        error: { code: 'invalid_argument' },
      });
      expect(await dispatch(core.api, 'getGuideline', { guidelineId: 'g', profileId: ['sandbox'] })).toMatchObject({
        ok: false,
        error: { code: 'invalid_argument' },
      });
      const refused = await dispatch(core.api, 'saveResponseToFile', {
        kind: 'guideline',
        request: { guidelineId: 'g', profileId: 'no-such-profile' },
      });
      expect(refused).toMatchObject({ ok: true, value: { ok: false, error: { code: 'profile_changed' } } });
    });
  });
});

describe('the profile a run gets', () => {
  /**
   * A run gets its platform as an invoke does (service.ts): only the active profile, and its key
   * only for the origin it was saved for; and the core pushes its progress through runProgress
   * and stops it at close.
   */

  const ECHO = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';
  let core: Core | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await core?.close();
    await server?.close();
    core = undefined;
    server = undefined;
  });

  async function coreWithProfile() {
    core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
    const created = await core.api.createProfile({
      name: 'Local',
      baseUrl: core.sandbox.url,
      auth: { kind: 'bearer' },
      timeoutMs: 30_000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: false,
    });
    if (!created.ok) throw new Error(created.error.message);
    return { core, profileId: created.value.profileId };
  }

  const SUITE = { cases: [{ agent: ECHO, text: 'hello' }] };

  describe('the profile a run uses', () => {
    it('must be the active one: another is refused with profile_changed, and nothing runs', async () => {
      const { core, profileId } = await coreWithProfile();
      await core.api.selectProfile({ profileId: 'sandbox' });
      const refused = await core.api.startRun({ profileId, suite: SUITE, suiteFile: 'a.json', data: null });
      expect(refused).toMatchObject({ ok: false, error: { code: 'profile_changed' } });
      expect(await core.api.listRuns({})).toEqual({ ok: true, value: [] });
    });

    it('never carries its key to another origin: after a move, the run has no key and sends nothing', async () => {
      const { core, profileId } = await coreWithProfile();
      await core.api.setProfileKey({ profileId, key: 'a-key-for-the-sandbox-only' });
      server = await startTestServer((_request, response) => response.end('{}'));
      const moved = await core.api.updateProfile({
        profileId,
        profile: {
          name: 'Local',
          baseUrl: server.url,
          auth: { kind: 'bearer' },
          timeoutMs: 30_000,
          tls: { verify: true, caFile: null },
          allowInsecureHttp: false,
        },
      });
      expect(moved.ok && moved.value.keyCleared).toBe(true);
      const started = await core.api.startRun({ profileId, suite: SUITE, suiteFile: 'a.json', data: null });
      // The move cleared the key: each request ends `no_key` in the host, and the new server sees nothing.
      expect(started.ok).toBe(true);
      const final = await new Promise<RunProgress>((resolve) =>
        core.runProgress.subscribe((event) => event.state !== 'running' && resolve(event)),
      );
      expect(final).toMatchObject({ state: 'failed', rows: [expect.objectContaining({ errorCode: 'no_key' })] });
      expect(server.requests).toEqual([]);
    });

    it('runs on the Sandbox through the core, pushing progress to runProgress, and is cancelled at close', async () => {
      core = await startCore({ host: 'browser', version: '0.0.0-test', sandboxLatency: 'none' });
      const events: RunProgress[] = [];
      core.runProgress.subscribe((event) => events.push(event));
      const done = await core.api.startRun({ profileId: 'sandbox', suite: SUITE, suiteFile: 'a.json', data: null, iterations: 3 });
      const runId = done.ok ? done.value.runId : '';
      await new Promise<void>((resolve) =>
        core!.runProgress.subscribe((event) => event.runId === runId && event.state !== 'running' && resolve()),
      );
      expect(events.at(-1)).toMatchObject({ runId, state: 'passed', completed: 3 });

      // A run going when the core closes is cancelled and writes its end first.
      const long = await core.api.startRun({
        profileId: 'sandbox',
        suite: SUITE,
        suiteFile: 'a.json',
        data: null,
        iterations: 10_000,
        concurrency: 1,
        ratePerSecond: 1,
      });
      expect(long.ok).toBe(true);
      await core.close();
      core = undefined;
      expect(events.at(-1)).toMatchObject({ runId: long.ok ? long.value.runId : '', state: 'cancelled' });
    });
  });
});
