import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Core, startCore } from '../../../../electron/core/bootstrap';
import { dispatch } from '../../../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../../../electron/sandbox/catalog';
import { createKeyedProfile } from '../../../support/keyedProfile';
import { startTestServer, type TestServer } from '../../../support/testServer';
import { REDACTED } from '../../../../electron/core/http/redact';
import { reportEntry } from '../../../../electron/shared/reports/reportEntry';
import { entryMarkdown } from '../../../../electron/shared/reports/reportMarkdown';
import { type Api, MAX_REPORT_ENTRIES, MAX_REPORT_NOTE_CHARS } from '../../../../electron/shared/api';
import { DEFAULT_SETTINGS, settingsDocument } from '../../../../electron/core/workspace/appStores';

/** Every exchange the core answers is kept in the history, and read back through the contract. */

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

let dataDir: string;
let core: Core;
let problems: string[];
let slow: TestServer | null = null;
const start = () =>
  startCore({ host: 'browser', version: '0.0.0-test', dataDir, sandboxLatency: 'none', onProblem: (message) => problems.push(message) });
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ae-recording-'));
  problems = [];
  core = await start();
});
afterEach(async () => {
  await core.close();
  await slow?.close();
  slow = null;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('recording exchanges', () => {
  it('keeps an invoke, a guideline fetch, a failure and a cancel, exactly as answered, across a restart', async () => {
    const answered = await core.api.invokeAgent({ agentId: echo.id, text: 'Hello, history!', payload: { customer_name: 'Ada' } });
    expect(answered.ok).toBe(true);
    const guidelineId = (await core.api.listKnownGuidelines())[0]!.id;
    const guideline = await core.api.getGuideline({ guidelineId });
    const failed = await core.api.invokeAgent({ agentId: '00000000-0000-4000-8000-000000000000', text: 'nobody home', payload: {} });
    expect(!failed.ok && failed.error.code).toBe('http_status');

    slow = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"answer": "');
    });
    const slowProfile = await createKeyedProfile(core.api, { name: 'Slow', baseUrl: slow.url, key: 'k', allowInsecureHttp: true });
    const pending = core.api.invokeAgent({ agentId: 'a', text: 'too slow', payload: {}, requestId: 'r1' });
    while (slow.requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await core.api.cancelRequest({ requestId: 'r1' });
    expect((await pending).ok).toBe(false);

    await core.close();
    core = await start();
    const page = await core.api.listHistory({});
    expect(page.ok && page.value.entries.map((e) => [e.kind, e.targetId, e.status, e.errorCode])).toEqual([
      ['cancelled', 'a', null, 'cancelled'], // no status, as the Response view showed it
      ['failed', '00000000-0000-4000-8000-000000000000', 404, 'http_status'],
      ['guideline', guidelineId, 200, null],
      ['invoke', echo.id, 200, null],
    ]);
    const rows = page.ok ? page.value.entries : [];
    expect(rows[0]!.profile).toEqual({ id: slowProfile, name: 'Slow', baseUrl: slow.url });
    expect(rows[3]!.profile).toMatchObject({ id: 'sandbox', name: 'Sandbox' });

    const invokeEntry = await core.api.getHistoryEntry({ id: rows[3]!.id });
    expect(invokeEntry).toMatchObject({
      ok: true,
      value: { what: 'invoke', request: { agentId: echo.id, text: 'Hello, history!', payload: { customer_name: 'Ada' } } },
    });
    expect(invokeEntry.ok && invokeEntry.value.result).toEqual(answered);
    const guidelineEntry = await core.api.getHistoryEntry({ id: rows[2]!.id });
    expect(guidelineEntry.ok && guidelineEntry.value.result).toEqual(guideline);
    const failedEntry = await core.api.getHistoryEntry({ id: rows[1]!.id });
    expect(failedEntry.ok && failedEntry.value.result).toEqual(failed);

    const found = await core.api.searchHistory({ text: 'hello history' });
    expect(found.ok && found.value.hits.map((hit) => hit.entry.id)).toEqual([rows[3]!.id]);
    expect(problems).toEqual([]);
  });

  it('still returns the answer when the history cannot be written, and says so', async () => {
    // Another process breaks the database under the running app.
    const other = new DatabaseSync(path.join(dataDir, 'history.sqlite'));
    other.exec('DROP TABLE history');
    other.close();
    const answered = await core.api.invokeAgent({ agentId: echo.id, text: 'Still answered', payload: {} });
    expect(answered.ok && answered.value.response.answer).toContain('Still answered');
    expect(problems).toEqual([expect.stringContaining('An exchange could not be kept in the history')]);
    const listed = await core.api.listHistory({});
    expect(!listed.ok && listed.error).toMatchObject({
      code: 'internal',
      message: expect.stringContaining('The history could not be read'),
    });
  });

  it('says plainly when an entry is not there', async () => {
    expect(await core.api.getHistoryEntry({ id: 42 })).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'There is no history entry 42: it may have been deleted.' },
    });
  });
});

