import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Core, startCore } from '../../../../electron/core/bootstrap';
import { SANDBOX_AGENTS } from '../../../../electron/sandbox/catalog';
import { aesTestCipher } from '../../../support/testCipher';
import { profileFields, workspaceFileHarness } from '../../../support/workspaceFiles';

/** A key that must never reach a workspace file. */
const SENTINEL = 'SENTINEL-KEY-3f9a1c7e5d2b4a60';

const started: { core: Core; dir: string }[] = [];
afterEach(async () => {
  for (const { core, dir } of started.splice(0)) {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A core on a fresh, empty data folder (as a new machine, or a teammate's). */
async function freshCore(): Promise<Core> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-wsfile-'));
  const core = await startCore({ host: 'electron', version: '0.0.0-test', dataDir: dir, cipher: aesTestCipher(), sandboxLatency: 'none' });
  started.push({ core, dir });
  return core;
}

async function exported(core: Core): Promise<string> {
  const result = await core.api.exportWorkspaceFile();
  if (!result.ok) throw new Error(result.error.message);
  return result.value.content;
}

/** A workspace with two profiles made out of name order, catalog entries and tabs out of id order. */
async function fillWorkspace(core: Core): Promise<void> {
  const zeta = await core.api.createProfile(
    profileFields({
      name: 'Zeta',
      baseUrl: 'https://zeta.example.com',
      auth: { kind: 'header', header: 'X-API-Key' },
      tls: { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: '/certs/zeta.p12' } },
      proxy: { mode: 'manual', url: 'http://proxy.corp.example:3128', username: 'analyst', bypass: ['localhost', '.corp.example'] },
    }),
  );
  const alpha = await core.api.createProfile(profileFields({ name: 'alpha', baseUrl: 'https://alpha.example.com', timeoutMs: 30_000 }));
  if (!zeta.ok || !alpha.ok) throw new Error('profiles not made');
  await core.api.setProfileKey({ profileId: alpha.value.profileId, key: SENTINEL });
  await core.api.saveCatalogAgent({ agentId: 'b-agent', name: 'Second', notes: 'Two', tags: ['x'], placeholders: ['who'] });
  await core.api.saveCatalogAgent({ agentId: 'a-agent', name: 'First', notes: '', tags: [], placeholders: [] });
  await core.api.selectProfile({ profileId: 'sandbox' });
  await core.api.saveCatalogAgent({ agentId: 'sandbox-agent', name: 'In the sandbox', notes: 'n', tags: [], placeholders: [] });
  await core.api.saveWorkspace({
    baseRevision: 0,
    writer: 'page',
    tabs: [
      {
        id: 'tab-b',
        title: 'Refund check',
        agentId: 'b-agent',
        text: 'Is it late?',
        payloadText: '{ "who": "Ada" }',
        profileId: alpha.value.profileId,
      },
      { id: 'tab-a', title: '', agentId: 'sandbox-agent', text: 'hi', payloadText: '{}', profileId: 'sandbox' },
      { id: 'tab-blank', title: '', agentId: '', text: '', payloadText: '{}', profileId: 'sandbox' },
    ],
    closed: [],
    activeTabId: 'tab-b',
  });
}

describe('exporting the workspace', () => {
  it('writes the same bytes twice, sorted by name and id, two-space indented, with a final newline and no times', async () => {
    const core = await freshCore();
    await fillWorkspace(core);
    const first = await exported(core);
    // Learning a key bumps the entry's updatedAt: bookkeeping of this machine, not in the file.
    await core.api.saveCatalogAgent({ agentId: 'sandbox-agent', name: 'In the sandbox', notes: 'n', tags: [], placeholders: [] });
    expect(await exported(core)).toBe(first);
    expect(first.endsWith('}\n')).toBe(true);
    expect(first).not.toMatch(/updatedAt|\d{4}-\d\d-\d\dT/);
    const document = JSON.parse(first);
    expect(Object.keys(document)).toEqual(['format', 'version', 'profiles', 'catalog', 'tabs']);
    expect(document.format).toBe('agent-explorer-workspace');
    expect(document.version).toBe(2);
    expect(document.profiles.map((p: { name: string }) => p.name)).toEqual(['alpha', 'Zeta']);
    expect(Object.keys(document.profiles[0])).toEqual(['name', 'baseUrl', 'auth', 'timeoutMs', 'tls', 'allowInsecureHttp', 'proxy']);
    expect(document.catalog.map((g: { profile: string }) => g.profile)).toEqual(['alpha', 'Sandbox']);
    expect(document.catalog[0].agents.map((a: { agentId: string }) => a.agentId)).toEqual(['a-agent', 'b-agent']);
    expect(document.tabs.map((t: { id: string; profile: string }) => [t.id, t.profile])).toEqual([
      ['tab-a', 'Sandbox'],
      ['tab-b', 'alpha'],
    ]);
    expect(first).toContain('\n  "profiles": [\n    {\n      "name": "alpha",');
  });

  it('never writes a key: not a profile key, not one pasted into a tab', async () => {
    const core = await freshCore();
    await fillWorkspace(core);
    const alphaId = (await core.api.listProfiles()).profiles.find((p) => p.name === 'alpha')!.id;
    await core.api.saveWorkspace({
      baseRevision: 0,
      writer: 'other-page',
      tabs: [
        {
          id: 'tab-pasted',
          title: '',
          agentId: 'a',
          text: `my key is ${SENTINEL}`,
          payloadText: `{ "k": "${SENTINEL}" }`,
          profileId: alphaId,
        },
      ],
      closed: [],
      activeTabId: null,
    });
    const result = await core.api.exportWorkspaceFile();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.content).not.toContain(SENTINEL);
    expect(result.value.content).toContain('my key is [redacted key]');
    expect(result.value.summary).toContain('was replaced by [redacted key]');
    expect(result.value.content).not.toMatch(/"(key|apiKey|secret|id)": "[0-9a-f-]{36}"/);
    // The built-in profiles are made on every machine: not written as profiles.
    expect(JSON.parse(result.value.content).profiles.map((p: { name: string }) => p.name)).not.toContain('Sandbox');
  });

  it('round trip: a fresh data folder that imports the file exports the same bytes, with no key', async () => {
    const source = await freshCore();
    await fillWorkspace(source);
    const file = await exported(source);

    const target = await freshCore();
    const preview = await target.api.previewWorkspaceImport({ content: file });
    expect(preview.ok && preview.value.items.map((item) => item.action)).toEqual(['take', 'take', 'take', 'take', 'take', 'take', 'take']);
    const report = await target.api.applyWorkspaceImport({ content: file });
    expect(report.ok && report.value.complete).toBe(true);
    expect(report.ok && report.value.items.every((item) => item.outcome === 'taken')).toBe(true);

    expect(await exported(target)).toBe(file);
    const profiles = (await target.api.listProfiles()).profiles;
    expect(profiles.map((p) => [p.name, p.key.set])).toEqual([
      ['Sandbox', true],
      ['alpha', false],
      ['Zeta', false],
    ]);
    // A second import of the same file finds everything here already.
    const again = await target.api.previewWorkspaceImport({ content: file });
    expect(again.ok && again.value.items.map((item) => [item.action, item.detail])).toEqual(
      Array.from({ length: 7 }, (_, i) => ['skip', i < 2 ? 'Already here, with the same settings.' : expect.stringMatching(/^Already /)]),
    );
  });
});

describe("a profile's proxy and client certificate", () => {
  const PROXY_PASSWORD = 'SENTINEL-PROXY-PASSWORD-8d2f0b6a';
  const PASSPHRASE = 'SENTINEL-PASSPHRASE-4e7c91d3';

  it('are written in a fixed key order, the bypass list as given, and never the proxy password or the passphrase', async () => {
    const core = await freshCore();
    const corp = await core.api.createProfile(
      profileFields({
        name: 'Corp',
        baseUrl: 'https://api.corp.example',
        tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: '/certs/analyst.pem', keyFile: '/certs/analyst.key' } },
        proxy: {
          mode: 'manual',
          url: 'http://proxy.corp.example:3128',
          username: 'analyst',
          bypass: ['localhost', '.corp.example', '10.0.0.0/8'],
        },
      }),
    );
    await core.api.createProfile(profileFields({ name: 'Direct', baseUrl: 'https://direct.example.com', proxy: { mode: 'none' } }));
    await core.api.createProfile(profileFields({ name: 'Plain', baseUrl: 'https://plain.example.com' }));
    if (!corp.ok) throw new Error(corp.error.message);
    for (const [name, value] of [
      ['proxyPassword', PROXY_PASSWORD],
      ['certPassphrase', PASSPHRASE],
    ] as const) {
      const set = await core.api.setProfileSecret({ profileId: corp.value.profileId, name, value });
      expect(set.ok).toBe(true);
    }
    const text = await exported(core);
    expect(text).not.toContain(PROXY_PASSWORD);
    expect(text).not.toContain(PASSPHRASE);
    const common = { auth: { kind: 'bearer' }, timeoutMs: 60_000 };
    // Compared as text: the order of the keys is part of what is checked.
    expect(JSON.stringify(JSON.parse(text).profiles)).toBe(
      JSON.stringify([
        {
          name: 'Corp',
          baseUrl: 'https://api.corp.example',
          ...common,
          tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: '/certs/analyst.pem', keyFile: '/certs/analyst.key' } },
          allowInsecureHttp: false,
          proxy: {
            mode: 'manual',
            url: 'http://proxy.corp.example:3128',
            username: 'analyst',
            bypass: ['localhost', '.corp.example', '10.0.0.0/8'],
          },
        },
        {
          name: 'Direct',
          baseUrl: 'https://direct.example.com',
          ...common,
          tls: { verify: true, caFile: null, clientCert: null },
          allowInsecureHttp: false,
          proxy: { mode: 'none' },
        },
        {
          name: 'Plain',
          baseUrl: 'https://plain.example.com',
          ...common,
          tls: { verify: true, caFile: null, clientCert: null },
          allowInsecureHttp: false,
          proxy: { mode: 'system' },
        },
      ]),
    );
  });
});

