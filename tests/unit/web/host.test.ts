import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../../electron/web/host';
import { exportDownloadPath, LAUNCH_SECRET_HEADER, type RunProgress } from '../../../electron/shared/api';
import { FakeApi } from '../../support/fakeApi';
import { startCore, type Core } from '../../../electron/core/bootstrap';

const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-web-'));
mkdirSync(staticDir, { recursive: true });
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Agent Explorer</title>');

let api: FakeApi;
let host: WebHost;
let tokensUsed = 0;
/** The session the tests' "browser" got for the first address: its cookie and its page secret. */
let COOKIE = '';
let SECRET = '';
beforeAll(async () => {
  api = new FakeApi();
  host = await startWebHost({ api, runExports: api.runExports, staticDir, onTokenUsed: () => (tokensUsed += 1) });
  const session = await exchange(tokenOf(host.url));
  expect(session.status).toBe(200);
  COOKIE = cookieOf(session);
  SECRET = JSON.parse(session.body).value.pageSecret;
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
      cookie: COOKIE,
      [LAUNCH_SECRET_HEADER]: SECRET,
      ...headers,
    },
    JSON.stringify({ argument }),
  );
}

function tokenOf(url: string): string {
  const match = /^http:\/\/127\.0\.0\.1:\d+\/#token=([A-Za-z0-9_-]{40,})$/.exec(url);
  if (!match?.[1]) throw new Error(`not a one-time address: ${url}`);
  return match[1];
}

/** Spends a token as the page does. */
function exchange(token: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(
    'POST',
    '/session',
    { host: `127.0.0.1:${host.port}`, origin: host.origin, 'content-type': 'application/json', ...headers },
    JSON.stringify({ token }),
  );
}

/** The `name=value` part of the session cookie a response sets. */
function cookieOf(response: RawResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('no cookie was set');
  return first.split(';')[0] ?? '';
}

describe('browser-mode host', () => {
  it('prints an address on 127.0.0.1 with only a one-time token, in the fragment', () => {
    expect(tokenOf(host.url)).not.toBe('');
    expect(host.url).not.toContain(SECRET);
    expect(host.url).not.toContain(COOKIE.split('=')[1]);
    expect(tokenOf(host.newLink())).not.toBe(tokenOf(host.newLink()));
  });

  it('answers a contract call that carries the secret from our own origin', async () => {
    const response = await rpc('listProfiles', null);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).value.activeProfileId).toBe('sandbox');
  });

  it.each([
    ['no page secret', { [LAUNCH_SECRET_HEADER]: '' }],
    ['a wrong page secret', { [LAUNCH_SECRET_HEADER]: 'guess' }],
    ['no session cookie', { cookie: '' }],
    ['a wrong session cookie', { cookie: `agent-explorer-session-${1}=guess` }],
    ['another origin', { origin: 'https://evil.example' }],
    ['a look-alike origin', { origin: `http://127.0.0.1:${1}` }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a call with %s', async (_label, headers) => {
    const response = await rpc('invokeAgent', { agentId: 'a', text: '', payload: {} }, headers);
    expect(response.status).toBe(403);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a call with the cookie of one session alone, as a server on another port would get it', async () => {
    const response = await raw(
      'POST',
      '/rpc/listProfiles',
      { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json', cookie: COOKIE },
      '{}',
    );
    expect(response.status).toBe(403);
  });

  it('refuses a call without the secret header at all', async () => {
    const response = await raw('POST', '/rpc/listProfiles', { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json' }, '{}');
    expect(response.status).toBe(403);
  });

  it.each([`evil.example:${0}`, 'attacker.test', '127.0.0.1'])(
    'refuses Host %s (DNS rebinding), for calls and files',
    async (hostHeader) => {
      const call = await rpc('listProfiles', null, { host: hostHeader });
      const page = await raw('GET', '/', { host: hostHeader });
      expect(call.status).toBe(403);
      expect(page.status).toBe(403);
      expect(api.calls).toHaveLength(0);
    },
  );

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

describe('downloading a held run export (GET /export)', () => {
  /** A run export held by the host, as exportRun leaves it, whose pieces say when they are read and when reading stops. */
  function hold(pieces: readonly string[] | { count: number; piece: string }) {
    let stop: () => void = () => undefined;
    const state = { read: 0, stopped: new Promise<void>((resolve) => (stop = resolve)) };
    async function* read() {
      try {
        const count = Array.isArray(pieces) ? pieces.length : (pieces as { count: number }).count;
        for (let index = 0; index < count; index += 1) {
          state.read += 1;
          yield Array.isArray(pieces) ? pieces[index]! : (pieces as { piece: string }).piece;
        }
      } finally {
        stop();
      }
    }
    const ticket = api.runExports.issue({ fileName: 'orders-ä-run-2026-11-23.csv', mediaType: 'text/csv', pieces: read() });
    return { ticket, state };
  }
  const get = (urlPath: string, headers: Record<string, string> = {}) =>
    raw('GET', urlPath, { host: `127.0.0.1:${host.port}`, cookie: COOKIE, 'sec-fetch-site': 'same-origin', ...headers });

  it('sends it as an attachment, with the session cookie alone, once', async () => {
    const { ticket } = hold(['name,passed\r\n', 'Dana ✓,true\r\n']);
    const response = await get(exportDownloadPath(ticket));
    expect(response.status).toBe(200);
    expect(response.body).toBe('name,passed\r\nDana ✓,true\r\n');
    expect(response.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-_-run-2026-11-23.csv"; filename*=UTF-8''orders-%C3%A4-run-2026-11-23.csv`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const again = await get(exportDownloadPath(ticket));
    expect(again.status).toBe(404);
    expect(JSON.parse(again.body).error.message).toContain('export the run again');
  });

  it.each([
    ['no session cookie', { cookie: '' }],
    ['a wrong session cookie', { cookie: `agent-explorer-session-${1}=guess` }],
    ['another origin', { origin: 'https://evil.example' }],
    ['a cross-site request', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a download with %s, and the ticket stays good for our page', async (_label, headers) => {
    const { ticket, state } = hold(['a\r\n']);
    const refused = await get(exportDownloadPath(ticket), headers);
    expect(refused.status).toBe(403);
    expect(state.read).toBe(0);
    expect((await get(exportDownloadPath(ticket))).body).toBe('a\r\n');
  });

  it.each([
    ['no ticket', '/export'],
    ['an empty ticket', '/export?ticket='],
    ['a ticket never issued', exportDownloadPath('A'.repeat(43))],
    ['a malformed ticket', '/export?ticket=..%2F..%2Fetc%2Fpasswd'],
  ])('answers 404 with why for %s', async (_label, urlPath) => {
    const response = await get(urlPath);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).error.code).toBe('invalid_argument');
  });

  it('takes GET only', async () => {
    const { ticket } = hold(['a']);
    const response = await raw('POST', exportDownloadPath(ticket), { host: `127.0.0.1:${host.port}`, cookie: COOKIE }, '');
    expect(response.status).toBe(405);
  });

  it('reads the export only as fast as the browser takes it: a dropped download stops the reads', async () => {
    // 2,000 pieces of 64 KB (128 MB): sent whole, every piece would be read before the first byte arrived.
    const { ticket, state } = hold({ count: 2000, piece: 'x'.repeat(65_536) });
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: host.port,
          path: exportDownloadPath(ticket),
          headers: { host: `127.0.0.1:${host.port}`, cookie: COOKIE },
        },
        (response) => {
          expect(response.statusCode).toBe(200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        },
      );
      request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(error)));
      request.end();
    });
    await state.stopped;
    expect(state.read).toBeGreaterThan(0);
    expect(state.read).toBeLessThan(1000);
  });
});