describe('history arguments from the page', () => {
  it.each([
    ['listHistory', { colour: 'red' }, '"colour" is not a history filter.'],
    ['listHistory', { statusClass: 9 }, '"statusClass" must be 0 (no status) or 1 to 5.'],
    ['listHistory', { errorCode: 'nope' }, '"errorCode" is not an error code.'],
    ['listHistory', { kind: 'all' }, '"kind" must be one of invoke, guideline, cancelled, failed.'],
    ['listHistory', { limit: 0 }, '"limit" must be from 1 to 500.'],
    ['listHistory', { beforeId: -1 }, '"beforeId" must be an entry id.'],
    ['listHistory', { from: 'yesterday' }, '"from" must be an ISO 8601 date.'],
    ['listHistory', { tokenPresent: 'yes' }, '"tokenPresent" must be true or false.'],
    ['listHistory', { profileId: 7 }, '"profileId" must be a string.'],
    ['listHistory', [], 'The argument must be an object.'],
    ['searchHistory', { limit: 5 }, '"text" must be a string of at most 1000 characters.'],
    ['searchHistory', { text: 'x', extra: 1 }, '"extra" is not a history filter.'],
    ['getHistoryEntry', { id: '1' }, '"id" must be an entry id.'],
    ['getHistoryEntry', { id: 1.5 }, '"id" must be an entry id.'],
  ])('%s refuses %j', async (method, argument, message) => {
    expect(await dispatch(core.api, method, argument)).toEqual({ ok: false, error: { code: 'invalid_argument', message } });
  });

  it('takes every filter together', async () => {
    const outcome = await dispatch(core.api, 'searchHistory', {
      text: 'hello',
      profileId: 'sandbox',
      kind: 'invoke',
      targetId: echo.id,
      statusClass: 2,
      errorCode: 'timeout',
      tokenPresent: false,
      from: '2026-01-01',
      to: '2027-01-01T00:00:00.000Z',
      beforeId: 10,
      limit: 20,
    });
    expect(outcome).toEqual({ ok: true, value: { ok: true, value: { hits: [], nextBeforeId: null } } });
    expect(await dispatch(core.api, 'listHistory', undefined)).toMatchObject({ ok: true, value: { ok: true } });
  });

  it('compares dates with an offset as the instants they are', async () => {
    await core.api.invokeAgent({ agentId: echo.id, text: 'now', payload: {} });
    const anHourAgo = Date.now() - 3_600_000;
    // An hour ago, written with a +02:00 offset: as text it sorts after the entry, as a time it is before it.
    const local = new Date(anHourAgo + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const since = await dispatch(core.api, 'listHistory', { from: local });
    expect(since).toMatchObject({ ok: true, value: { ok: true, value: { entries: [{ targetId: echo.id }] } } });
    const before = await dispatch(core.api, 'listHistory', { to: local });
    expect(before).toMatchObject({ ok: true, value: { ok: true, value: { entries: [] } } });
  });
});

describe('the QA report holds no key', () => {
  /**
   * A QA report never holds the key. A server echoes the key it was sent (from the
   * Authorization or X-API-Key header) into its answer, a response header and an error body;
   * the HTML, the JSON bundle and the Markdown made from those entries must not contain it.
   */

  const SENTINEL = 'sk-report-sentinel-7f3a91c2d4e5';
  const forms = [SENTINEL, Buffer.from(SENTINEL).toString('base64'), Buffer.from(SENTINEL).toString('base64url')];

  let dataDir: string;
  let core: Core;
  let server: TestServer;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-report-'));
    core = await startCore({ host: 'browser', version: '9.9.9-test', dataDir, sandboxLatency: 'none' });
    server = await startTestServer((request, response) => {
      const sent = String(request.headers['x-api-key'] ?? request.headers['authorization'] ?? '');
      const failing = request.url?.includes('/fail/') ?? false;
      response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json', 'x-echo-key': sent });
      response.end(JSON.stringify(failing ? { detail: `bad key ${sent}` } : { answer: `You sent ${sent}`, duration: '12ms', token: 't' }));
    });
  });
  afterEach(async () => {
    await core.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a QA report never holds the key', () => {
    it('leaves out a key the server echoed, from the HTML, the JSON and the Markdown', async () => {
      await createKeyedProfile(core.api, { name: 'Bearer', baseUrl: server.url, key: SENTINEL, allowInsecureHttp: true });
      await core.api.invokeAgent({ agentId: 'agent-1', text: 'echo my key', payload: {} });
      await core.api.invokeAgent({ agentId: 'fail', text: 'echo it in an error', payload: {} });
      await createKeyedProfile(core.api, {
        name: 'Header',
        baseUrl: server.url,
        key: SENTINEL,
        allowInsecureHttp: true,
        auth: { kind: 'header', header: 'X-API-Key' },
      });
      await core.api.invokeAgent({ agentId: 'agent-2', text: 'echo my key again', payload: {} });
      expect(server.requests.map((r) => r.headers['authorization'] ?? r.headers['x-api-key'])).toEqual([
        `Bearer ${SENTINEL}`,
        `Bearer ${SENTINEL}`,
        SENTINEL,
      ]);

      const listed = await core.api.listHistory({});
      const ids = listed.ok ? listed.value.entries.map((entry) => entry.id) : [];
      expect(ids).toHaveLength(3);
      const files: Record<string, string> = {};
      for (const format of ['html', 'json'] as const) {
        const made = await core.api.buildHistoryReport({ ids, note: 'key check', format });
        if (!made.ok) throw new Error(made.error.message);
        files[format] = made.value.content;
      }
      for (const id of ids) {
        const got = await core.api.getHistoryEntry({ id });
        if (!got.ok) throw new Error(got.error.message);
        files[`markdown ${id}`] = entryMarkdown(reportEntry(got.value), '9.9.9-test');
      }
      for (const [name, content] of Object.entries(files)) {
        for (const form of forms) expect(content, name).not.toContain(form);
        // The echo is there, redacted: the test saw the key come back, not an answer without it.
        expect(content, name).toContain(REDACTED);
      }
      expect(files['html']).toContain(`You sent Bearer ${REDACTED}`);
      expect(files['json']).toContain(`"x-echo-key": "${REDACTED}"`);
    });
  });

  describe('buildHistoryReport through the contract', () => {
    it('answers the file name, type and content of either format', async () => {
      await createKeyedProfile(core.api, { name: 'Bearer', baseUrl: server.url, key: SENTINEL, allowInsecureHttp: true });
      await core.api.invokeAgent({ agentId: 'agent-1', text: 'hi', payload: {} });
      const listed = await core.api.listHistory({});
      const id = listed.ok ? listed.value.entries[0]!.id : 0;
      const html = await dispatch(core.api, 'buildHistoryReport', { ids: [id], note: 'n', format: 'html' });
      expect(html).toMatchObject({
        ok: true,
        value: {
          ok: true,
          value: { fileName: expect.stringMatching(new RegExp(`^agent-explorer-report-entry-${id}-.*\\.html$`)), mediaType: 'text/html' },
        },
      });
      const json = await core.api.buildHistoryReport({ ids: [id], note: 'n', format: 'json' });
      expect(json).toMatchObject({ ok: true, value: { mediaType: 'application/json' } });
      expect(json.ok && JSON.parse(json.value.content)).toMatchObject({
        format: 'agent-explorer-report',
        version: 1,
        app: { version: '9.9.9-test' },
        note: 'n',
      });
      const gone = await core.api.buildHistoryReport({ ids: [id, id + 1000], note: '', format: 'html' });
      expect(gone).toEqual({
        ok: false,
        error: { code: 'invalid_argument', message: `There is no history entry ${id + 1000}: it may have been deleted.` },
      });
    });

    it.each([
      ['no ids', { ids: [], note: '', format: 'html' }],
      ['too many ids', { ids: Array.from({ length: MAX_REPORT_ENTRIES + 1 }, (_, i) => i + 1), note: '', format: 'html' }],
      ['an id twice', { ids: [1, 1], note: '', format: 'html' }],
      ['an id that is not one', { ids: [1.5], note: '', format: 'html' }],
      ['a negative id', { ids: [-1], note: '', format: 'html' }],
      ['a note too long', { ids: [1], note: 'x'.repeat(MAX_REPORT_NOTE_CHARS + 1), format: 'html' }],
      ['a note that is not text', { ids: [1], note: 3, format: 'html' }],
      ['an unknown format', { ids: [1], note: '', format: 'pdf' }],
      ['an unknown field', { ids: [1], note: '', format: 'html', key: 'x' }],
      ['no object', 'ids'],
    ])('refuses %s', async (_name, raw) => {
      const refused = await dispatch(core.api, 'buildHistoryReport', raw);
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    });
  });
});

