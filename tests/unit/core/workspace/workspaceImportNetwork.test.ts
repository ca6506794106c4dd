import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCore } from '../../../../electron/core/bootstrap';
import { secretBinding, secretId } from '../../../../electron/core/profiles/profileSecrets';
import type { Profile } from '../../../../electron/core/profiles/profiles';
import type { ProfileInput, ProfileSecretName } from '../../../../electron/shared/api';
import { aesTestCipher } from '../../../support/testCipher';
import { decide, itemLabelled, manualProxy, profileFields, workspaceFileHarness, workspaceFileText } from '../../../support/workspaceFiles';

/**
 * A workspace file names, for each profile, the way its requests take (a proxy) and the client
 * certificate it presents. A file from someone else could route every request through their
 * proxy, or present your certificate to their server: the preview says both, profile by
 * profile, before anything is written, and nothing secret comes in or goes out with them.
 */

const PROXY = 'http://proxy.corp.example:3128';
const PEM = { kind: 'pem' as const, certFile: '/certs/analyst.pem', keyFile: '/certs/analyst.key' };
const P12 = { kind: 'pkcs12' as const, file: '/certs/analyst.p12' };

const warningsOf = (items: { label: string; warnings: string[] }[], name: string) =>
  itemLabelled(items as never, `Profile "${name}"`).warnings;

describe('the preview says which way each profile sends its requests and what it presents', () => {
  it('a proxy, its bypass list, a direct route and a client certificate, each in words, before anything is written', async () => {
    const { methods, profiles } = workspaceFileHarness();
    const content = workspaceFileText({
      profiles: [
        profileFields({
          name: 'Through',
          baseUrl: 'https://api.example.com',
          proxy: manualProxy(PROXY, { username: 'analyst', bypass: ['.corp.example', 'localhost'] }),
        }),
        profileFields({ name: 'Plain', baseUrl: 'http://127.0.0.1:8080', proxy: manualProxy('https://proxy.example.net:8443') }),
        profileFields({ name: 'Bypassed', baseUrl: 'https://api.corp.example', proxy: manualProxy(PROXY, { bypass: ['.corp.example'] }) }),
        profileFields({ name: 'Direct', proxy: { mode: 'none' } }),
        profileFields({ name: 'System', proxy: { mode: 'system' } }),
        profileFields({ name: 'Pem', baseUrl: 'https://mtls.example.com', tls: { verify: true, caFile: null, clientCert: PEM } }),
        profileFields({ name: 'P12', baseUrl: 'https://mtls.example.com:8443', tls: { verify: true, caFile: null, clientCert: P12 } }),
      ],
    });
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    const items = preview.value.items;
    expect(items.map((item) => item.action)).toEqual(Array(7).fill('take'));
    expect(warningsOf(items, 'Through')).toEqual([
      'Sends requests through the proxy http://proxy.corp.example:3128 as user "analyst", except to .corp.example, localhost. The proxy sees which server each request goes to, not the request or its key: HTTPS goes through it encrypted.',
      'The proxy is plain http: the password you give for it travels unencrypted.',
    ]);
    expect(warningsOf(items, 'Plain')).toEqual([
      'Sends requests through the proxy https://proxy.example.net:8443. Its server is plain http: the proxy sees every request, the key included.',
    ]);
    expect(warningsOf(items, 'Bypassed')).toEqual([
      'Names the proxy http://proxy.corp.example:3128, but its server api.corp.example is in the bypass list (.corp.example): its requests go directly.',
    ]);
    expect(warningsOf(items, 'Direct')).toEqual([
      "Sends requests directly, never through a proxy: this computer's proxy settings are not used for it.",
    ]);
    expect(warningsOf(items, 'System')).toEqual([]);
    expect(warningsOf(items, 'Pem')).toEqual([
      'Presents the client certificate /certs/analyst.pem (key /certs/analyst.key) when https://mtls.example.com asks for one. The files are read when a request is sent, not by the import.',
    ]);
    expect(warningsOf(items, 'P12')).toEqual([
      'Presents the client certificate in /certs/analyst.p12 when https://mtls.example.com:8443 asks for one. The file is read when a request is sent, not by the import.',
    ]);
    expect((await profiles.list()).map((profile) => profile.name)).toEqual(['Sandbox']);

    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    const saved = new Map((await profiles.list()).map((profile) => [profile.name, [profile.proxy, profile.tls.clientCert ?? null]]));
    expect(Object.fromEntries(saved)).toEqual({
      Sandbox: [{ mode: 'none' }, null],
      Through: [manualProxy(PROXY, { username: 'analyst', bypass: ['.corp.example', 'localhost'] }), null],
      Plain: [manualProxy('https://proxy.example.net:8443'), null],
      Bypassed: [manualProxy(PROXY, { bypass: ['.corp.example'] }), null],
      Direct: [{ mode: 'none' }, null],
      System: [{ mode: 'system' }, null],
      Pem: [{ mode: 'system' }, PEM],
      P12: [{ mode: 'system' }, P12],
    });
  });

  it('a version-1 file, from before profiles had these settings, reads as the system proxy and no client certificate', async () => {
    const { methods, profiles } = workspaceFileHarness();
    const content = workspaceFileText({ version: 1, profiles: [profileFields({ name: 'Old' })] });
    const preview = await methods.previewWorkspaceImport({ content });
    expect(preview.ok && itemLabelled(preview.value.items, 'Profile "Old"')).toMatchObject({ action: 'take', warnings: [] });
    const report = await methods.applyWorkspaceImport({ content });
    expect(report.ok && report.value.complete).toBe(true);
    const old = (await profiles.list()).find((profile) => profile.name === 'Old')!;
    expect([old.proxy, old.tls.clientCert ?? null]).toEqual([{ mode: 'system' }, null]);
  });
});

