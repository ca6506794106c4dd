import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../../electron/core/bootstrap';
import type { InvokeResult, ProfileInput } from '../../../../electron/shared/api';
import { makeTestPki, PASSPHRASE, startClientCertServer, type RunningServer } from '../../../support/clientCertServer';
import { createKeyedProfile } from '../../../support/keyedProfile';
import { startTestProxy, type TestProxy } from '../../../support/proxyServer';
import { aesTestCipher } from '../../../support/testCipher';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * A profile's own proxy and client certificate, through the contract as the Profiles dialog uses
 * it: a real proxy that asks for credentials, a real HTTPS server that asks for a client
 * certificate, and the keychain store on disk (with the test cipher), read back as files.
 */
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const KEY = 'profile-net-key-5c2e9a1f7b';
const PROXY_PASSWORD = 'proxy-pass-d41c9e7b23';
let core: Core | undefined;
let platform: TestServer | RunningServer | undefined;
let proxy: TestProxy | undefined;
let other: TestProxy | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  await proxy?.close();
  await other?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  core = platform = proxy = other = dataDir = undefined;
});

const agentAnswer = () => startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'ok', duration: '1ms' })));
const invoke = () => core!.api.invokeAgent({ agentId: AGENT, text: 'hi', payload: {} });
const message = (result: InvokeResult) => (result.ok ? 'ok' : result.error.message);

async function startDesktopLikeCore(): Promise<Core> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ae-profile-net-'));
  // A "System" setting that would go through no proxy: only the profile's own setting matters here.
  return startCore({
    host: 'electron',
    version: '0.0.0-test',
    sandboxLatency: 'none',
    dataDir,
    cipher: aesTestCipher(),
    systemProxy: async () => ({ kind: 'direct' }),
  });
}

async function filesText(dir: string): Promise<string> {
  const names = await readdir(dir, { recursive: true });
  const texts = await Promise.all(
    names.map((name) =>
      readFile(path.join(dir, name)).then(
        (b) => b.toString('latin1'),
        () => '',
      ),
    ),
  );
  return texts.join('\n');
}

