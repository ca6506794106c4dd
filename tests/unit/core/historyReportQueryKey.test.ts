import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { REDACTED } from '../../../electron/core/http/redact';
import { reportEntry } from '../../../electron/shared/reports/reportEntry';
import { entryMarkdown } from '../../../electron/shared/reports/reportMarkdown';
import { createKeyedProfile } from '../../support/keyedProfile';
import { startTestServer, type TestServer } from '../../support/testServer';

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
    response.end(JSON.stringify(failing ? { detail: `refused ${request.url}` } : { answer: `You called ${request.url}`, duration: '5ms' }));
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