describe('the QA report holds no key sent in the query', () => {
  /**
   * The report's key sentinel, for the presentation the report test does not use: the key in a query
   * parameter. The URL as called holds it, and a server echoes that URL (percent-encoded) in its
   * answer, a header and an error body. The history entry, the search, the HTML, the JSON, the
   * Markdown and the file's bytes must hold none of it.
   */

  const SENTINEL = 'sk-query/sentinel+9d2e4f';
  const forms = [SENTINEL, encodeURIComponent(SENTINEL), SENTINEL.replace('+', '%2B')];

  let dataDir: string;
  let core: Core;
  let server: TestServer;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-query-key-'));
    core = await startCore({ host: 'browser', version: '9.9.9-test', dataDir, sandboxLatency: 'none' });
    server = await startTestServer((request, response) => {
      const failing = request.url?.includes('/fail/') ?? false;
      response.writeHead(failing ? 403 : 200, { 'content-type': 'application/json', 'x-called': request.url ?? '' });
      response.end(
        JSON.stringify(failing ? { detail: `refused ${request.url}` } : { answer: `You called ${request.url}`, duration: '5ms' }),
      );
    });
  });
  afterEach(async () => {
    await core.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps no form of a key sent as a query parameter in the history, its reports or its file', async () => {
    await createKeyedProfile(core.api, {
      name: 'Query',
      baseUrl: server.url,
      key: SENTINEL,
      allowInsecureHttp: true,
      auth: { kind: 'query', param: 'api_key' },
    });
    await core.api.invokeAgent({ agentId: 'agent-1', text: 'hello', payload: {} });
    await core.api.invokeAgent({ agentId: 'fail', text: 'hello again', payload: {} });
    // The key really went in the query: the test is not passing on a request without it.
    expect(server.requests.every((request) => request.url.includes(`api_key=${encodeURIComponent(SENTINEL)}`))).toBe(true);

    const listed = await core.api.listHistory({});
    const ids = listed.ok ? listed.value.entries.map((entry) => entry.id) : [];
    expect(ids).toHaveLength(2);
    const texts: string[] = [JSON.stringify(listed)];
    for (const id of ids) {
      const got = await core.api.getHistoryEntry({ id });
      if (!got.ok) throw new Error(got.error.message);
      texts.push(JSON.stringify(got.value), entryMarkdown(reportEntry(got.value), '9.9.9-test'));
    }
    texts.push(
      JSON.stringify(await core.api.searchHistory({ text: 'called' })),
      JSON.stringify(await core.api.searchHistory({ text: 'refused' })),
    );
    for (const format of ['html', 'json'] as const) {
      const made = await core.api.buildHistoryReport({ ids, note: '', format });
      if (!made.ok) throw new Error(made.error.message);
      texts.push(made.value.content);
    }
    for (const text of texts) for (const form of forms) expect(text).not.toContain(form);
    expect(texts.join('\n')).toContain(`api_key=${REDACTED}`);

    await core.close();
    for (const name of readdirSync(dataDir).filter((file) => file.startsWith('history.sqlite'))) {
      const bytes = readFileSync(path.join(dataDir, name));
      for (const form of forms) expect(bytes.includes(form), `${name} holds ${form}`).toBe(false);
    }
    core = await startCore({ host: 'browser', version: '9.9.9-test', dataDir, sandboxLatency: 'none' });
  });
});