describe('a proxy or certificate setting that cannot be used is a problem of its profile', () => {
  const PROXY_SECRET = 'hunter2-proxy-secret-7c1d';
  const PASSPHRASE_SECRET = 'passphrase-in-a-file-9e4b';

  it('is repaired to the system proxy or no certificate, saying why; a network or device path refuses the profile; no password comes in', async () => {
    const { methods, profiles } = workspaceFileHarness();
    const content = workspaceFileText({
      profiles: [
        profileFields({ name: 'Password in URL', proxy: manualProxy(`http://analyst:${PROXY_SECRET}@proxy.corp.example:3128`) }),
        profileFields({ name: 'Socks', proxy: manualProxy('socks5://proxy.corp.example:1080') }),
        profileFields({ name: 'Bad bypass', proxy: manualProxy(PROXY, { bypass: ['http://example.com/path'] }) }),
        { ...profileFields({ name: 'Future proxy' }), proxy: { mode: 'pac', url: 'http://wpad.corp.example/proxy.pac' } },
        {
          ...profileFields({ name: 'Extra fields' }),
          proxy: { ...manualProxy(PROXY), password: PROXY_SECRET },
          tls: { verify: true, caFile: null, clientCert: { ...P12, passphrase: PASSPHRASE_SECRET } },
        },
        profileFields({
          name: 'Relative cert',
          tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: 'certs/analyst.pem', keyFile: '/certs/analyst.key' } },
        }),
        {
          ...profileFields({ name: 'Future cert' }),
          tls: { verify: true, caFile: null, clientCert: { kind: 'jks', file: '/certs/analyst.jks' } },
        },
        profileFields({
          name: 'Share cert',
          tls: { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: '\\\\fileserver\\certs\\analyst.p12' } },
        }),
        profileFields({
          name: 'Device key',
          tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile: '/certs/analyst.pem', keyFile: '\\\\.\\COM1' } },
        }),
      ],
    });
    const preview = await methods.previewWorkspaceImport({ content });
    if (!preview.ok) throw new Error(preview.error.message);
    const items = preview.value.items;
    const row = (name: string) => {
      const item = itemLabelled(items, `Profile "${name}"`);
      return [item.action, item.warnings[0] ?? item.detail];
    };
    const systemInstead = ": it comes with the system's proxy settings instead; choose a proxy in Manage profiles if needed.";
    expect(row('Password in URL')).toEqual([
      'take',
      `Its proxy setting cannot be used (The proxy URL holds a password: remove it from the URL and give it in the Password field, which keeps it like the key.)${systemInstead}`,
    ]);
    expect(row('Socks')).toEqual([
      'take',
      `Its proxy setting cannot be used (The proxy URL names a SOCKS proxy (socks5://proxy.corp.example:1080): only http:// and https:// proxies are supported.)${systemInstead}`,
    ]);
    expect(row('Bad bypass')[1]).toMatch(/^Its proxy setting cannot be used \("http:\/\/example.com\/path" is not a bypass entry/);
    expect(row('Future proxy')).toEqual(['take', `Its proxy setting is not one this version knows${systemInstead}`]);
    expect(itemLabelled(items, 'Profile "Extra fields"').warnings.slice(0, 2)).toEqual([
      'Ignored what this version does not know: "proxy.password", "tls.clientCert.passphrase".',
      'A password or passphrase is never imported from a file: set it in Manage profiles.',
    ]);
    expect(row('Relative cert')).toEqual([
      'take',
      'Its client certificate cannot be used here (Give the full path of the client certificate file.): it comes without one; choose one in Manage profiles if needed.',
    ]);
    expect(row('Future cert')).toEqual([
      'take',
      'Its client certificate setting is not one this version knows: it comes without one; choose one in Manage profiles if needed.',
    ]);
    expect(row('Share cert')).toEqual([
      'skip',
      'Its client certificate cannot be used: \\\\fileserver\\certs\\analyst.p12 is a network path. A client certificate file must be on this computer: opening a network path connects to its host (on Windows, signing in there as you). Copy the certificate to this computer and give that path.',
    ]);
    expect(row('Device key')).toEqual([
      'skip',
      'Its client certificate cannot be used: \\\\.\\COM1 is a device path, not a file. Give the path of a key file on this computer.',
    ]);
    expect(JSON.stringify(preview)).not.toContain(PROXY_SECRET);
    expect(JSON.stringify(preview)).not.toContain(PASSPHRASE_SECRET);

    const report = await methods.applyWorkspaceImport({ content });
    if (!report.ok) throw new Error(report.error.message);
    const saved = await profiles.list();
    const network = Object.fromEntries(saved.map((profile) => [profile.name, [profile.proxy.mode, profile.tls.clientCert?.kind ?? null]]));
    expect(network).toEqual({
      Sandbox: ['none', null],
      'Password in URL': ['system', null],
      Socks: ['system', null],
      'Bad bypass': ['system', null],
      'Future proxy': ['system', null],
      'Extra fields': ['manual', 'pkcs12'],
      'Relative cert': ['system', null],
      'Future cert': ['system', null],
    });
    expect(JSON.stringify(saved)).not.toContain(PROXY_SECRET);
    expect(JSON.stringify(saved)).not.toContain(PASSPHRASE_SECRET);
    expect(JSON.stringify(report)).not.toContain(PROXY_SECRET);
  });
});