describe('learned keys in the exported file', () => {
  it('keeps a Sandbox agent’s own placeholders (confirmed) and leaves out a typo the Sandbox answered', async () => {
    const core = await freshCore();
    const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
    const answered = await core.api.invokeAgent({
      agentId: drafter.id,
      text: 'hi',
      payload: { customer_name: 'Ada', customer_nme: 'Ada' },
    });
    expect(answered.ok).toBe(true);
    const file = JSON.parse(await exported(core)) as { catalog: { profile: string; agents: { learnedKeys: string[] }[] }[] };
    expect(file.catalog).toEqual([
      { profile: 'Sandbox', agents: [expect.objectContaining({ agentId: drafter.id, learnedKeys: ['customer_name'] })] },
    ]);
  });
});

describe('exporting from in-memory stores', () => {
  it('leaves out empty tabs and catalogs of profiles that no longer exist, and says so', async () => {
    const { methods, catalog, workspace } = workspaceFileHarness();
    await catalog.update(() => ({
      gone: [
        { agentId: 'x', name: '', notes: '', tags: [], placeholders: [], learnedKeys: ['b', 'a'], updatedAt: '2026-01-01T00:00:00.000Z' },
      ],
    }));
    await workspace.update(() => ({
      tabs: [{ id: 't', title: '', agentId: '', text: '', payloadText: '{}' }],
      activeTabId: 't',
      revision: 1,
    }));
    const result = await methods.exportWorkspaceFile();
    expect(result.ok && JSON.parse(result.value.content)).toMatchObject({ catalog: [], tabs: [] });
    expect(result.ok && result.value.summary).toContain(
      'Left out: 1 catalog entry of a profile that no longer exists. 1 empty request tab.',
    );
  });

  it('leaves out learned keys until they are confirmed, and says how many', async () => {
    const { methods, catalog, addProfile } = workspaceFileHarness();
    const staging = await addProfile('p1', { name: 'Staging' });
    const entry = { agentId: 'a1', name: 'Drafter', notes: '', tags: [], updatedAt: '2026-01-01T00:00:00.000Z' };
    await catalog.update(() => ({
      // "customer_name" was confirmed (it is a placeholder); "customer_nme" and "topic" were only learned from answers.
      [staging.id]: [{ ...entry, placeholders: ['customer_name'], learnedKeys: ['customer_nme', 'customer_name', 'topic'] }],
    }));
    const result = await methods.exportWorkspaceFile();
    if (!result.ok) throw new Error(result.error.message);
    const file = JSON.parse(result.value.content) as { catalog: { agents: { learnedKeys: string[]; placeholders: string[] }[] }[] };
    expect(file.catalog[0]!.agents).toEqual([
      { agentId: 'a1', name: 'Drafter', notes: '', tags: [], placeholders: ['customer_name'], learnedKeys: ['customer_name'] },
    ]);
    expect(result.value.content).not.toContain('customer_nme');
    expect(result.value.summary).toContain(
      'Left out: 2 learned keys not confirmed yet (confirm a key in the catalog, and it is exported).',
    );
    // The catalog on this machine keeps them, for the person to confirm or remove.
    expect((await catalog.read())[staging.id]![0]!.learnedKeys).toEqual(['customer_nme', 'customer_name', 'topic']);
  });
});
