import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { REDACTED } from '../../../electron/core/http/redact';
import { reportEntry } from '../../../electron/shared/reports/reportEntry';
import { entryMarkdown } from '../../../electron/shared/reports/reportMarkdown';
import { dispatch } from '../../../electron/core/validate';
import { MAX_REPORT_ENTRIES, MAX_REPORT_NOTE_CHARS } from '../../../electron/shared/api';
import { createKeyedProfile } from '../../support/keyedProfile';
import { startTestServer, type TestServer } from '../../support/testServer';

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