describe('report titles name the agent or guideline', () => {
  it("by the catalog's name for an agent and the library's title for a guideline, with the id beside it; else by the id", async () => {
    await core.api.saveCatalogAgent({ agentId: echo.id, name: 'Parrot', notes: '', tags: [], placeholders: [] });
    await core.api.invokeAgent({ agentId: echo.id, text: 'hi', payload: {} });
    const guidelineId = (await core.api.listKnownGuidelines())[0]!.id;
    await core.api.getGuideline({ guidelineId });
    const profileId = (await core.api.listProfiles()).activeProfileId;
    await core.api.setLibraryGuidelineLabels({ profileId, guidelineId, title: 'Our refund rules', tags: [] });
    await core.api.invokeAgent({ agentId: 'nobody-knows-me', text: 'hi', payload: {} });
    const listed = await core.api.listHistory({});
    const [unknown, guideline, invoke] = listed.ok ? listed.value.entries.map((entry) => entry.id) : [];

    const one = await core.api.buildHistoryReport({ ids: [invoke!], note: '', format: 'html' });
    expect(one.ok && one.value.content).toContain(`<title>QA report: Invoke of agent Parrot (${echo.id})</title>`);
    const all = await core.api.buildHistoryReport({ ids: [invoke!, guideline!, unknown!], note: '', format: 'html' });
    const html = all.ok ? all.value.content : '';
    expect(html).toContain(`Invoke of agent Parrot (${echo.id})`);
    expect(html).toContain(`Guideline Our refund rules (${guidelineId})`);
    expect(html).toContain('Invoke of agent nobody-knows-me');
    const json = await core.api.buildHistoryReport({ ids: [invoke!, unknown!], note: '', format: 'json' });
    const entries = json.ok ? (JSON.parse(json.value.content) as { entries: Record<string, unknown>[] }).entries : [];
    expect(entries.map((entry) => entry['targetName'])).toEqual(['Parrot', undefined]);
  });
});

