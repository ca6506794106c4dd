import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore } from '../../../electron/core/bootstrap';
import { REDACTED } from '../../../electron/core/http/redact';
import { base64, KEY, KEY_FORMS } from '../../support/keyForms';
import { testClient, testTarget } from '../../support/platformClient';
import { startRawServer, type RawServer } from '../../support/rawServer';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The key is redacted in every form from everything that crosses
 * to the page and from saved files; saved files stop at a limit; error bodies cross cut.
 */

const client = testClient();
/** The key goes in the query: a header cannot carry its non-ASCII characters. */
const target = (url: string, overrides: Parameters<typeof testTarget>[2] = {}) =>
  testTarget(url, KEY, { auth: { kind: 'query', param: 'key' }, ...overrides });
const invokeRequest = { agentId: 'agent-1', text: 'hi', payload: {} };
const stopped: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(stopped.splice(0).map((s) => s.close()));
});
async function raw(answer: (socket: Socket) => void): Promise<RawServer> {
  const server = await startRawServer((socket) => answer(socket));
  stopped.push(server);
  return server;
}
async function http(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(handler);
  stopped.push(server);
  return server;
}

/** Every form, plus the UTF-8 bytes of the raw key read as latin1 (how Node decodes a header). */
const LEAKS = [...Object.values(KEY_FORMS), Buffer.from(KEY, 'utf8').toString('latin1'), 'sk/~(live)', 'c2svfih'];

