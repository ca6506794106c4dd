import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { REDACTED } from '../../../electron/core/http/redact';
import { reportEntry } from '../../../electron/shared/reports/reportEntry';
import { entryMarkdown } from '../../../electron/shared/reports/reportMarkdown';
import { createKeyedProfile } from '../../support/keyedProfile';
import { startTestServer, type TestServer } from '../../support/testServer';

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