describe('retention and management through the contract', () => {
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
});

describe('a key typed into a request', () => {
  /**
   * The request never holds the key: a person who pastes the profile's key into the Text
   * or the Payload (to ask why it is refused, say) sends it, but the history keeps the request
   * with the key replaced, as the request body as sent already is and as a workspace file is.
   * Otherwise the key is in history.sqlite, in its search index, on screen, in a QA report and
   * in Copy as Markdown.
   */

  const SENTINEL = 'sk-typed-sentinel-5c1e9a7b3d';

  let dataDir: string;
  let core: Core;
  let server: TestServer;
  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-typed-key-'));
    core = await startCore({ host: 'browser', version: '9.9.9-test', dataDir, sandboxLatency: 'none' });
    server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'checked', duration: '12ms', token: 't' }));
    });
  });
  afterEach(async () => {
    await core.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a key typed into a request is not kept in the history', () => {
    it('keeps the text, the payload and the id with the key redacted, in the entry, the search, the report, the Markdown and the file', async () => {
      await createKeyedProfile(core.api, { name: 'Typed', baseUrl: server.url, key: SENTINEL, allowInsecureHttp: true });
      const answered = await core.api.invokeAgent({
        agentId: 'agent-1',
        text: `why is ${SENTINEL} refused`,
        payload: { key: SENTINEL, nested: [`again ${SENTINEL}`] },
      });
      expect(answered.ok).toBe(true);
      // The person's request went as typed: the key was theirs to send.
      expect(server.requests[0]?.body).toContain(SENTINEL);

      const listed = await core.api.listHistory({});
      const id = listed.ok ? listed.value.entries[0]!.id : 0;
      const got = await core.api.getHistoryEntry({ id });
      if (!got.ok || got.value.what !== 'invoke') throw new Error('no entry');
      expect(got.value.request.text).toBe(`why is ${REDACTED} refused`);
      expect(got.value.request.payload).toEqual({ key: REDACTED, nested: [`again ${REDACTED}`] });

      const found = await core.api.searchHistory({ text: SENTINEL.slice(0, 12) });
      expect(found.ok && found.value.hits.map((hit) => hit.passage.text).join(' ')).not.toContain(SENTINEL);

      const texts = [JSON.stringify(got.value), entryMarkdown(reportEntry(got.value), '9.9.9-test')];
      for (const format of ['html', 'json'] as const) {
        const made = await core.api.buildHistoryReport({ ids: [id], note: '', format });
        if (!made.ok) throw new Error(made.error.message);
        texts.push(made.value.content);
      }
      for (const text of texts) expect(text).not.toContain(SENTINEL);

      await core.close();
      const files = readdirSync(dataDir).filter((name) => name.startsWith('history.sqlite'));
      expect(files.length).toBeGreaterThan(0);
      for (const name of files) expect(readFileSync(path.join(dataDir, name)).includes(SENTINEL), name).toBe(false);
      core = await startCore({ host: 'browser', version: '9.9.9-test', dataDir, sandboxLatency: 'none' });
    });

    it('keeps a save to a file with the key typed into its request redacted too', async () => {
      await createKeyedProfile(core.api, { name: 'Typed', baseUrl: server.url, key: SENTINEL, allowInsecureHttp: true });
      const saved = await core.api.saveResponseToFile({
        kind: 'invoke',
        request: { agentId: 'agent-1', text: `save ${SENTINEL}`, payload: { key: SENTINEL } },
      });
      expect(saved.ok).toBe(true);
      const listed = await core.api.listHistory({});
      const got = await core.api.getHistoryEntry({ id: listed.ok ? listed.value.entries[0]!.id : 0 });
      if (!got.ok || got.value.what !== 'saved' || got.value.request.kind !== 'invoke') throw new Error('no saved entry');
      expect(got.value.request.request.text).toBe(`save ${REDACTED}`);
      expect(JSON.stringify(got.value)).not.toContain(SENTINEL);
    });
  });
});
