import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../../electron/sandbox/args';
import { SANDBOX_GUIDELINES } from '../../../electron/sandbox/catalog';
import { startupLines } from '../../../electron/sandbox/run-cli';
import { startSandbox, type SandboxServer } from '../../../electron/sandbox/server';

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
