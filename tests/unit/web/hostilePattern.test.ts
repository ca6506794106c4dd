import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { LAUNCH_SECRET_HEADER, type RunProgress } from '../../../electron/shared/api';
import { startWebHost, type WebHost } from '../../../electron/web/host';

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
          expect.objectContaining({ kind: 'answerMatches', passed: false, actual: expect.stringContaining('no match in "You said: aaaa') }),
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
    const started = await rpc('startRun', {
      profileId: 'sandbox',
      suite,
      suiteFile: 'rows.json',
      data: { name: 'rows.csv', text: 'n\n2\n0\n' },
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