describe('replacing a profile clears the secrets the file points elsewhere, as an edit in the form does', () => {
  const here: Partial<ProfileInput> = {
    name: 'Corp',
    baseUrl: 'https://api.corp.example',
    proxy: manualProxy('http://old-proxy.corp.example:3128', { username: 'analyst' }),
    tls: { verify: true, caFile: null, clientCert: P12 },
  };

  async function replacing(file: unknown, version?: number) {
    const harness = workspaceFileHarness();
    const mine: Profile = await harness.addProfile('corp-id', profileFields(here));
    await harness.secrets.set(mine.id, 'CORP-KEY-0123456789', 'https://api.corp.example');
    for (const name of ['proxyPassword', 'certPassphrase'] as ProfileSecretName[])
      await harness.secrets.set(secretId(mine.id, name), `${name}-value`, secretBinding(mine, name)!);
    const content = workspaceFileText({ profiles: [file], ...(version === undefined ? {} : { version }) });
    const first = await harness.methods.previewWorkspaceImport({ content });
    if (!first.ok) throw new Error(first.error.message);
    const item = itemLabelled(first.value.items, 'Profile "Corp"');
    const chosen = await harness.methods.previewWorkspaceImport(decide(first.value.items, content, { 'Profile "Corp"': 'replace' }));
    if (!chosen.ok) throw new Error(chosen.error.message);
    const report = await harness.methods.applyWorkspaceImport(decide(first.value.items, content, { 'Profile "Corp"': 'replace' }));
    if (!report.ok) throw new Error(report.error.message);
    const set = async (name: ProfileSecretName) => (await harness.secrets.status(secretId(mine.id, name))).set;
    return {
      existing: item.conflict?.existing,
      warnings: itemLabelled(chosen.value.items, 'Profile "Corp"').warnings,
      // Without the note that the certificate files are not on this computer (they are not, here).
      detail: report.value.items[0]!.detail.replace(/ Its client certificate: \/certs\/\S+ does not exist on this computer yet\..*$/, ''),
      kept: {
        key: (await harness.secrets.status(mine.id)).set,
        proxyPassword: await set('proxyPassword'),
        certPassphrase: await set('certPassphrase'),
      },
      saved: await harness.profiles.get(mine.id),
    };
  }

  it('another proxy: its password is cleared, the passphrase and the key stay', async () => {
    const result = await replacing(
      profileFields({ ...here, proxy: manualProxy('http://new-proxy.example.net:8080', { username: 'analyst' }) }),
    );
    expect(result.existing).toBe(
      'Your profile "Corp" differs: proxy http://old-proxy.corp.example:3128 as "analyst" here, http://new-proxy.example.net:8080 as "analyst" in the file.',
    );
    expect(result.warnings).toContain(
      'Its proxy password will be cleared: the proxy changes, and a password is sent only to the proxy it was given for.',
    );
    expect(result.warnings.filter((warning) => /will be cleared/.test(warning))).toHaveLength(1);
    expect(result.detail).toBe(
      'Replaces the settings of your profile "Corp". Its proxy password was cleared: set it again in Manage profiles.',
    );
    expect(result.kept).toEqual({ key: true, proxyPassword: false, certPassphrase: true });
    expect(result.saved?.proxy).toEqual(manualProxy('http://new-proxy.example.net:8080', { username: 'analyst' }));
  });

  it('another certificate: its passphrase is cleared, the proxy password and the key stay', async () => {
    const result = await replacing(profileFields({ ...here, tls: { verify: true, caFile: null, clientCert: PEM } }));
    expect(result.existing).toBe(
      'Your profile "Corp" differs: client certificate /certs/analyst.p12 here, /certs/analyst.pem with key /certs/analyst.key in the file.',
    );
    expect(result.warnings).toContain(
      'The passphrase of its client certificate will be cleared: the certificate or its server changes, and a passphrase is used only for what it was given for.',
    );
    expect(result.detail).toBe(
      'Replaces the settings of your profile "Corp". The passphrase of its client certificate was cleared: set it again in Manage profiles.',
    );
    expect(result.kept).toEqual({ key: true, proxyPassword: true, certPassphrase: false });
  });

  it('a version-1 file: the profile takes the system proxy and no certificate, and both secrets are cleared', async () => {
    const result = await replacing(profileFields({ name: 'Corp', baseUrl: 'https://api.corp.example' }), 1);
    expect(result.existing).toBe(
      'Your profile "Corp" differs: proxy http://old-proxy.corp.example:3128 as "analyst" here, system settings in the file; client certificate /certs/analyst.p12 here, none in the file.',
    );
    expect(result.detail).toBe(
      'Replaces the settings of your profile "Corp". Its proxy password was cleared: set it again in Manage profiles. The passphrase of its client certificate was cleared: set it again in Manage profiles.',
    );
    expect(result.kept).toEqual({ key: true, proxyPassword: false, certPassphrase: false });
    expect([result.saved?.proxy, result.saved?.tls.clientCert]).toEqual([{ mode: 'system' }, null]);
  });

  it('the same proxy and certificate on another server: the key and the passphrase are cleared, the proxy password stays', async () => {
    const result = await replacing(profileFields({ ...here, baseUrl: 'https://api.elsewhere.example' }));
    expect(result.kept).toEqual({ key: false, proxyPassword: true, certPassphrase: false });
    expect(result.detail).toBe(
      'Replaces the settings of your profile "Corp". Its key was cleared: set it again for the new server. The passphrase of its client certificate was cleared: set it again in Manage profiles.',
    );
  });
});

