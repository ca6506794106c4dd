import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import { KEY_CLEARED_NOTE } from '../../../electron/core/service';
import { startWebHost, type WebHost } from '../../../electron/web/host';
import { LAUNCH_SECRET_HEADER, SESSION_PATH, type ProfileInput, type ProfileSummary } from '../../../electron/shared/api';
import { aesTestCipher } from '../../support/testCipher';

/**
 * The key goes only where it was saved for. This drives the contract as a
 * hostile page holding the launch secret would: over the browser-mode HTTP host, in front of
 * the real core (real stores, real platform client, the embedded Sandbox), it tries every
 * sequence of calls we could think of to make a key reach a server it was not saved for. Two
 * listeners record every byte they receive (request line, headers, body): "home" is where the
 * user's key was saved, "evil" is the attacker's. The test asserts which keys each one saw.
 */

const SANDBOX_KEY = 'SANDBOX-SENTINEL-1f2e3d4c5b6a';
const HOME_KEY = 'HOME-SENTINEL-a1b2c3d4e5f6';
const ENV_KEY = 'ENV-SENTINEL-0a9b8c7d6e5f';
const ALL_KEYS = [SANDBOX_KEY, HOME_KEY, ENV_KEY];

/** A listener that answers like a platform and records everything it receives. */
interface Listener {
  url: string;
  port: number;
  received: string[];
  server: Server;
}

