import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENTS } from '../../../electron/sandbox/catalog';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox/server';
import { invoke, request } from './helpers';

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo');
if (echo === undefined) throw new Error('no Echo agent');
const invokePath = `/api/agent/${echo.id}/invoke/`;
const guidelinePath = '/api/guideline/7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47/';

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandbox({ latency: 'none' });
});

afterAll(async () => {
  await server.close();
});

/** Opens a raw TCP connection to the server, for requests fetch refuses to send. */
async function rawSocket(target: SandboxServer): Promise<Socket> {
  const socket = connect(target.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/** Everything the server sends until it closes the connection (or it errors). */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => resolve(data));
    socket.on('close', () => resolve(data));
  });
}

describe('invoke body validation', () => {
  it('answers 400 with a JSON parse error for a body that is not JSON', async () => {
    const reply = await invoke(server, echo.id, '{"text": "unterminated');
    expect(reply.status).toBe(400);
    expect(reply.json.detail).toMatch(/^JSON parse error - /);
    const empty = await invoke(server, echo.id, '');
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toMatch(/^JSON parse error - /);
  });

  it.each([
    ['an array', '[1, 2]', 'array'],
    ['a string', '"hello"', 'string'],
    ['null', 'null', 'null'],
    ['a number', '42', 'number'],
  ])('answers 400 for a body that is %s', async (_what, body, type) => {
    const reply = await invoke(server, echo.id, body);
    expect(reply.status).toBe(400);
    expect(reply.json.detail).toBe(`Invalid data. Expected a JSON object, but got ${type}.`);
  });

  it('answers 400 naming payload when payload is an array or a string', async () => {
    const array = await invoke(server, echo.id, { text: 'hi', payload: ['a'] });
    expect(array.status).toBe(400);
    expect(array.json.detail).toBe('payload: must be a JSON object, but got array.');
    const text = await invoke(server, echo.id, { text: 'hi', payload: 'a=1' });
    expect(text.json.detail).toBe('payload: must be a JSON object, but got string.');
  });

  it('answers 400 naming text when text is a number or null', async () => {
    const number = await invoke(server, echo.id, { text: 5, payload: {} });
    expect(number.status).toBe(400);
    expect(number.json.detail).toBe('text: must be a string, but got number.');
    const nil = await invoke(server, echo.id, { text: null });
    expect(nil.json.detail).toBe('text: must be a string, but got null.');
  });

  it('answers 415 for a body declared as something other than JSON', async () => {
    const reply = await invoke(server, echo.id, 'text=hi', { headers: { 'Content-Type': 'text/plain' } });
    expect(reply.status).toBe(415);
    expect(reply.json.detail).toBe('Unsupported media type "text/plain" in request.');
  });

  it('answers 400 for a body that is not valid UTF-8', async () => {
    const response = await fetch(`${server.url}${invokePath}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/UTF-8/);
  });
});

describe('body size limit', () => {
  it('answers 413 for a body one byte over 1 MiB', async () => {
    const reply = await invoke(server, echo.id, 'x'.repeat(1024 * 1024 + 1));
    expect(reply.status).toBe(413);
    expect(reply.json.detail).toMatch(/1 MiB/);
  });

  it('accepts a valid body of exactly 1 MiB', async () => {
    const frame = JSON.stringify({ text: '', payload: {} });
    const body = JSON.stringify({ text: 'a'.repeat(1024 * 1024 - frame.length), payload: {} });
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const reply = await invoke(server, echo.id, body);
    expect(reply.status).toBe(200);
  });

  it('keeps serving on the same server after an oversized body', async () => {
    expect((await invoke(server, echo.id, { text: 'after' })).json.answer).toBe('You said: after');
  });
});

describe('methods', () => {
  it('answers 405 with Allow: POST for other methods on the invoke path', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const reply = await request(server, invokePath, { method });
      expect(reply.status).toBe(405);
      expect(reply.headers.get('allow')).toBe('POST');
      expect(reply.json.detail).toBe(`Method "${method}" not allowed.`);
    }
  });

  it('answers 405 with Allow: GET, HEAD for POST on the guideline path', async () => {
    const reply = await request(server, guidelinePath, { method: 'POST' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
  });

  it('checks the key before the method', async () => {
    expect((await request(server, invokePath, { method: 'GET', key: null })).status).toBe(401);
  });

  it('answers HEAD on a guideline with the GET headers and no body', async () => {
    const response = await fetch(`${server.url}${guidelinePath}`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${server.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
    expect(await response.text()).toBe('');
  });
});

describe('robustness', () => {
  it('answers every garbage body with 200 or a 4xx JSON detail, never a crash or a 500', async () => {
    // A fixed pseudo-random sequence, so a failure can be reproduced.
    let seed = 0x5eed;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const bodies: (string | Uint8Array<ArrayBuffer>)[] = [
      '{',
      '}',
      '{"text": "a", "payload": {"__proto__": {"x": 1}}}',
      '{"text": "{constructor}", "payload": {"constructor": 1}}',
      '{"text": "x", "text": 5}',
      `{"payload": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `{"text": "x", "payload": {"a": ${'{"b":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`,
      '\u0000\u0001\u0002',
      '1e999999',
      '{"text": "\\ud800"}',
    ];
    for (let i = 0; i < 40; i++) {
      bodies.push(Uint8Array.from({ length: next() % 300 }, () => next() % 256));
    }
    for (const body of bodies) {
      const response = await fetch(`${server.url}${invokePath}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body,
      });
      expect([200, 400]).toContain(response.status);
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status === 400) expect(typeof json.detail).toBe('string');
    }
    expect((await invoke(server, echo.id, { text: 'still here' })).json.answer).toBe('You said: still here');
  });

  it('answers a malformed HTTP request with 400 and keeps running', async () => {
    const socket = await rawSocket(server);
    const received = readAll(socket);
    socket.write('THIS IS NOT HTTP\r\n\r\n');
    expect(await received).toMatch(/^HTTP\/1\.1 400 /);
    expect((await request(server, guidelinePath)).status).toBe(200);
  });

  it('survives a client that disconnects halfway through a body', async () => {
    const socket = await rawSocket(server);
    const closed = readAll(socket);
    socket.write(
      `POST ${invokePath} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.apiKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text": "hal',
    );
    socket.destroy();
    await closed;
    expect((await invoke(server, echo.id, { text: 'next' })).status).toBe(200);
  });
});

describe('realistic latency and closing', () => {
  it('reports the simulated processing time in duration', async () => {
    const slow = await startSandbox();
    try {
      const support = SANDBOX_AGENTS.find((agent) => agent.durationFormat === 'ms');
      if (support === undefined) throw new Error('no ms agent');
      const reply = await invoke(slow, support.id, support.example);
      const ms = Number(/^(\d+)ms$/.exec(String(reply.json.duration))?.[1]);
      expect(ms).toBeGreaterThanOrEqual(support.baseLatencyMs);
      expect(ms).toBeLessThanOrEqual(400 + 100);
    } finally {
      await slow.close();
    }
  });

  it('closes at once, dropping a request in flight, and can be closed twice', async () => {
    const slow = await startSandbox();
    const socket = await rawSocket(slow);
    const received = readAll(socket);
    socket.write(
      `POST ${invokePath} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${slow.apiKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await slow.close();
    await slow.close();
    // Had close() waited for the in-flight request, its 200 would have arrived first.
    expect(await received).toBe('');
    await expect(fetch(`${slow.url}${invokePath}`, { method: 'POST' })).rejects.toThrow();
  });
});
