import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../electron/web/host';
import { LAUNCH_SECRET_HEADER } from '../../../electron/shared/contract';
import { FakeApi } from '../../support/fakeApi';

const SECRET = 'launch-secret-for-tests-0123456789';
const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-web-'));
mkdirSync(staticDir, { recursive: true });
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Agent Explorer</title>');

let api: FakeApi;
let host: WebHost;
beforeAll(async () => {
  api = new FakeApi();
  host = await startWebHost({ api, staticDir, secret: SECRET });
});
beforeEach(() => {
  api.calls.length = 0;
});
afterAll(async () => {
  await host.close();
  rmSync(staticDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request, so that headers a browser would not let us forge (Host) can be set. */
function raw(method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: host.port, method, path: urlPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function rpc(method: string, argument: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(
    'POST',
    `/rpc/${method}`,
    {
      host: `127.0.0.1:${host.port}`,
      origin: host.origin,
      'content-type': 'application/json',
      [LAUNCH_SECRET_HEADER]: SECRET,
      ...headers,
    },
    JSON.stringify({ argument }),
  );
}

describe('browser-mode host', () => {
  it('prints an address on 127.0.0.1 with the secret in the fragment only', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#secret=${SECRET}`);
  });

  it('answers a contract call that carries the secret from our own origin', async () => {
    const response = await rpc('listProfiles', null);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).value.activeProfileId).toBe('sandbox');
  });

  it.each([
    ['no secret', { [LAUNCH_SECRET_HEADER]: '' }],
    ['a wrong secret', { [LAUNCH_SECRET_HEADER]: 'guess' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: `http://127.0.0.1:${1}` }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a call with %s', async (_label, headers) => {
    const response = await rpc('invokeAgent', { agentId: 'a', text: '', payload: {} }, headers);
    expect(response.status).toBe(403);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a call without the secret header at all', async () => {
    const response = await raw(
      'POST',
      '/rpc/listProfiles',
      { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json' },
      '{}',
    );
    expect(response.status).toBe(403);
  });

  it.each([`evil.example:${0}`, 'attacker.test', '127.0.0.1'])('refuses Host %s (DNS rebinding), for calls and files', async (hostHeader) => {
    const call = await rpc('listProfiles', null, { host: hostHeader });
    const page = await raw('GET', '/', { host: hostHeader });
    expect(call.status).toBe(403);
    expect(page.status).toBe(403);
    expect(api.calls).toHaveLength(0);
  });

  it('accepts localhost as the Host too', async () => {
    const response = await rpc('getAppInfo', null, { host: `localhost:${host.port}`, origin: `http://localhost:${host.port}` });
    expect(response.status).toBe(200);
  });

  it('grants no CORS preflight', async () => {
    const response = await raw('OPTIONS', '/rpc/listProfiles', {
      host: `127.0.0.1:${host.port}`,
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': LAUNCH_SECRET_HEADER,
    });
    expect(response.status).not.toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses unknown methods and bad arguments without calling the service', async () => {
    const unknown = await rpc('readTheKey', null);
    const bad = await rpc('invokeAgent', { agentId: 'a', text: 1, payload: {} });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(bad.body).error).toEqual({ code: 'invalid_argument', message: '"text" must be a string.' });
    expect(api.calls).toHaveLength(0);
  });

  it('serves the page with a strict CSP and no secret needed', async () => {
    const page = await raw('GET', '/', { host: `127.0.0.1:${host.port}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Agent Explorer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('does not serve files outside the renderer folder', async () => {
    const response = await raw('GET', '/%2e%2e/%2e%2e/etc/passwd', { host: `127.0.0.1:${host.port}` });
    expect(response.status).toBe(404);
  });
});
