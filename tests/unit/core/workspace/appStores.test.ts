import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogDocument, settingsDocument, workspaceDocument } from '../../../../electron/core/workspace/appStores';
import { type Core, startCore } from '../../../../electron/core/bootstrap';
import { createFileProfileStore, sandboxProfile } from '../../../../electron/core/profiles/profiles';
import { SANDBOX_AGENTS } from '../../../../electron/sandbox/catalog';

/**
 * Every saved document is read entry by entry: a bad entry is dropped or
 * repaired with a message, the others are kept, the original file is kept aside, and nothing
 * that was saved can blank the app or turn an answered invoke into an error.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

let dir: string;
let problems: string[];
const onProblem = (message: string) => problems.push(message);
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-docs-'));
  problems = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const asideFiles = () => readdirSync(dir).filter((name) => name.includes('.unreadable-'));
const goodEntry = {
  agentId: 'agent-1',
  name: 'One',
  notes: '',
  tags: [],
  placeholders: ['city'],
  learnedKeys: ['date'],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('catalog.json', () => {
  it.each([
    ['a profile whose catalog is not a list', { sandbox: 'x' }, {}],
    ['a null entry', { sandbox: [null] }, { sandbox: [] }],
    [
      'entries of the wrong shape among good ones',
      { sandbox: [goodEntry, 7, { agentId: 3 }, { ...goodEntry, agentId: 'b', learnedKeys: 'x' }], other: [goodEntry] },
      { sandbox: [goodEntry], other: [goodEntry] },
    ],
    [
      'a placeholder with spaces, a duplicate agent id',
      { sandbox: [goodEntry, { ...goodEntry, placeholders: ['two words'] }, { ...goodEntry, name: 'Second' }] },
      { sandbox: [goodEntry] },
    ],
  ])('drops %s, says so, keeps the original aside and the good entries', async (_label, saved, expected) => {
    const file = path.join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify(saved));
    expect(await catalogDocument(file, onProblem).read()).toEqual(expected);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /catalog.json had entries that could not be used as the agent catalog: .*dropped.* The original was kept as .*unreadable/,
    );
    expect(asideFiles()).toHaveLength(1);
    // The cleaned catalog is what is on disk now, so the next start reads it without a word.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(expected);
    problems = [];
    expect(await catalogDocument(file, onProblem).read()).toEqual(expected);
    expect(problems).toEqual([]);
  });

  it('a catalog that is not an object at all is moved aside whole', async () => {
    const file = path.join(dir, 'catalog.json');
    writeFileSync(file, '[1, 2]');
    expect(await catalogDocument(file, onProblem).read()).toEqual({});
    expect(problems[0]).toMatch(/could not be read as the agent catalog/);
  });
});

describe('an invoke with a corrupt catalog', () => {
  let core: Core | null = null;
  afterEach(async () => {
    await core?.close();
    core = null;
  });

  it.each([['{"sandbox":"x"}'], ['{"sandbox":[null]}'], ['{"sandbox":[{"agentId":"a","learnedKeys":null}], "x": 1}']])(
    "with %s still returns the agent's answer, and the catalog learns",
    async (text) => {
      writeFileSync(path.join(dir, 'catalog.json'), text);
      core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: dir, sandboxLatency: 'none', onProblem });
      expect(await core.api.listCatalog()).toEqual([]);
      const result = await core.api.invokeAgent({ agentId: drafter.id, text: 'hello', payload: { customer_name: 'Ada' } });
      expect(result.ok && result.value.response.answer.length).toBeGreaterThan(0);
      expect((await core.api.listCatalog())[0]?.learnedKeys).toEqual(['customer_name']);
      expect(problems.join('\n')).toMatch(/catalog/);
    },
  );

  it('still returns the answer when the catalog cannot be written at all', async () => {
    core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: dir, sandboxLatency: 'none', onProblem });
    // The catalog is read first (no file yet: empty); only then does catalog.json become a
    // folder, so the learning write fails after the agent has answered. (Made a folder before
    // the first read, it would be moved aside as unreadable, and the write would succeed.)
    await core.api.listCatalog();
    mkdirSync(path.join(dir, 'catalog.json'));
    const result = await core.api.invokeAgent({ agentId: drafter.id, text: 'hello', payload: { customer_name: 'Ada' } });
    expect(result.ok).toBe(true);
    expect(problems.join('\n')).toMatch(/could not learn the keys of an answered request/);
  });
});

describe('profiles.json is re-checked as if typed in again', () => {
  const good = {
    id: 'good',
    kind: 'custom',
    name: 'Good',
    baseUrl: 'https://good.example.com',
    auth: { kind: 'bearer' },
    timeoutMs: 30_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
  };

  it('repairs a header name with CR/LF, a time-out of 0, a clashing name; keeps and tells a CA file that is not a file; drops what cannot be repaired', async () => {
    const file = path.join(dir, 'profiles.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        activeProfileId: 'good',
        profiles: [
          good,
          { ...good, id: 'crlf', name: 'Header', auth: { kind: 'header', header: 'X-Key\r\nInjected: 1' } },
          { ...good, id: 'zero', name: 'Zero', timeoutMs: 0 },
          { ...good, id: 'ca', name: 'Ca', tls: { verify: true, caFile: dir } },
          { ...good, id: 'twin', name: 'good' },
          { ...good, id: 'ftp', name: 'Ftp', baseUrl: 'ftp://files.example.com' },
          { ...good, id: 'plain', name: 'Plain', baseUrl: 'http://far.example.com' },
          { ...good, id: 'good', name: 'Same id' },
          { name: 'no id' },
          null,
        ],
      }),
    );
    const store = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:1')], undefined, onProblem);
    const profiles = await store.list();
    expect(profiles.map((p) => p.id)).toEqual(['sandbox', 'good', 'crlf', 'zero', 'ca', 'twin']);
    const byId = Object.fromEntries(profiles.map((p) => [p.id, p]));
    expect(byId['crlf']!.auth).toEqual({ kind: 'bearer' });
    expect(byId['zero']!.timeoutMs).toBe(60_000);
    // Kept and told: requests on it say what is wrong until it is fixed; dropping it would lose the setting.
    expect(byId['ca']!.tls.caFile).toBe(dir);
    expect(byId['twin']!.name).toBe('good (2)');
    expect(await store.activeId()).toBe('good');
    const said = problems.join('\n');
    expect(said).toMatch(/"Header" was repaired: The header name/);
    expect(said).toMatch(/"Zero" was repaired: The time-out/);
    expect(said).toMatch(
      /"Ca" keeps its CA file, but it cannot be used now: .* is not a file\. Requests on this profile fail until it can\./,
    );
    expect(said).toMatch(/"Ftp" was dropped/);
    expect(said).toMatch(/"Plain" was dropped: Plain http: is allowed only for localhost/);
    expect(said).toMatch(/second saved profile with the id "good"/);
    expect(said).toMatch(/The original was kept as .*unreadable/);
    expect(asideFiles()).toHaveLength(1);
  });

  it('keeps a CA file that is missing at this start (a drive not mounted yet), on disk too', async () => {
    const caFile = path.join(dir, 'mnt', 'corp-ca.pem');
    const file = path.join(dir, 'profiles.json');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        activeProfileId: 'corp',
        profiles: [{ ...good, id: 'corp', name: 'Corp', tls: { verify: true, caFile } }],
      }),
    );
    const store = createFileProfileStore(file, [sandboxProfile('http://127.0.0.1:1')], undefined, onProblem);
    expect((await store.list()).find((p) => p.id === 'corp')?.tls.caFile).toBe(caFile);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles[0].tls.caFile).toBe(caFile);
    expect(problems.join('\n')).toMatch(/"Corp" keeps its CA file, but it cannot be used now: .* does not exist\./);
  });
});

describe('settings.json and workspace.json', () => {
  it('a bad setting falls back to its default with a message', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ maxResponseBytes: -5, maxSavedFileBytes: 2 * 1024 * 1024 }));
    // The bad limit falls back to its default; the good one is kept.
    expect(await settingsDocument(file, onProblem).read()).toEqual({
      maxResponseBytes: 50 * 1024 * 1024,
      maxSavedFileBytes: 2 * 1024 * 1024,
      historyRetention: { kind: 'all' },
      maxRunRequests: 1_000_000,
    });
    expect(problems[0]).toMatch(/response size limit/);
    expect(asideFiles()).toHaveLength(1);
  });

  it('keeps a largest run that was set, and gives the default for one that is not a whole number in range', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ maxRunRequests: 25_000 }));
    expect((await settingsDocument(file, onProblem).read()).maxRunRequests).toBe(25_000);
    for (const bad of [0, 2.5, 2_000_000_000, '5000']) {
      writeFileSync(file, JSON.stringify({ maxRunRequests: bad }));
      expect((await settingsDocument(file, onProblem).read()).maxRunRequests).toBe(1_000_000);
      expect(problems.at(-1)).toContain('The largest run was not a whole number from 1 to 1,000,000,000 requests; the default is used.');
    }
  });

  it('keeps the judge agents picked per profile, and picks none when they cannot be read', async () => {
    const file = path.join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ judgeAgents: { sandbox: 'judge-id' } }));
    expect((await settingsDocument(file, onProblem).read()).judgeAgents).toEqual({ sandbox: 'judge-id' });
    writeFileSync(file, JSON.stringify({ judgeAgents: { sandbox: 3 } }));
    expect((await settingsDocument(file, onProblem).read()).judgeAgents).toBeUndefined();
    expect(problems.at(-1)).toContain('The judge agents picked per profile could not be read; none is picked.');
  });

  it('a bad tab is dropped, the others are kept', async () => {
    const file = path.join(dir, 'workspace.json');
    const tab = { id: 't1', title: '', agentId: 'a', text: 'hi', payloadText: '{}' };
    writeFileSync(file, JSON.stringify({ tabs: [tab, { id: 't2' }, null], activeTabId: 't2' }));
    expect(await workspaceDocument(file, onProblem).read()).toEqual({ tabs: [tab], activeTabId: 't1', revision: 0 });
    expect(problems[0]).toMatch(/2 request tab\(s\) could not be used/);
  });
});
