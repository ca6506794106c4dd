import { detectPresentation, detectProbe } from '../../../../electron/core/profiles/detect';
import { startSandbox } from '../../../../electron/sandbox/server';
import { SANDBOX_GUIDELINES } from '../../../../electron/sandbox/catalog';
import type { KeyPresentation } from '../../../../electron/shared/api';
import { testClient, testTarget } from '../../../support/platformClient';
import { startTestServer } from '../../../support/testServer';

const KEY = 'detect-probe-key-0a1b2c3d4e';
const UUID = /^\/api\/agent\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\/invoke\/$/;

describe('detectProbe', () => {
  it('reads the guideline given, or else invokes an agent id made up for this Detect', () => {
    expect(detectProbe(' g1 ')).toEqual({ kind: 'guideline', guidelineId: 'g1' });
    const first = detectProbe('  ');
    const second = detectProbe('');
    expect(first.kind === 'invoke' && `/api/agent/${first.agentId}/invoke/`).toMatch(UUID);
    expect(first).not.toEqual(second);
  });
});

describe('Detect without a guideline id', () => {
  it('invokes a made-up agent with an empty text and payload, and takes the presentation answered 404 rather than 401', async () => {
    const form: KeyPresentation = { kind: 'header', header: 'X-API-Key' };
    const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
    try {
      const { attempts, chosen } = await detectPresentation(testClient(), testTarget(platform.url, KEY), detectProbe(''));
      expect(chosen).toEqual(form);
      expect(attempts.map((attempt) => [attempt.label, attempt.status, attempt.outcome])).toEqual([
        ['Authorization: Bearer <key>', 401, 'rejected'],
        ['Authorization: Token <key>', 401, 'rejected'],
        ['Authorization: Api-Key <key>', 401, 'rejected'],
        ['X-API-Key: <key>', 404, 'accepted'],
      ]);
      expect(attempts.at(-1)?.message).toBe('Accepted: the server looked for the made-up agent (HTTP 404), so the key got past its check.');
    } finally {
      await platform.close();
    }
  });

  it('sends POST invoke with {"text":"","payload":{}} to one made-up id, and takes 400 as past the key too', async () => {
    const server = await startTestServer((request, response) => {
      const refused = request.headers['authorization'] !== `Token ${KEY}`;
      response.writeHead(refused ? 403 : 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: refused ? 'Forbidden' : 'Bad request' }));
    });
    try {
      const { attempts, chosen } = await detectPresentation(testClient(), testTarget(server.url, KEY), detectProbe(''));
      expect(chosen).toEqual({ kind: 'scheme', scheme: 'Token' });
      expect(attempts.map((attempt) => [attempt.status, attempt.outcome])).toEqual([
        [403, 'rejected'],
        [400, 'accepted'],
      ]);
      expect(server.requests.map(({ method, body }) => [method, JSON.parse(body)])).toEqual([
        ['POST', { text: '', payload: {} }],
        ['POST', { text: '', payload: {} }],
      ]);
      expect(server.requests[0]!.url).toMatch(UUID);
      expect(server.requests[1]!.url).toBe(server.requests[0]!.url);
    } finally {
      await server.close();
    }
  });

  it('stops at an answer that does not tell (a server error) and chooses nothing', async () => {
    const server = await startTestServer((_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end('{"detail":"boom"}');
    });
    try {
      const { attempts, chosen } = await detectPresentation(testClient(), testTarget(server.url, KEY), detectProbe(''));
      expect(chosen).toBeNull();
      expect(attempts).toEqual([
        expect.objectContaining({
          status: 500,
          outcome: 'failed',
          message: 'HTTP 500 does not tell whether the key was taken. Give a guideline id and Detect again.',
        }),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('Detect with a guideline id', () => {
  it('reads the guideline with each presentation: a GET, never an invoke', async () => {
    const form: KeyPresentation = { kind: 'query', param: 'apikey' };
    const platform = await startSandbox({ apiKey: KEY, auth: form, latency: 'none' });
    try {
      const guidelineId = SANDBOX_GUIDELINES[0]!.id;
      const { attempts, chosen } = await detectPresentation(testClient(), testTarget(platform.url, KEY), detectProbe(guidelineId));
      expect(chosen).toEqual(form);
      expect(attempts.at(-1)).toMatchObject({ status: 200, outcome: 'accepted', message: 'Accepted: the guideline was read (HTTP 200).' });
    } finally {
      await platform.close();
    }
  });
});