describe("a profile's manual proxy", () => {
  it('asks for the password, then goes through the proxy with it; the password is kept encrypted and never shown', async () => {
    platform = await agentAnswer();
    proxy = await startTestProxy({ credentials: `analyst:${PROXY_PASSWORD}` });
    core = await startDesktopLikeCore();
    const profileId = await createKeyedProfile(core.api, {
      name: 'Behind the proxy',
      baseUrl: platform.url,
      key: KEY,
      allowInsecureHttp: true,
      proxy: { mode: 'manual', url: proxy.url, username: 'analyst', bypass: [] },
    });

    const refused = await invoke();
    expect(message(refused)).toMatch(/proxy.*(credentials|user name and password)/i);

    const set = await core.api.setProfileSecret({ profileId, name: 'proxyPassword', value: PROXY_PASSWORD });
    expect(set).toEqual({ ok: true, value: { set: true, storage: 'keychain', note: null } });
    const answered = await invoke();
    expect(message(answered)).toBe('ok');
    expect(answered.ok && answered.value.exchange.via).toBe(proxy.url);
    expect(proxy.authorizations.at(-1)).toBe(`Basic ${Buffer.from(`analyst:${PROXY_PASSWORD}`).toString('base64')}`);

    const state = await core.api.listProfiles();
    const summary = state.profiles.find((p) => p.id === profileId)!;
    expect(summary.proxy).toEqual({ mode: 'manual', url: proxy.url, username: 'analyst', bypass: [] });
    expect(summary.secrets.proxyPassword.set).toBe(true);
    expect(JSON.stringify(state)).not.toContain(PROXY_PASSWORD);
    expect(JSON.stringify(answered)).not.toContain(PROXY_PASSWORD);
    expect(JSON.stringify(answered)).not.toContain(Buffer.from(`analyst:${PROXY_PASSWORD}`).toString('base64'));
    expect(await filesText(dataDir!)).not.toContain(PROXY_PASSWORD);
  });

  it('forgets the password when the profile points at another proxy, and sends bypassed hosts directly', async () => {
    platform = await agentAnswer();
    proxy = await startTestProxy({ credentials: `analyst:${PROXY_PASSWORD}` });
    other = await startTestProxy();
    core = await startDesktopLikeCore();
    const manual = (url: string, bypass: string[] = []): Partial<ProfileInput> => ({
      proxy: { mode: 'manual', url, username: 'analyst', bypass },
    });
    const base = {
      name: 'Moving proxy',
      baseUrl: platform.url,
      allowInsecureHttp: true,
      auth: { kind: 'bearer' as const },
      timeoutMs: 60_000,
      tls: { verify: true, caFile: null },
    };
    const profileId = await createKeyedProfile(core.api, { ...base, key: KEY, ...manual(proxy.url) });
    await core.api.setProfileSecret({ profileId, name: 'proxyPassword', value: PROXY_PASSWORD });

    const moved = await core.api.updateProfile({ profileId, profile: { ...base, ...manual(other.url) } });
    expect(moved.ok && moved.value.state.profiles.find((p) => p.id === profileId)!.secrets.proxyPassword.set).toBe(false);
    const answered = await invoke();
    expect(message(answered)).toBe('ok');
    // The other proxy was never sent the first proxy's password: only the user name, as curl -U analyst: does.
    expect(other.authorizations).toEqual([`Basic ${Buffer.from('analyst:').toString('base64')}`]);

    await core.api.updateProfile({ profileId, profile: { ...base, ...manual(other.url, ['127.0.0.1']) } });
    const direct = await invoke();
    expect(direct.ok && direct.value.exchange.via).toBeNull();
    expect(other.asked).toHaveLength(1);
  });

  it('refuses a password written into the proxy URL, and a password for a profile with no proxy of its own', async () => {
    core = await startDesktopLikeCore();
    const input: ProfileInput = {
      name: 'Clear text',
      baseUrl: 'https://platform.example.com',
      auth: { kind: 'bearer' },
      timeoutMs: 60_000,
      tls: { verify: true, caFile: null },
      allowInsecureHttp: false,
      proxy: { mode: 'manual', url: `http://analyst:${PROXY_PASSWORD}@proxy.example.com:3128`, username: null, bypass: [] },
    };
    const refused = await core.api.createProfile(input);
    expect(refused.ok || refused.error).toMatchObject({ field: 'proxyUrl', message: expect.stringMatching(/Password field/) });
    const created = await core.api.createProfile({ ...input, proxy: { mode: 'system' } });
    if (!created.ok) throw new Error(created.error.message);
    const noProxy = await core.api.setProfileSecret({ profileId: created.value.profileId, name: 'proxyPassword', value: PROXY_PASSWORD });
    expect(noProxy.ok || noProxy.error.message).toMatch(/no proxy of its own/);
    expect(await filesText(dataDir!)).not.toContain(PROXY_PASSWORD);
  });
});

describe("a profile's client certificate", () => {
  it('asks for the passphrase in the app, then presents the PKCS#12 certificate; the passphrase is kept encrypted', async () => {
    const pkiDir = await mkdtemp(path.join(tmpdir(), 'ae-profile-pki-'));
    try {
      const pki = await makeTestPki(pkiDir);
      platform = await startClientCertServer(pki);
      core = await startDesktopLikeCore();
      const profileId = await createKeyedProfile(core.api, {
        name: 'Mutual TLS',
        baseUrl: platform.url,
        key: KEY,
        tls: { verify: true, caFile: pki.file('root.pem'), clientCert: { kind: 'pkcs12', file: pki.file('client.p12') } },
      });
      const without = await invoke();
      expect(message(without)).toMatch(/passphrase.*Manage profiles/);

      const set = await core.api.setProfileSecret({ profileId, name: 'certPassphrase', value: PASSPHRASE });
      expect(set.ok).toBe(true);
      const answered = await invoke();
      expect(message(answered)).toBe('ok');
      expect(answered.ok && answered.value.response.answer).toContain('analyst');
      expect(JSON.stringify(await core.api.listProfiles())).not.toContain(PASSPHRASE);
      expect(await filesText(dataDir!)).not.toContain(PASSPHRASE);

      // Another certificate file: the passphrase was for the old one.
      const profile = (await core.api.listProfiles()).profiles.find((p) => p.id === profileId)!;
      const { id: _id, kind: _kind, editable: _e, key: _k, secrets: _s, warnings: _w, ...input } = profile;
      const moved = await core.api.updateProfile({
        profileId,
        profile: {
          ...input,
          tls: { ...input.tls, clientCert: { kind: 'pem', certFile: pki.file('client.pem'), keyFile: pki.file('client.enc.key') } },
        },
      });
      expect(moved.ok && moved.value.state.profiles.find((p) => p.id === profileId)!.secrets.certPassphrase.set).toBe(false);
    } finally {
      await rm(pkiDir, { recursive: true, force: true });
    }
  });
});