function echoAnswer(status: number, form: string): Buffer {
  // Written by hand, not JSON.stringify: the JSON forms must reach the client as escapes, not escaped again.
  const body = Buffer.from(`{"detail":"bad key ${form}","answer":"echo ${form}","duration":"1s","token":"${form}"}`, 'utf8');
  const head = [
    `HTTP/1.1 ${status} Bad key ${form}`,
    `X-Echo: ${form}`,
    `WWW-Authenticate: Basic ${base64(`user:${KEY}`)}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'utf8'), body]);
}

describe('the key echoed in any form never crosses to the page', () => {
  for (const [name, form] of Object.entries(KEY_FORMS)) {
    it(`redacts it ${name} in the status line, the headers and the body`, async () => {
      const s = await raw((socket) => socket.end(echoAnswer(401, form)));
      const result = await client.invoke(target(s.url), invokeRequest);
      const reply = JSON.stringify(result);
      for (const leak of LEAKS) expect(reply).not.toContain(leak);
      expect(!result.ok && result.error.exchange?.statusText).toBe(`Bad key ${REDACTED}`);
      expect(!result.ok && result.error.exchange?.responseHeaders['x-echo']).toBe(REDACTED);
      expect(!result.ok && result.error.exchange?.responseHeaders['www-authenticate']).toContain(REDACTED);
      expect(!result.ok && result.error.exchange?.responseBody).toContain(`bad key ${REDACTED}`);
      expect(!result.ok && result.error.message).toContain(REDACTED);
    });

    it(`redacts it ${name} in a successful answer and in a saved file`, async () => {
      const s = await raw((socket) => socket.end(echoAnswer(200, form)));
      const result = await client.invoke(target(s.url), invokeRequest);
      expect(result.ok && result.value.response.answer).toBe(`echo ${REDACTED}`);
      for (const leak of LEAKS) expect(JSON.stringify(result)).not.toContain(leak);

      const dir = mkdtempSync(`${tmpdir()}/ae-redact-`);
      try {
        const saved = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, `${dir}/a.json`);
        expect(saved.ok).toBe(true);
        for (const leak of LEAKS) expect(JSON.stringify(saved)).not.toContain(leak);
        const file = readFileSync(`${dir}/a.json`, 'utf8');
        for (const leak of LEAKS) expect(file).not.toContain(leak);
        expect(file).toContain(`echo ${REDACTED}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('saving to a file', () => {
  it('redacts a key the server sends in pieces, split across chunks', async () => {
    const pieces = [`{"answer":"${KEY.slice(0, 3)}`, KEY.slice(3, 9), `${KEY.slice(9)}","duration":"1s"}`];
    const s = await http((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const next = () => {
        const piece = pieces.shift();
        if (piece === undefined) return res.end();
        res.write(piece);
        setTimeout(next, 5);
      };
      next();
    });
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const saved = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, `${dir}/a.json`);
      expect(saved.ok && saved.value.limitReached).toBe(false);
      expect(readFileSync(`${dir}/a.json`, 'utf8')).toBe(`{"answer":"${REDACTED}","duration":"1s"}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops an endless body at the limit, keeps what was written, and says so', async () => {
    const s = await http((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const limit = 2 * 1024 * 1024;
      const saved = await client.saveToFile(
        target(s.url, { maxSavedFileBytes: limit, timeoutMs: 20_000 }),
        { kind: 'guideline', request: { guidelineId: 'g' } },
        `${dir}/a.json`,
      );
      expect(saved.ok && saved.value).toMatchObject({
        bytes: limit,
        limitReached: true,
        limitBytes: limit,
        exchange: { status: 200, responseBytes: limit },
      });
      expect(statSync(`${dir}/a.json`).size).toBe(limit);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an error body crosses to the page cut', () => {
  it('sends a small reply for a 40 MB error body, flagged as cut, and saving it gets the whole body', async () => {
    const size = 40 * 1024 * 1024;
    const s = await http((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(Buffer.alloc(size, 'e'));
    });
    const result = await client.invoke(target(s.url, { maxResponseBytes: 50 * 1024 * 1024 }), invokeRequest);
    const replyBytes = Buffer.byteLength(JSON.stringify(result));
    expect(replyBytes).toBeLessThan(300 * 1024);
    expect(!result.ok && result.error.code).toBe('http_status');
    const exchange = !result.ok ? result.error.exchange : null;
    expect(exchange?.responseBodyTruncated).toBe(true);
    expect(exchange?.responseReadStopped).toBe(true);
    expect(exchange?.responseBody).toBe('e'.repeat(256 * 1024));

    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const saved = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, `${dir}/a.txt`);
      expect(saved.ok && saved.value).toMatchObject({ bytes: size, limitReached: false, exchange: { status: 500 } });
      expect(statSync(`${dir}/a.txt`).size).toBe(size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('redacts a key that straddles the cut, and cuts a long 2xx body that is not the answer', async () => {
    const cutAt = 256 * 1024;
    const body = `${'a'.repeat(cutAt - 5)}${KEY}${'b'.repeat(cutAt)}`;
    const s = await http((req, res) => {
      res.writeHead(req.method === 'POST' ? 400 : 200, { 'content-type': 'text/plain' });
      res.end(body);
    });
    const error = await client.invoke(target(s.url), invokeRequest);
    expect(!error.ok && error.error.exchange?.responseBody).toBe(`${'a'.repeat(cutAt - 5)}${REDACTED}`);
    const notJson = await client.getGuideline(target(s.url), { guidelineId: 'g' });
    expect(!notJson.ok && notJson.error.code).toBe('not_json');
    expect(!notJson.ok && notJson.error.exchange?.responseBodyTruncated).toBe(true);
    expect(!notJson.ok && notJson.error.exchange?.responseBody?.length).toBe(cutAt);
  });
});

describe('the save-to-file limit', () => {
  it('does not call a body cut when it ends exactly at the limit', async () => {
    const limit = 1024 * 1024;
    const s = await http((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(limit, 'z'));
    });
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const saved = await client.saveToFile(
        target(s.url, { maxSavedFileBytes: limit }),
        { kind: 'guideline', request: { guidelineId: 'g' } },
        `${dir}/a`,
      );
      expect(saved.ok && saved.value).toMatchObject({ bytes: limit, limitReached: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a key sent in a header (plain ASCII), echoed in the head of a successful answer', () => {
  it('is redacted from the status line, a header name and header values, the body and the whole result', async () => {
    const key = 'sk-ascii-0123456789abcdef';
    const body = Buffer.from(`{"answer":"echo ${key}","duration":"1s"}`, 'utf8');
    const head = [
      `HTTP/1.1 200 OK ${key}`,
      `X-${key}: yes`,
      `X-Echo: ${key}`,
      `X-Basic: Basic ${base64(`user:${key}`)}`,
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      '',
    ];
    const s = await raw((socket) => socket.end(Buffer.concat([Buffer.from(head.join('\r\n'), 'utf8'), body])));
    const result = await client.invoke(testTarget(s.url, key), invokeRequest);
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(key);
    const exchange = result.ok ? result.value.exchange : null;
    expect(exchange?.statusText).toBe(`OK ${REDACTED}`);
    expect(exchange?.responseHeaders[`x-${REDACTED}`]).toBe('yes');
    expect(exchange?.responseHeaders['x-echo']).toBe(REDACTED);
    expect(exchange?.responseHeaders['x-basic']).toContain(REDACTED);
    expect(exchange?.responseBody).toBe(`{"answer":"echo ${REDACTED}","duration":"1s"}`);
  });
});

describe('through the contract, as the page receives it', () => {
  it('answers a 40 MB error body with a small reply, and redacts the key the server echoed in it', async () => {
    const size = 40 * 1024 * 1024;
    const s = await http((_req, res) => {
      res.writeHead(502, `Bad gateway for ${encodeURIComponent(KEY)}`, { 'content-type': 'text/html', 'x-debug-key': base64(KEY) });
      res.end(Buffer.concat([Buffer.from(`<pre>${encodeURI(KEY)}</pre>`), Buffer.alloc(size, 'h')]));
    });
    const core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: null, sandboxLatency: 'none' });
    try {
      const created = await core.api.createProfile({
        name: 'Gateway',
        baseUrl: s.url,
        auth: { kind: 'query', param: 'key' },
        timeoutMs: 30_000,
        tls: { verify: true, caFile: null },
        allowInsecureHttp: false,
      });
      if (!created.ok) throw new Error(created.error.message);
      await core.api.setProfileKey({ profileId: created.value.profileId, key: KEY });
      const result = await core.api.invokeAgent({ ...invokeRequest, requestId: 'big' });
      const reply = JSON.stringify(result);
      expect(Buffer.byteLength(reply)).toBeLessThan(300 * 1024);
      for (const leak of LEAKS) expect(reply).not.toContain(leak);
      expect(!result.ok && result.error.exchange).toMatchObject({
        status: 502,
        statusText: `Bad gateway for ${REDACTED}`,
        responseBodyTruncated: true,
        responseReadStopped: true,
      });
      expect(!result.ok && result.error.exchange?.responseBody?.startsWith(`<pre>${REDACTED}</pre>hhh`)).toBe(true);
    } finally {
      await core.close();
    }
  });
});
