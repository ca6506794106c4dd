import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox/server';
import { invoke, request } from './helpers';

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
  it.each(SANDBOX_AGENTS.map((agent) => [agent.name, agent] as const))(
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
