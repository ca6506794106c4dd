import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { API_METHODS, type ApiMethod, type ProfileInput, type RunProgress } from '../../../electron/shared/api';
import { SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { aesTestCipher } from '../../support/testCipher';

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
          items: [{ section: '', text: 'Rule', depth: 0, mark: 'pass', comment: '' }],
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
      compareRuns: () => core.api.compareRuns({ before: runId, after: runId }),
      deleteRun: async () => {
        const other = await startAndFinish(profileId);
        return other.ok ? core.api.deleteRun({ runId: other.value.runId }) : other;
      },
      exportRun: async () =>
        Promise.all((['junit', 'json', 'csv', 'html'] as const).map((format) => core.api.exportRun({ runId, format }))),
      loadSuiteDraft: () => core.api.loadSuiteDraft(),
      saveSuiteDraft: () => core.api.saveSuiteDraft({ draft: { name: 'orders', cases: [] } }),
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
    expect(files.map((f) => f.name.replace(/-\d{4}-.*/, '')).sort()).toEqual([
      'agent-explorer-guideline-7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47',
      'catalog.json',
      'guideline-tabs.json', // which guidelines are open
      'history.sqlite', // every exchange and run, which must not hold the key either
      'history.sqlite-shm',
      'history.sqlite-wal',
      'keys.json',
      'profiles.json',
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
  });
});
