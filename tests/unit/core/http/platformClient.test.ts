import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformClient, type PlatformTarget } from '../../../../electron/core/http/platformClient';
import { testClient, testTarget } from '../../../support/platformClient';
import { closedPort, startTestServer, type TestServer } from '../../../support/testServer';
import type { InvokeResult } from '../../../../electron/shared/api';
import { startCore } from '../../../../electron/core/bootstrap';
import { type RawServer, startRawServer } from '../../../support/rawServer';
import { createKeyedProfile } from '../../../support/keyedProfile';
import { REDACTED } from '../../../../electron/core/http/redact';
import { base64, KEY as ECHOED_KEY, KEY_FORMS } from '../../../support/keyForms';

const KEY = 'sentinel-key-3f9a1c7e5b';

const client = testClient();

const servers: TestServer[] = [];
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function target(baseUrl: string, overrides: Partial<PlatformTarget> = {}): PlatformTarget {
  return testTarget(baseUrl, KEY, overrides);
}

function json(body: unknown, status = 200) {
  return (_req: unknown, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

const invokeRequest = { agentId: 'agent-1', text: 'hi', payload: { name: 'Ada' } };

describe('invoke', () => {
  it('posts text and payload with the key and returns the answer with both times', async () => {
    const s = await server(json({ answer: 'Hello Ada', duration: '850ms', token: 't1' }));
    const result = await client.invoke(target(s.url), invokeRequest);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.response).toEqual({ answer: 'Hello Ada', duration: '850ms', token: 't1' });
    expect(result.value.serverDuration).toEqual({ raw: '850ms', ms: 850, roundingMs: 0.5 });
    expect(result.value.exchange.status).toBe(200);
    expect(result.value.exchange.roundTripMs).toBeGreaterThan(0);
    const [request] = s.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/agent/agent-1/invoke/');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(request?.body ?? '')).toEqual({ text: 'hi', payload: { name: 'Ada' } });
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('accepts an answer without token, as the contract allows', async () => {
    const s = await server(json({ answer: 'ok', duration: '1.2s' }));
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(result.ok && result.value.response).toEqual({ answer: 'ok', duration: '1.2s' });
    expect(result.ok && 'token' in result.value.response).toBe(false);
  });

  it('keeps a path prefix in the base URL', async () => {
    const s = await server(json({ answer: 'ok', duration: '1s' }));
    await client.invoke(target(`${s.url}/platform/`), invokeRequest);
    expect(s.requests[0]?.url).toBe('/platform/api/agent/agent-1/invoke/');
  });

  it('reports a non-2xx status as http_status with the body kept as text', async () => {
    const s = await server(json({ detail: '<b>Not found.</b>' }, 404));
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('http_status');
    expect(result.error.message).toContain('404');
    expect(result.error.exchange?.status).toBe(404);
    expect(result.error.exchange?.responseBody).toBe('{"detail":"<b>Not found.</b>"}');
  });

  it('reports a 200 whose body is not JSON as not_json', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>gateway</html>');
    });
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(!result.ok && result.error.code).toBe('not_json');
    expect(!result.ok && result.error.message).toContain('text/html');
    expect(!result.ok && result.error.exchange?.responseBody).toBe('<html>gateway</html>');
  });

  it.each([
    [{ duration: '1s' }, '"answer" is missing'],
    [{ answer: 42, duration: '1s' }, '"answer" is a number, not a string'],
    [{ answer: 'a', duration: '1s', token: null }, '"token" is null, not a string'],
    [['answer'], 'an array, not a JSON object'],
  ])('reports %j as a contract error naming the problem', async (body, problem) => {
    const s = await server(json(body));
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(!result.ok && result.error.code).toBe('contract');
    expect(!result.ok && result.error.message).toContain(problem);
  });

  it('reports a refused connection as network', async () => {
    const port = await closedPort();
    const result = await client.invoke(target(`http://127.0.0.1:${port}`), invokeRequest);
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toContain('ECONNREFUSED');
    expect(!result.ok && result.error.exchange?.status).toBeNull();
  });

  it('times out on the whole exchange, even when the first byte came quickly', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const drip = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(drip));
    });
    const result = await client.invoke(target(s.url, { timeoutMs: 300 }), invokeRequest);
    expect(!result.ok && result.error.code).toBe('timeout');
    expect(!result.ok && result.error.message).toContain('300 ms');
    expect(!result.ok && result.error.exchange?.roundTripMs).toBeGreaterThanOrEqual(290);
  });

  it('stops reading past the size cap, with or without a Content-Length', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const declared = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      res.end(big);
    });
    const chunked = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 20; i += 1) res.write('y'.repeat(64 * 1024));
      res.end();
    });
    for (const s of [declared, chunked]) {
      const result = await client.invoke(target(s.url), invokeRequest);
      expect(!result.ok && result.error.code).toBe('too_large');
      expect(!result.ok && result.error.message).toContain('1 MB');
    }
  });

  it('does not follow a redirect, so the key cannot travel to another origin', async () => {
    const elsewhere = await server(json({ answer: 'stolen', duration: '1s' }));
    const s = await server((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/api/agent/agent-1/invoke/` });
      res.end();
    });
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(!result.ok && result.error.code).toBe('http_status');
    expect(!result.ok && result.error.message).toContain('not followed');
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('sends nothing without a key, or with an id that would change the path', async () => {
    const s = await server(json({ answer: 'ok', duration: '1s' }));
    const noKey = await client.invoke(target(s.url, { apiKey: null }), invokeRequest);
    const dotDot = await client.invoke(target(s.url), { ...invokeRequest, agentId: '..' });
    expect(!noKey.ok && noKey.error).toMatchObject({ code: 'no_key', exchange: null });
    expect(!dotDot.ok && dotDot.error).toMatchObject({ code: 'invalid_argument', exchange: null });
    expect(s.requests).toHaveLength(0);
  });

  it('redacts the key when a server echoes it back', async () => {
    const s = await server((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json', 'x-echo': String(req.headers.authorization) });
      res.end(JSON.stringify({ detail: `Invalid key ${KEY}` }));
    });
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(!result.ok && result.error.code).toBe('http_status');
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(!result.ok && result.error.exchange?.responseBody).toContain('[redacted key]');
  });
});

describe('getGuideline', () => {
  it('gets the guideline by id', async () => {
    const s = await server(json({ name: 'N', description: 'D', content: '# C' }));
    const result = await client.getGuideline(target(s.url), { guidelineId: 'g 1' });
    expect(result.ok && result.value.guideline).toEqual({ name: 'N', description: 'D', content: '# C' });
    expect(s.requests[0]).toMatchObject({ method: 'GET', url: '/api/guideline/g%201/' });
  });

  it('reports a guideline without content as a contract error', async () => {
    const s = await server(json({ name: 'N', description: 'D' }));
    const result = await client.getGuideline(target(s.url), { guidelineId: 'g' });
    expect(!result.ok && result.error.code).toBe('contract');
    expect(!result.ok && result.error.message).toContain('"content" is missing');
  });
});

describe('saving an answer too large for memory to a file', () => {
  it('streams the whole body, past the cap, into a new owner-only file', async () => {
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const big = JSON.stringify({ answer: 'z'.repeat(2 * 1024 * 1024), duration: '1s' });
      const s = await server((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(big);
      });
      const capped = await client.invoke(target(s.url), invokeRequest);
      expect(!capped.ok && capped.error.code).toBe('too_large');

      const file = `${dir}/answer.json`;
      const saved = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, file);
      expect(saved.ok && saved.value).toMatchObject({
        path: file,
        bytes: Buffer.byteLength(big),
        exchange: { status: 200, responseBody: null },
      });
      expect(readFileSync(file, 'utf8')).toBe(big);
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const again = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, file);
      expect(!again.ok && again.error.code).toBe('internal');
      expect(!again.ok && again.error.message).toContain('Could not create');
      expect(readFileSync(file, 'utf8')).toBe(big);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends the exchange when the file cannot be created: no connection is left open with the answer unread', async () => {
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const closed: Array<Promise<void>> = [];
      const s = await server((req, res) => {
        closed.push(new Promise((resolve) => req.socket.once('close', () => resolve())));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ answer: 'z'.repeat(1024 * 1024), duration: '1s' }));
      });
      const file = `${dir}/taken.json`;
      writeFileSync(file, 'already here');
      const saved = await client.saveToFile(target(s.url), { kind: 'invoke', request: invokeRequest }, file);
      expect(!saved.ok && saved.error.message).toContain('Could not create');
      const outcome = await Promise.race([
        closed[0]!.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2000)),
      ]);
      expect(outcome).toBe('closed');
      expect(readFileSync(file, 'utf8')).toBe('already here');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes a partial file when the exchange fails midway', async () => {
    const dir = mkdtempSync(`${tmpdir()}/ae-save-`);
    try {
      const s = await server((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"answer": "partial');
        setTimeout(() => res.destroy(), 10);
      });
      const file = `${dir}/answer.json`;
      const saved = await client.saveToFile(target(s.url), { kind: 'guideline', request: { guidelineId: 'g' } }, file);
      expect(!saved.ok && saved.error.code).toBe('network');
      expect(existsSync(file)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a large answer crosses to the renderer once', () => {
  it('keeps the whole answer, and only the start of its raw copy, flagged', async () => {
    const answer = 'a'.repeat(600 * 1024);
    const s = await server(json({ answer, duration: '1s' }));
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(result.ok && result.value.response.answer).toBe(answer);
    expect(result.ok && result.value.exchange.responseBodyTruncated).toBe(true);
    expect(result.ok && result.value.exchange.responseBody?.length).toBe(256 * 1024);
    expect(result.ok && result.value.exchange.responseBytes).toBe(Buffer.byteLength(JSON.stringify({ answer, duration: '1s' })));
  });

  it('cuts an error body too, keeping its start as the evidence', async () => {
    const s = await server(json({ detail: 'x'.repeat(600 * 1024) }, 500));
    const result = await client.invoke(target(s.url), invokeRequest);
    expect(!result.ok && result.error.exchange?.responseBodyTruncated).toBe(true);
    expect(!result.ok && result.error.exchange?.responseBody?.length).toBe(256 * 1024);
  });
});

describe('an exchange ends, whatever the server does', () => {
  /**
   * Every exchange ends within its time-out and at once on Cancel, whatever the server does
   * (a 101 answer used to hang an invoke for ever).
   */

  const invokeRequest = { agentId: 'agent-1', text: 'hi', payload: {} };

  const servers: RawServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** Servers that answer something, but never a whole answer: the client must give up on them. */
  const SILENT: Record<string, (socket: Socket) => void> = {
    'headers that never come': () => undefined,
    'half a status line, then nothing': (socket) => socket.write('HTTP/1.1 20'),
    'a body that never ends': (socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ans'),
    'a chunked body that never ends': (socket) =>
      socket.write('HTTP/1.1 500 Oops\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n'),
  };

  /** Answers no request asked for: the client ends at once, with an error, and closes the connection. */
  const UNREQUESTED: Record<string, (socket: Socket) => void> = {
    'a 100 Continue and nothing more': (socket) => socket.write('HTTP/1.1 100 Continue\r\n\r\n'),
    'a 100 Continue, then an answer': (socket) =>
      socket.write('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}'),
  };

  /** Servers that switch protocols, keeping the socket open: the client must end at once, with an error. */
  const SWITCHING: Record<string, (socket: Socket) => void> = {
    'a 101 Switching Protocols': (socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\n\r\n'),
    'a 101 with an Upgrade header': (socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\nframes…'),
  };

  async function raw(behaviour: (socket: Socket) => void): Promise<RawServer> {
    const server = await startRawServer((socket) => behaviour(socket));
    servers.push(server);
    return server;
  }

  /** Resolves with the result, or with 'still running' if it has not ended by `ms`. */
  function within(promise: Promise<InvokeResult>, ms: number): Promise<InvokeResult | 'still running'> {
    return Promise.race([promise, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), ms))]);
  }

  describe('an exchange ends within its time-out, whatever the server answers', () => {
    for (const [name, behaviour] of Object.entries(SWITCHING)) {
      it(`ends at once, as an error, on ${name}`, async () => {
        const s = await raw(behaviour);
        const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest), 3000);
        expect(result).not.toBe('still running');
        expect(result !== 'still running' && !result.ok && result.error.code).toBe('network');
        expect(result !== 'still running' && !result.ok && result.error.message).toContain('switched protocols (HTTP 101)');
        expect(JSON.stringify(result)).not.toContain(KEY);
      });

      it(`frees the request id on ${name}, so the next invoke with it is not refused`, async () => {
        const s = await raw(behaviour);
        const core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: null, sandboxLatency: 'none' });
        try {
          await createKeyedProfile(core.api, { name: 'Switching', baseUrl: s.url, key: KEY });
          const first = await within(core.api.invokeAgent({ ...invokeRequest, requestId: 'r1' }), 3000);
          expect(first).not.toBe('still running');
          expect(await core.api.cancelRequest({ requestId: 'r1' })).toEqual({ ok: true, value: { cancelled: false } });
          const second = await within(core.api.invokeAgent({ ...invokeRequest, requestId: 'r1' }), 3000);
          expect(second).not.toBe('still running');
          expect(second !== 'still running' && !second.ok && second.error.code).toBe('network');
          expect(second !== 'still running' && !second.ok && second.error.message).toContain('switched protocols');
        } finally {
          await core.close();
        }
      });
    }

    for (const [name, behaviour] of Object.entries(UNREQUESTED)) {
      it(`ends at once, as an error, on ${name}`, async () => {
        const s = await raw(behaviour);
        const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest), 3000);
        expect(result !== 'still running' && !result.ok && result.error.code).toBe('network');
        expect(result !== 'still running' && !result.ok && result.error.message).toContain(
          'is not valid HTTP: it sent an answer no request was waiting for',
        );
      });
    }

    for (const [name, behaviour] of Object.entries(SILENT)) {
      it(`times out on ${name}`, async () => {
        const s = await raw(behaviour);
        const result = await within(client.invoke(testTarget(s.url, KEY, { timeoutMs: 300 }), invokeRequest), 3000);
        expect(result).not.toBe('still running');
        expect(result !== 'still running' && !result.ok && result.error.code).toBe('timeout');
      });

      it(`is cancelled at once on ${name}`, async () => {
        const s = await raw(behaviour);
        const controller = new AbortController();
        const pending = client.invoke(testTarget(s.url, KEY, { timeoutMs: 60_000 }), invokeRequest, controller.signal);
        // Cancel once the server has the request (and, for most behaviours, has answered part of it).
        await new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (s.sockets.length > 0) {
              clearInterval(check);
              setTimeout(resolve, 50);
            }
          }, 5);
        });
        controller.abort();
        const result = await within(pending, 1000);
        expect(result).not.toBe('still running');
        expect(result !== 'still running' && !result.ok && result.error.code).toBe('cancelled');
      });
    }
  });

  describe('the time-out and Cancel do not rely on the transport honouring the signal', () => {
    const never = new Promise<never>(() => undefined);
    const stuckClient = (answerHeaders: boolean) =>
      createPlatformClient({
        transport: async () => {
          if (!answerHeaders) return never;
          return { status: 200, statusText: 'OK', headers: {}, body: { [Symbol.asyncIterator]: () => ({ next: () => never }) } };
        },
        now: () => performance.now(),
        wallClock: () => new Date(),
        userAgent: 'AgentExplorer/test',
      });

    for (const answerHeaders of [false, true]) {
      it(`ends a transport that ignores the abort (${answerHeaders ? 'body' : 'headers'} never come)`, async () => {
        const timedOut = await within(
          stuckClient(answerHeaders).invoke(testTarget('http://127.0.0.1:9', KEY, { timeoutMs: 100 }), invokeRequest),
          2000,
        );
        expect(timedOut !== 'still running' && !timedOut.ok && timedOut.error.code).toBe('timeout');
        const controller = new AbortController();
        const pending = stuckClient(answerHeaders).invoke(
          testTarget('http://127.0.0.1:9', KEY, { timeoutMs: 60_000 }),
          invokeRequest,
          controller.signal,
        );
        setTimeout(() => controller.abort(), 20);
        const cancelled = await within(pending, 1000);
        expect(cancelled !== 'still running' && !cancelled.ok && cancelled.error.code).toBe('cancelled');
      });
    }
  });
});

describe('the key redacted from what crosses to the page', () => {
  /**
   * The key is redacted in every form from everything that crosses
   * to the page and from saved files; saved files stop at a limit; error bodies cross cut.
   */

  /** The key goes in the query: a header cannot carry its non-ASCII characters. */
  const target = (url: string, overrides: Parameters<typeof testTarget>[2] = {}) =>
    testTarget(url, ECHOED_KEY, { auth: { kind: 'query', param: 'key' }, ...overrides });
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
  const LEAKS = [...Object.values(KEY_FORMS), Buffer.from(ECHOED_KEY, 'utf8').toString('latin1'), 'sk/~(live)', 'c2svfih'];

  function echoAnswer(status: number, form: string): Buffer {
    // Written by hand, not JSON.stringify: the JSON forms must reach the client as escapes, not escaped again.
    const body = Buffer.from(`{"detail":"bad key ${form}","answer":"echo ${form}","duration":"1s","token":"${form}"}`, 'utf8');
    const head = [
      `HTTP/1.1 ${status} Bad key ${form}`,
      `X-Echo: ${form}`,
      `WWW-Authenticate: Basic ${base64(`user:${ECHOED_KEY}`)}`,
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
      const pieces = [`{"answer":"${ECHOED_KEY.slice(0, 3)}`, ECHOED_KEY.slice(3, 9), `${ECHOED_KEY.slice(9)}","duration":"1s"}`];
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
      const body = `${'a'.repeat(cutAt - 5)}${ECHOED_KEY}${'b'.repeat(cutAt)}`;
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
        res.writeHead(502, `Bad gateway for ${encodeURIComponent(ECHOED_KEY)}`, {
          'content-type': 'text/html',
          'x-debug-key': base64(ECHOED_KEY),
        });
        res.end(Buffer.concat([Buffer.from(`<pre>${encodeURI(ECHOED_KEY)}</pre>`), Buffer.alloc(size, 'h')]));
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
        await core.api.setProfileKey({ profileId: created.value.profileId, key: ECHOED_KEY });
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
});