async function listen(): Promise<Listener> {
  const received: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(`${req.method} ${req.url}\n${req.rawHeaders.join('\n')}\n\n${Buffer.concat(chunks).toString('utf8')}`);
      res.setHeader('content-type', 'application/json');
      res.end(
        req.method === 'GET'
          ? JSON.stringify({ name: 'g', description: 'd', content: 'c' })
          : JSON.stringify({ answer: 'ok', duration: '0.1s' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, port, received, server };
}

/** Every form a key could travel in: as is, percent-encoded, in base64 (Basic auth). */
function keysIn(texts: string[]): string[] {
  const all = texts.join('\n');
  return ALL_KEYS.filter((key) =>
    [key, encodeURIComponent(key), Buffer.from(key).toString('base64'), Buffer.from(`:${key}`).toString('base64')].some((form) =>
      all.includes(form),
    ),
  );
}

let home: Listener;
let evil: Listener;
const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-origin-static-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Agent Explorer</title>');

beforeAll(async () => {
  home = await listen();
  evil = await listen();
});
afterAll(async () => {
  await Promise.all([home, evil].map((l) => new Promise((resolve) => l.server.close(resolve))));
  rmSync(staticDir, { recursive: true, force: true });
});

/** One POST to the browser-mode host, as a page on its origin sends it. */
function post(
  host: WebHost,
  urlPath: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ text: string; cookie: string }> {
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
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const cookie = (res.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
        res.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), cookie }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * The contract over the browser-mode host, as a hostile page holding a session would call it:
 * it spends a one-time address for the session (cookie and page secret) as the page does.
 */
async function hostileClient(host: WebHost) {
  const token = /#token=([A-Za-z0-9_-]+)$/.exec(host.newLink())?.[1] ?? '';
  const session = await post(host, SESSION_PATH, { token });
  const pageSecret = (JSON.parse(session.text) as { value: { pageSecret: string } }).value.pageSecret;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a hostile page reads answers as loosely as it likes
  return async function rpc(method: string, argument: unknown = null): Promise<any> {
    const { text } = await post(host, `/rpc/${method}`, { argument }, { cookie: session.cookie, [LAUNCH_SECRET_HEADER]: pageSecret });
    // A refusal by the host's argument check comes as { error }, an answer as { value }.
    const parsed = JSON.parse(text) as { value?: unknown; error?: unknown };
    return 'error' in parsed ? { ok: false, error: parsed.error } : parsed.value;
  };
}

interface Harness {
  core: Core;
  host: WebHost;
  rpc: Awaited<ReturnType<typeof hostileClient>>;
  dataDir: string;
}

async function start(dataDir: string, withCipher: ReturnType<typeof aesTestCipher> | null): Promise<Harness> {
  const core = await startCore({
    host: 'browser',
    version: '0.0.0-test',
    dataDir,
    ...(withCipher ? { cipher: withCipher } : {}),
    sandboxKey: SANDBOX_KEY,
    sandboxLatency: 'none',
    downloadsDir: path.join(dataDir, 'downloads'),
    env: { AGENT_EXPLORER_BASE_URL: `${home.url}/env`, AGENT_EXPLORER_API_KEY: ENV_KEY },
  });
  const host = await startWebHost({ api: core.api, staticDir });
  return { core, host, rpc: await hostileClient(host), dataDir };
}

async function stop(harness: Harness): Promise<void> {
  await harness.host.close();
  await harness.core.close();
}

let counter = 0;
function input(baseUrl: string, overrides: Partial<ProfileInput> = {}): ProfileInput {
  counter += 1;
  return {
    name: `P${counter}`,
    baseUrl,
    auth: { kind: 'bearer' },
    timeoutMs: 5_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    ...overrides,
  };
}

describe.each([
  ['browser mode, keys in memory', null],
  ['keys encrypted on disk', aesTestCipher()],
] as const)('no contract sequence sends a key where it was not saved for (%s)', (_label, cipher) => {
  let h: Harness;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ae-origin-'));
    h = await start(dataDir, cipher);
  });
  afterAll(async () => {
    await stop(h);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const profile = async (id: string): Promise<ProfileSummary> =>
    ((await h.rpc('listProfiles')) as { profiles: ProfileSummary[] }).profiles.find((p) => p.id === id)!;
  const update = async (id: string, baseUrl: string, overrides: Partial<ProfileInput> = {}) => {
    const current = await profile(id);
    return h.rpc('updateProfile', { profileId: id, profile: { ...input(baseUrl), name: current.name, auth: current.auth, ...overrides } });
  };
  /** A profile saved at `baseUrl` with HOME_KEY: the key belongs to that origin. */
  const withKey = async (baseUrl = home.url): Promise<string> => {
    const created = await h.rpc('createProfile', input(baseUrl));
    await h.rpc('setProfileKey', { profileId: created.value.profileId, key: HOME_KEY });
    return created.value.profileId as string;
  };
  /** Every call that reaches the platform, on this profile. */
  const fire = async (profileId: string) => {
    await h.rpc('selectProfile', { profileId });
    const results = [
      await h.rpc('invokeAgent', { agentId: 'agent-1', text: 'hi', payload: { city: 'Oslo' } }),
      await h.rpc('getGuideline', { guidelineId: 'g-1' }),
      await h.rpc('saveResponseToFile', { kind: 'invoke', request: { agentId: 'agent-1', text: 'hi', payload: {} } }),
      await h.rpc('saveResponseToFile', { kind: 'guideline', request: { guidelineId: 'g-1' } }),
      await h.rpc('detectKeyPresentation', { profileId, guidelineId: 'g-1' }),
    ];
    return results as Array<{ ok: boolean; error?: { code: string } }>;
  };
  // Each sequence is judged on what reached the evil listener while it ran; the last test judges all.
  let mark = 0;
  beforeEach(() => {
    mark = evil.received.length;
  });
  const evilSaw = () => keysIn(evil.received.slice(mark));
  const homeSaw = () => keysIn(home.received);

  it('update the base URL to another origin, then invoke, read, save and detect', async () => {
    const id = await withKey();
    const moved = await update(id, evil.url);
    expect(moved.value.keyCleared).toBe(true);
    expect((await profile(id)).key).toMatchObject({ set: false, note: KEY_CLEARED_NOTE });
    const results = await fire(id);
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(evilSaw()).toEqual([]);
  });

  it('update, set nothing, detect; then move back: the key stays cleared', async () => {
    const id = await withKey();
    await update(id, evil.url);
    expect((await h.rpc('detectKeyPresentation', { profileId: id, guidelineId: 'g-1' })).error.code).toBe('no_key');
    await update(id, home.url);
    await update(id, evil.url);
    await fire(id);
    expect(evilSaw()).toEqual([]);
  });

  it('duplicate a profile that has a key, then retarget the copy', async () => {
    const id = await withKey();
    const copy = (await h.rpc('duplicateProfile', { profileId: id })).value.profileId as string;
    expect((await profile(copy)).key.set).toBe(false);
    await update(copy, evil.url);
    await fire(copy);
    expect(evilSaw()).toEqual([]);
  });

  it('create a new profile elsewhere, delete and re-create, give a key and move it', async () => {
    await fire((await h.rpc('createProfile', input(evil.url))).value.profileId);
    const id = await withKey();
    await h.rpc('deleteProfile', { profileId: id });
    await fire((await h.rpc('createProfile', input(evil.url))).value.profileId);
    const later = (await h.rpc('createProfile', input(evil.url))).value.profileId as string;
    await update(later, home.url);
    await h.rpc('setProfileKey', { profileId: later, key: HOME_KEY });
    await update(later, evil.url);
    await fire(later);
    expect(evilSaw()).toEqual([]);
  });

  it('switch how the key is presented, then the origin with it', async () => {
    const id = await withKey();
    expect((await update(id, home.url, { auth: { kind: 'query', param: 'api_key' } })).value.keyCleared).toBeUndefined();
    await update(id, `${evil.url}/`, { auth: { kind: 'header', header: 'X-Evil' } });
    await fire(id);
    expect(evilSaw()).toEqual([]);
  });

  it('path tricks: another path on the same origin keeps the key; a path naming the home server does not make another origin home', async () => {
    const id = await withKey();
    expect((await update(id, `${home.url}/deeper/../path`)).value.keyCleared).toBeUndefined();
    expect((await profile(id)).key.set).toBe(true);
    await update(id, `${evil.url}/${home.url}`);
    await fire(id);
    expect(evilSaw()).toEqual([]);
  });

  it('user info in the URL is refused and changes nothing', async () => {
    const id = await withKey();
    for (const baseUrl of [`http://127.0.0.1:${home.port}@127.0.0.1:${evil.port}`, `http://user:${HOME_KEY}@127.0.0.1:${evil.port}`]) {
      expect((await update(id, baseUrl)).error.code).toBe('invalid_argument');
    }
    expect((await profile(id)).baseUrl).toBe(home.url);
    expect(evilSaw()).toEqual([]);
  });

  it('localhost, IPv6 and trailing dots are other origins: the key is cleared', async () => {
    for (const other of [
      `http://localhost:${home.port}`,
      `http://localhost.:${home.port}`,
      `http://[::1]:${evil.port}`,
      `http://localhost:${evil.port}`,
      `http://127.0.0.2:${home.port}`,
    ]) {
      const id = await withKey();
      expect((await update(id, other, { allowInsecureHttp: true })).value.keyCleared).toBe(true);
      await fire(id);
    }
    expect(evilSaw()).toEqual([]);
    expect(homeSaw().filter((key) => key !== HOME_KEY && key !== ENV_KEY)).toEqual([]);
  });

  it('default ports are the same origin (https://h and https://h:443), a trailing dot is not', async () => {
    const id = await withKey('https://h.example');
    expect((await update(id, 'https://h.example:443/v1')).value.keyCleared).toBeUndefined();
    expect((await profile(id)).key).toMatchObject({ set: true, origin: 'https://h.example' });
    expect((await update(id, 'https://h.example.')).value.keyCleared).toBe(true);
  });

  it('racing a change of origin with requests and with setting the key', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await withKey();
      await h.rpc('selectProfile', { profileId: id });
      await Promise.all([
        h.rpc('invokeAgent', { agentId: 'a', text: 'x', payload: {} }),
        update(id, evil.url),
        h.rpc('invokeAgent', { agentId: 'a', text: 'x', payload: {} }),
        h.rpc('getGuideline', { guidelineId: 'g' }),
        // The person gives the key for the server they see (home) while the profile is being moved.
        h.rpc('setProfileKey', { profileId: id, key: HOME_KEY, forBaseUrl: home.url }),
        h.rpc('invokeAgent', { agentId: 'a', text: 'x', payload: {} }),
      ]);
      const results = await fire(id);
      // When the key was set for the old origin after the move, nothing is sent, and the error says why.
      if ((await profile(id)).key.set) expect(results[0]!.error!.code).toBe('key_origin');
    }
    expect(evilSaw()).toEqual([]);
  });

  it('a key given for the server the person saw is refused once the profile points elsewhere', async () => {
    const id = (await h.rpc('createProfile', input(home.url))).value.profileId as string;
    await update(id, evil.url);
    const refused = await h.rpc('setProfileKey', { profileId: id, key: HOME_KEY, forBaseUrl: `${home.url}/` });
    expect(refused.error.code).toBe('key_origin');
    expect((await profile(id)).key.set).toBe(false);
    expect((await h.rpc('setProfileKey', { profileId: id, key: HOME_KEY, forBaseUrl: 42 })).error.code).toBe('invalid_argument');
    await fire(id);
    expect(evilSaw()).toEqual([]);
  });

  it('the Sandbox and Environment profiles: read-only, and their copies carry no key', async () => {
    for (const fixed of ['sandbox', 'environment']) {
      expect((await update(fixed, evil.url)).error.code).toBe('invalid_argument');
      expect((await h.rpc('setProfileKey', { profileId: fixed, key: 'x-123' })).error.code).toBe('invalid_argument');
      const copy = (await h.rpc('duplicateProfile', { profileId: fixed })).value.profileId as string;
      await update(copy, evil.url);
      await fire(copy);
    }
    // The Environment key went to its own origin (home) only, and the Sandbox key to the Sandbox only.
    await fire('environment');
    expect(homeSaw()).toContain(ENV_KEY);
    expect(homeSaw()).not.toContain(SANDBOX_KEY);
    expect(evilSaw()).toEqual([]);
  });

  it('each server saw the keys saved for it and no other (and the listeners do record keys)', async () => {
    // The attacker's own profile with the attacker's own key: it does reach the evil listener.
    const own = (await h.rpc('createProfile', input(evil.url))).value.profileId as string;
    await h.rpc('setProfileKey', { profileId: own, key: 'EVIL-OWN-KEY-99' });
    await fire(own);
    expect(evil.received.join('\n')).toContain('EVIL-OWN-KEY-99');
    expect(homeSaw().sort()).toEqual([ENV_KEY, HOME_KEY].sort());
    expect(keysIn(evil.received)).toEqual([]);
  });
});

