import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformTarget } from '../../../../electron/core/http/platformClient';
import { testClient, testTarget } from '../../../support/platformClient';
import { closedPort, startTestServer, type TestServer } from '../../../support/testServer';

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
