import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { dispatch } from '../../../electron/core/validate';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import { createKeyedProfile } from '../../support/keyedProfile';
import { startTestServer, type TestServer } from '../../support/testServer';

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
