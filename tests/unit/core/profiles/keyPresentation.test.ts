import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { describePresentation, presentKey } from '../../../../electron/core/profiles/keyPresentation';
import type { PlatformTarget } from '../../../../electron/core/http/platformClient';
import { testClient, testTarget } from '../../../support/platformClient';
import { REDACTED } from '../../../../electron/core/http/redact';
import type { KeyPresentation } from '../../../../electron/shared/api';
import { startTestServer, type TestServer } from '../../../support/testServer';
import { startTlsServer, type TlsTestServer } from '../../../support/tlsServer';

const KEY = 'sentinel-key-9b8a7c6d5e';

const client = testClient();

const servers: (TestServer | TlsTestServer)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function target(baseUrl: string, auth: KeyPresentation, overrides: Partial<PlatformTarget> = {}): PlatformTarget {
  return testTarget(baseUrl, KEY, { auth, ...overrides });
}

/** True when the request carries the key in exactly this presentation. */
function accepts(presentation: KeyPresentation, request: IncomingMessage): boolean {
  const url = new URL(request.url ?? '/', 'http://x');
  switch (presentation.kind) {
    case 'bearer':
      return request.headers.authorization === `Bearer ${KEY}`;
    case 'scheme':
      return request.headers.authorization === `${presentation.scheme} ${KEY}`;
    case 'header':
      return request.headers[presentation.header.toLowerCase()] === KEY;
    case 'query':
      return url.searchParams.get(presentation.param) === KEY;
  }
}

/** A server that accepts only one presentation of the key, like a real platform would. */
async function serverAccepting(presentation: KeyPresentation): Promise<TestServer> {
  const server = await startTestServer((request, response) => {
    const ok = accepts(presentation, request);
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { name: 'N', description: 'D', content: 'C' } : { detail: 'Invalid credentials.' }));
  });
  servers.push(server);
  return server;
}

const PRESENTATIONS: KeyPresentation[] = [
  { kind: 'bearer' },
  { kind: 'scheme', scheme: 'Api-Key' },
  { kind: 'header', header: 'X-API-Key' },
  { kind: 'query', param: 'api_key' },
];

describe('each key presentation works against a server that accepts only it', () => {
  it.each(PRESENTATIONS.map((p) => [describePresentation(p), p] as const))('%s', async (_label, presentation) => {
    const server = await serverAccepting(presentation);
    const right = await client.getGuideline(target(server.url, presentation), { guidelineId: 'g' });
    expect(right.ok).toBe(true);
    for (const other of PRESENTATIONS.filter((p) => p !== presentation)) {
      const wrong = await client.getGuideline(target(server.url, other), { guidelineId: 'g' });
      expect(!wrong.ok && wrong.error.exchange?.status).toBe(401);
    }
    // Whatever the presentation, what is recorded and returned never holds the key.
    expect(JSON.stringify(right)).not.toContain(KEY);
  });

  it.each(PRESENTATIONS.filter((p) => p.kind !== 'query').map((p) => [describePresentation(p), p] as const))(
    'refuses, before sending, a key that %s cannot carry, and says what to do',
    async (_label, presentation) => {
      const server = await serverAccepting(presentation);
      const result = await client.getGuideline(testTarget(server.url, 'clé-9b8a7c6d5e-✓', { auth: presentation }), { guidelineId: 'g' });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe('invalid_argument');
      expect(result.error.message).toMatch(/characters an HTTP header cannot carry.*query parameter/);
      expect(result.error.exchange).toBeNull();
      expect(server.requests).toHaveLength(0);
    },
  );

  it('sends such a key as a query parameter, percent-encoded', async () => {
    const presentation: KeyPresentation = { kind: 'query', param: 'api_key' };
    const server = await startTestServer((request, response) => {
      const ok = new URL(request.url ?? '/', 'http://x').searchParams.get('api_key') === 'clé-9b8a7c6d5e-✓';
      response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'N', description: 'D', content: 'C' }));
    });
    servers.push(server);
    const result = await client.getGuideline(testTarget(server.url, 'clé-9b8a7c6d5e-✓', { auth: presentation }), { guidelineId: 'g' });
    expect(result.ok).toBe(true);
  });

  it('shows the query form with the key replaced in the recorded URL', () => {
    const presented = presentKey({ kind: 'query', param: 'api_key' }, KEY, new URL('https://p.example/api/guideline/g/'));
    expect(presented.url.searchParams.get('api_key')).toBe(KEY);
    expect(presented.recordedUrl).toBe(`https://p.example/api/guideline/g/?api_key=${REDACTED}`);
  });
});

describe('the key stays with its origin', () => {
  it.each(PRESENTATIONS.map((p) => [describePresentation(p), p] as const))(
    'a redirect elsewhere is not followed (%s)',
    async (_label, presentation) => {
      const elsewhere = await startTestServer((_request, response) => response.end('{}'));
      servers.push(elsewhere);
      const redirecting = await startTestServer((_request, response) => {
        response.writeHead(307, { location: `${elsewhere.url}/api/guideline/g/` });
        response.end();
      });
      servers.push(redirecting);
      const result = await client.getGuideline(target(redirecting.url, presentation), { guidelineId: 'g' });
      expect(!result.ok && result.error.message).toContain('not followed');
      expect(elsewhere.requests).toHaveLength(0);
      expect(JSON.stringify(result)).not.toContain(KEY);
    },
  );
});

describe('TLS settings per profile', () => {
  async function tlsServer(): Promise<TlsTestServer> {
    const server = await startTlsServer((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'N', description: 'D', content: 'C' }));
    });
    servers.push(server);
    return server;
  }

  it('verifies certificates by default and says why it refused', async () => {
    const server = await tlsServer();
    const result = await client.getGuideline(target(server.url, { kind: 'bearer' }), { guidelineId: 'g' });
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toMatch(/certificate/);
  });

  it('trusts an extra CA, such as a corporate proxy certificate', async () => {
    const server = await tlsServer();
    const result = await client.getGuideline(
      target(server.url, { kind: 'bearer' }, { tls: { verify: true, extraCa: server.certificate } }),
      {
        guidelineId: 'g',
      },
    );
    expect(result.ok).toBe(true);
  });

  it('connects without verification only when the profile turned it off', async () => {
    const server = await tlsServer();
    const result = await client.getGuideline(target(server.url, { kind: 'bearer' }, { tls: { verify: false, extraCa: null } }), {
      guidelineId: 'g',
    });
    expect(result.ok).toBe(true);
  });
});
