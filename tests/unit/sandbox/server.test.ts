import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox/server';
import { invoke, request } from './helpers';
import { parseSandboxArgs } from '../../../electron/sandbox/args';
import { startupLines } from '../../../electron/sandbox/run-cli';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function agentNamed(name: string) {
  const agent = SANDBOX_AGENTS.find((candidate) => candidate.name === name);
  if (agent === undefined) throw new Error(`no agent named ${name}`);
  return agent;
}

/** One pattern per duration format, as a client parsing `duration` would use. */
const DURATION_PATTERNS = {
  ms: /^\d+ms$/,
  s: /^\d+\.\ds$/,
  seconds: /^\d+(?:\.\d)? seconds?$/,
  sec: /^\d+(?:\.\d{1,2})? sec$/,
} as const;

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandbox({ latency: 'none', apiKey: 'test-key-123' });
});

afterAll(async () => {
  await server.close();
});

describe('startSandbox', () => {
  it('listens on 127.0.0.1 on a free port and reports a URL without a trailing slash', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${String(server.port)}`);
    expect(server.apiKey).toBe('test-key-123');
  });

  it('generates a 32-byte base64url key when none is given', async () => {
    const other = await startSandbox({ latency: 'none' });
    try {
      expect(other.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(other.port).not.toBe(server.port);
    } finally {
      await other.close();
    }
  });
});

describe('authentication', () => {
  const support = agentNamed('Support reply drafter');

  it('refuses a request without a key with 401, a Bearer challenge and a detail', async () => {
    const reply = await invoke(server, support.id, support.example, { key: null });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    expect(reply.json.detail).toMatch(/not provided/i);
  });

  it('refuses a wrong key, an empty key and a key with another scheme', async () => {
    const wrong = await invoke(server, support.id, support.example, { key: 'test-key-124' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.detail).toBe('Invalid API key.');
    const empty = await invoke(server, support.id, support.example, { key: '' });
    expect(empty.status).toBe(401);
    const basic = await invoke(server, support.id, support.example, {
      key: null,
      headers: { Authorization: 'Basic dGVzdC1rZXktMTIzOg==' },
    });
    expect(basic.status).toBe(401);
    expect(basic.json.detail).toMatch(/not provided/i);
  });

  it('checks the key before the id, so unknown ids also get 401 without a key', async () => {
    expect((await invoke(server, UNKNOWN_ID, {}, { key: null })).status).toBe(401);
    expect((await request(server, `/api/guideline/${UNKNOWN_ID}/`, { key: 'nope' })).status).toBe(401);
    expect((await request(server, '/api/no-such-thing/', { key: null })).status).toBe(401);
  });

  it('accepts the key with a lowercase scheme', async () => {
    const reply = await invoke(server, support.id, support.example, {
      key: null,
      headers: { Authorization: `bearer ${server.apiKey}` },
    });
    expect(reply.status).toBe(200);
  });
});

describe('POST /api/agent/{id}/invoke/', () => {
  it.each(SANDBOX_AGENTS.filter((agent) => agent.judge !== true).map((agent) => [agent.name, agent] as const))(
    '%s: answers its example with the payload values in the answer',
    async (_name, agent) => {
      const reply = await invoke(server, agent.id, agent.example);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(typeof reply.json.answer).toBe('string');
      for (const value of Object.values(agent.example.payload)) expect(reply.json.answer).toContain(String(value));
      expect(reply.json.duration).toMatch(DURATION_PATTERNS[agent.durationFormat]);
    },
  );

  it('shows the actual values sent, not the example ones', async () => {
    const agent = agentNamed('Order status explainer');
    const reply = await invoke(server, agent.id, { text: 'Any news?', payload: { order_id: 'ZX-1', status: 'lost' } });
    expect(reply.json.answer).toContain('Order ZX-1 is currently "lost"');
    expect(reply.json.answer).toContain('Any news?');
  });

  it('leaves a placeholder the payload does not fill literally in the answer', async () => {
    const agent = agentNamed('Support reply drafter');
    const reply = await invoke(server, agent.id, { text: '', payload: { customer_name: 'Ann', company: 'ACME' } });
    expect(reply.status).toBe(200);
    expect(reply.json.answer).toContain('about {topic}.');
    expect(reply.json.answer).toContain('Hi Ann,');
  });

  it('omits the token key entirely for the token-less agent and sends a string token otherwise', async () => {
    for (const agent of SANDBOX_AGENTS) {
      const reply = await invoke(server, agent.id, agent.example);
      if (agent.includesToken) {
        expect(reply.json.token).toMatch(/^tok_[0-9a-f]{24}$/);
        expect(Object.keys(reply.json).sort()).toEqual(['answer', 'duration', 'token']);
      } else {
        expect(Object.keys(reply.json).sort()).toEqual(['answer', 'duration']);
      }
    }
    expect(SANDBOX_AGENTS.filter((agent) => !agent.includesToken).map((agent) => agent.name)).toEqual(['Order status explainer']);
  });

  it('issues a new token per call', async () => {
    const agent = agentNamed('Echo');
    const first = await invoke(server, agent.id, agent.example);
    const second = await invoke(server, agent.id, agent.example);
    expect(first.json.token).not.toBe(second.json.token);
  });

  it('returns 200 for an empty payload with arbitrary text, and for an empty object body', async () => {
    const agent = agentNamed('Echo');
    const reply = await invoke(server, agent.id, { text: 'ping', payload: {} });
    expect(reply.status).toBe(200);
    expect(reply.json.answer).toBe('You said: ping');
    const bare = await invoke(server, agent.id, {});
    expect(bare.status).toBe(200);
    expect(bare.json.answer).toBe('You said:');
  });

  it('accepts the path without the trailing slash and ignores a query string', async () => {
    const agent = agentNamed('Echo');
    const reply = await invoke(server, agent.id, { text: 'x' }, { path: `/api/agent/${agent.id}/invoke?debug=1` });
    expect(reply.status).toBe(200);
  });

  it('answers 404 with a detail for an unknown agent id', async () => {
    const reply = await invoke(server, UNKNOWN_ID, { text: 'hi', payload: {} });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /api/guideline/{id}/', () => {
  it.each(SANDBOX_GUIDELINES.map((guideline) => [guideline.name, guideline] as const))(
    '%s: returns exactly name, description and content',
    async (_name, guideline) => {
      const reply = await request(server, `/api/guideline/${guideline.id}/`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(reply.json).toEqual({
        name: guideline.name,
        description: guideline.description,
        content: guideline.content,
      });
    },
  );

  it('answers a changed Refund policy on every other read, so versions can be compared', async () => {
    const refund = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Refund policy')!;
    const path = `/api/guideline/${refund.id}/`;
    const contents: string[] = [];
    for (let read = 0; read < 3; read += 1) contents.push((await request(server, path)).json.content as string);
    // Two versions in turn (which comes first depends on the reads before this test).
    expect(contents.join('\n')).toContain('within 14 days');
    expect(contents.join('\n')).toContain('within 30 days');
    expect(contents[1]).not.toBe(contents[0]);
    expect(contents[2]).toBe(contents[0]);
    // A HEAD moves nothing: the next GET is the other version.
    await fetch(`${server.url}${path}`, { method: 'HEAD', headers: { Authorization: `Bearer ${server.apiKey}` } });
    expect((await request(server, path)).json.content).toBe(contents[1]);
  });

  it('serves a long guideline of several MB whole', async () => {
    const handbook = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Product handbook')!;
    const reply = await request(server, `/api/guideline/${handbook.id}/`);
    const content = reply.json.content as string;
    expect(Buffer.byteLength(content)).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(content).toMatch(/^# Product handbook\n/);
    expect(content).toContain('## 2800. Product family 2800');
  });

  it('serves markdown content with a table and a link', async () => {
    const reply = await request(server, '/api/guideline/2a9c5e7f-8d14-4b36-a7e9-3f1b6d0c8a52');
    expect(reply.json.name).toBe('Data retention');
    expect(reply.json.content).toMatch(/^\|.*\|\n\|[-| ]+\|$/m);
    expect(reply.json.content).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
  });

  it('answers 404 for an unknown guideline id and for unknown paths', async () => {
    expect((await request(server, `/api/guideline/${UNKNOWN_ID}/`)).json).toEqual({ detail: 'Not found.' });
    expect((await request(server, `/api/guideline/${UNKNOWN_ID}/`)).status).toBe(404);
    expect((await request(server, '/api/agents/')).status).toBe(404);
    expect((await request(server, `/api/guideline/${UNKNOWN_ID}/extra/`)).status).toBe(404);
    expect((await request(server, '/', { key: null })).status).toBe(404);
  });
});

describe('errors, limits and robustness', () => {
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
});

describe('the key in one form only (--auth)', () => {
  const KEY = 'presentation-key-123';
  const path = `/api/guideline/${SANDBOX_GUIDELINES[0]!.id}/`;

  describe('a sandbox told to take the key in one form only', () => {
    let server: SandboxServer;
    beforeAll(async () => {
      server = await startSandbox({ apiKey: KEY, auth: { kind: 'header', header: 'X-API-Key' }, latency: 'none' });
    });
    afterAll(() => server.close());

    it('accepts that form', async () => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': KEY } });
      expect(response.status).toBe(200);
    });

    it('refuses the others, naming the form it wants', async () => {
      for (const init of [{ headers: { authorization: `Bearer ${KEY}` } }, {}]) {
        const response = await fetch(`${server.url}${path}`, init);
        expect(response.status).toBe(401);
        expect(((await response.json()) as { detail: string }).detail).toContain('X-API-Key: <API key>');
      }
      expect((await fetch(`${server.url}${path}?api_key=${KEY}`)).status).toBe(401);
      expect((await fetch(`${server.url}${path}`, { headers: { 'X-API-Key': 'wrong' } })).status).toBe(401);
    });

    it('takes a query parameter when told to', async () => {
      const query = await startSandbox({ apiKey: KEY, auth: { kind: 'query', param: 'api_key' }, latency: 'none' });
      try {
        expect((await fetch(`${query.url}${path}?api_key=${KEY}`)).status).toBe(200);
        expect((await fetch(`${query.url}${path}`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(401);
      } finally {
        await query.close();
      }
    });
  });

  describe('--auth', () => {
    it('parses each form and refuses others', () => {
      const parsed = parseSandboxArgs(['--auth', 'scheme:Api-Key']);
      expect(parsed.kind === 'run' && parsed.args.auth).toEqual({ kind: 'scheme', scheme: 'Api-Key' });
      expect(parseSandboxArgs(['--auth', 'cookie:x'])).toMatchObject({ kind: 'error', message: expect.stringContaining('--auth') });
    });

    it('prints a curl line in that form', () => {
      const lines = startupLines({ url: 'http://127.0.0.1:8787', apiKey: 'demo' }, { kind: 'header', header: 'X-API-Key' }).join('\n');
      expect(lines).toContain("-H 'X-API-Key: demo'");
    });
  });
});