describe('a profile imported with a client certificate that is not on this computer yet', () => {
  it('is kept, and its requests say what is wrong', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ae-wsfile-cert-'));
    const core = await startCore({ host: 'electron', version: '0.0.0-test', dataDir, cipher: aesTestCipher(), sandboxLatency: 'none' });
    try {
      const certFile = path.join(dataDir, 'later', 'analyst.pem');
      const keyFile = path.join(dataDir, 'later', 'analyst.key');
      const content = workspaceFileText({
        profiles: [
          profileFields({
            name: 'Mutual TLS',
            baseUrl: 'https://127.0.0.1:9',
            tls: { verify: true, caFile: null, clientCert: { kind: 'pem', certFile, keyFile } },
          }),
        ],
      });
      const report = await core.api.applyWorkspaceImport({ content });
      expect(report.ok && report.value.items.map((item) => [item.outcome, item.detail])).toEqual([
        [
          'taken',
          `A new profile, without a key: set its key in Manage profiles. Its client certificate: ${certFile} does not exist on this computer yet. The profile keeps it, and its requests say what is wrong until that is fixed.`,
        ],
      ]);
      const profile = (await core.api.listProfiles()).profiles.find((p) => p.name === 'Mutual TLS')!;
      expect(profile.tls.clientCert).toEqual({ kind: 'pem', certFile, keyFile });
      await core.api.selectProfile({ profileId: profile.id });
      const answer = await core.api.invokeAgent({ agentId: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73', text: 'hi', payload: {} });
      expect(answer.ok || answer.error.message).toBe(
        `The profile's client certificate: ${certFile}: the client certificate file does not exist.`,
      );
    } finally {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