describe('after a restart, and for keys saved before keys were bound', () => {
  it('a profile moved before the restart has no key after it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-origin-restart-'));
    const cipher = aesTestCipher();
    let h = await start(dataDir, cipher);
    const id = (await h.rpc('createProfile', input(home.url))).value.profileId as string;
    await h.rpc('setProfileKey', { profileId: id, key: HOME_KEY });
    await h.rpc('updateProfile', { profileId: id, profile: input(evil.url) });
    await stop(h);
    h = await start(dataDir, cipher);
    await h.rpc('selectProfile', { profileId: id });
    expect((await h.rpc('invokeAgent', { agentId: 'a', text: 'x', payload: {} })).error.code).toBe('no_key');
    await stop(h);
    rmSync(dataDir, { recursive: true, force: true });
    expect(keysIn(evil.received)).toEqual([]);
  });

  it('a version-1 key is bound to its profile origin: moving the profile before any request clears it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-origin-v1-'));
    const cipher = aesTestCipher();
    const profile = { id: 'legacy', kind: 'custom', ...input(home.url) };
    writeFileSync(path.join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'legacy', profiles: [profile] }));
    writeFileSync(
      path.join(dataDir, 'keys.json'),
      JSON.stringify({ version: 1, keys: { legacy: (await cipher.encrypt(HOME_KEY)).toString('base64') } }),
    );
    const h = await start(dataDir, cipher);
    expect(
      (await h.rpc('updateProfile', { profileId: 'legacy', profile: { ...input(evil.url), name: profile.name } })).value.keyCleared,
    ).toBe(true);
    await h.rpc('selectProfile', { profileId: 'legacy' });
    await h.rpc('invokeAgent', { agentId: 'a', text: 'x', payload: {} });
    await h.rpc('detectKeyPresentation', { profileId: 'legacy', guidelineId: 'g' });
    await stop(h);
    rmSync(dataDir, { recursive: true, force: true });
    expect(keysIn(evil.received)).toEqual([]);
  });
});