describe('one-time addresses', () => {
  it('spends a token for an HttpOnly, SameSite=Strict, Path=/ session cookie and a page secret, and says so', async () => {
    const before = tokensUsed;
    const response = await exchange(tokenOf(host.newLink()));
    expect(response.status).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^agent-explorer-session-${host.port}=[A-Za-z0-9_-]{40,}; `));
    expect(header.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
    expect(JSON.parse(response.body).value.pageSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(tokensUsed).toBe(before + 1);
  });

  it('refuses a token used twice, and the second use gets no session', async () => {
    const token = tokenOf(host.newLink());
    expect((await exchange(token)).status).toBe(200);
    const again = await exchange(token);
    expect(again.status).toBe(403);
    expect(JSON.parse(again.body).error.code).toBe('token_used');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).not.toContain('pageSecret');
    expect(again.body).not.toContain('startup');
  });

  it('answers a spent token with what the first screen waits for, so the page need not ask for it in a second round trip', async () => {
    const response = await exchange(tokenOf(host.newLink()));
    expect(response.status).toBe(200);
    expect(api.callsOf('getStartup')).toHaveLength(1);
    const expected = JSON.parse(JSON.stringify(await api.getStartup())) as unknown;
    expect(JSON.parse(response.body).value).toEqual({ pageSecret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), startup: expected });
  });

  it('still hands out the session when the startup read fails: the page then asks for each part itself', async () => {
    const getStartup = api.getStartup.bind(api);
    api.getStartup = async () => {
      throw new Error('the database is busy');
    };
    try {
      const response = await exchange(tokenOf(host.newLink()));
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body).value).toEqual({ pageSecret: expect.any(String), startup: null });
    } finally {
      api.getStartup = getStartup;
    }
  });

  it('refuses a token it never gave out', async () => {
    const response = await exchange('made-up-token-0123456789012345678901234567890');
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.code).toBe('token_unknown');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a spend from another origin without burning the token', async () => {
    const token = tokenOf(host.newLink());
    expect((await exchange(token, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await exchange(token, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await exchange(token)).status).toBe(200);
  });

  it('lets a second tab of the same browser keep the cookie, so the first tab keeps working', async () => {
    const second = await exchange(tokenOf(host.newLink()), { cookie: COOKIE });
    expect(second.status).toBe(200);
    expect(second.headers['set-cookie']).toBeUndefined();
    const secondSecret = JSON.parse(second.body).value.pageSecret as string;
    expect((await rpc('listProfiles', null)).status).toBe(200);
    expect((await rpc('listProfiles', null, { [LAUNCH_SECRET_HEADER]: secondSecret })).status).toBe(200);
  });
});

describe('a hostile answerMatches', () => {
  /**
   * The browser-mode host with the real core and its Sandbox, given suites whose `answerMatches`
   * is hostile: a pattern that backtracks exponentially, and one a data row makes invalid. The
   * host keeps answering, the run ends, and the person reads why.
   */

  const ECHO = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';
  const root = mkdtempSync(path.join(tmpdir(), 'ae-hostile-pattern-'));
  let core: Core;
  let host: WebHost;
  let COOKIE = '';
  let SECRET = '';

  function post(
    urlPath: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: host.port,
          method: 'POST',
          path: urlPath,
          headers: { host: `127.0.0.1:${host.port}`, origin: host.origin, 'content-type': 'application/json', ...headers },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  }

  /** A contract call as the page makes it; the method's Result. */
  async function rpc(method: string, argument: unknown): Promise<unknown> {
    const response = await post(`/rpc/${method}`, { argument }, { cookie: COOKIE, [LAUNCH_SECRET_HEADER]: SECRET });
    expect(response.status, response.body).toBe(200);
    return (JSON.parse(response.body) as { value: unknown }).value;
  }

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), '');
    core = await startCore({ host: 'browser', version: '0.0.0-test', dataDir: path.join(root, 'data'), sandboxLatency: 'none' });
    host = await startWebHost({ api: core.api, runProgress: core.runProgress, staticDir: root });
    const token = /#token=([A-Za-z0-9_-]+)$/.exec(host.url)![1]!;
    const session = await post('/session', { token });
    COOKIE = String((session.headers['set-cookie'] as string[])[0]).split(';')[0]!;
    SECRET = JSON.parse(session.body).value.pageSecret;
  });
  afterAll(async () => {
    await host.close();
    await core.close();
    rmSync(root, { recursive: true, force: true });
  });

  describe('a hostile answerMatches in the browser-mode host', () => {
    it('does not stop the host: the run ends, the result says no match, and the host answers', { timeout: 10_000 }, async () => {
      const ended = new Promise<RunProgress>((resolve) => {
        const stop = core.runProgress.subscribe((progress) => {
          if (progress.state !== 'running') {
            stop();
            resolve(progress);
          }
        });
      });
      // In a backtracking engine, 26 characters of this took over 10 s, doubling with each more.
      const suite = {
        name: 'hostile',
        agents: [ECHO],
        cases: [{ name: 'backtracks', text: `${'a'.repeat(26)}!`, expect: { answerMatches: '(a+)+$' } }],
      };
      const started = await rpc('startRun', { profileId: 'sandbox', suite, suiteFile: 'hostile.json', data: null });
      expect(started).toMatchObject({ ok: true, value: { total: 1 } });
      const final = await ended;
      expect(final).toMatchObject({ state: 'failed', completed: 1, failed: 1 });
      const result = await rpc('getRunResult', { runId: final.runId, index: 0 });
      expect(result).toMatchObject({
        ok: true,
        value: {
          expectations: expect.arrayContaining([
            expect.objectContaining({
              kind: 'answerMatches',
              passed: false,
              actual: expect.stringContaining('no match in "You said: aaaa'),
            }),
          ]),
        },
      });
      expect(await rpc('listProfiles', null)).toMatchObject({ activeProfileId: 'sandbox' });
    });

    it('refuses, before sending anything, a pattern a data row makes invalid, and the host answers', async () => {
      const suite = {
        name: 'rows',
        data: 'rows.csv',
        agents: [ECHO],
        cases: [{ name: 'count', text: 'aaa', expect: { answerMatches: 'a{1,{{n}}}' } }],
      };
      // The page sends the data file first, in pieces, then names it.
      const begun = (await rpc('beginRunData', { name: 'rows.csv' })) as { ok: true; value: { uploadId: string } };
      expect(await rpc('appendRunData', { uploadId: begun.value.uploadId, text: 'n\n2\n' })).toEqual({ ok: true, value: { bytes: 4 } });
      expect(await rpc('appendRunData', { uploadId: begun.value.uploadId, text: '0\n' })).toEqual({ ok: true, value: { bytes: 6 } });
      const started = await rpc('startRun', {
        profileId: 'sandbox',
        suite,
        suiteFile: 'rows.json',
        data: { name: 'rows.csv', uploadId: begun.value.uploadId },
      });
      expect(started).toMatchObject({
        ok: false,
        error: {
          code: 'bad_suite',
          problems: [
            {
              file: 'rows.json',
              case: { number: 1, name: 'count' },
              field: 'cases[0].expect.answerMatches',
              message: expect.stringContaining('with row 2 of rows.csv it is not a valid regular expression'),
            },
          ],
        },
      });
      expect(await rpc('listRuns', {})).toMatchObject({ ok: true });
    });
  });
});
