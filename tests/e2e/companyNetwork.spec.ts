import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { EVENTS_PATH } from '../../electron/shared/hostEventStream';
import { makeTestPki, PASSPHRASE, startClientCertServer, type TestPki } from '../support/clientCertServer';
import { startTestProxy } from '../support/proxyServer';
import { createProfile, expect, openApp, startWebApp, test } from './fixtures';

/**
 * A platform behind a company's network, set up as a person would in Manage profiles, in browser
 * mode in real Chromium: an HTTPS platform whose certificate comes from a private root (trusted
 * the way the operating system's store is: SSL_CERT_FILE names the root for the web host), reached
 * through a proxy that asks for credentials, and a platform that asks for a client certificate.
 * The key, the proxy password and the passphrase never reach the page.
 */
const KEY = 'SENTINEL-company-key-6b2f9d41ae';
const PROXY_PASSWORD = 'SENTINEL-proxy-pw-0c7e3a95d2';
const echo = SANDBOX_AGENTS.find((a) => a.name === 'Echo')!;

let pkiDir: string;
let pki: TestPki;
test.beforeAll(async () => {
  pkiDir = mkdtempSync(path.join(tmpdir(), 'ae-e2e-pki-'));
  pki = await makeTestPki(pkiDir);
});
test.afterAll(() => rmSync(pkiDir, { recursive: true, force: true }));

/** The web host with the private root in its "system" store and no proxy of its own from the environment. */
function startBehindCompanyNetwork() {
  return startWebApp(['--sandbox-latency', 'none'], {
    SSL_CERT_FILE: pki.file('root.pem'),
    HTTP_PROXY: '',
    HTTPS_PROXY: '',
    http_proxy: '',
    https_proxy: '',
    NO_PROXY: '',
  });
}

/** Every response body the page receives, to show no secret ever comes back. */
function collectBodies(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    // The never-ending run-progress stream has no whole body (see app.spec.ts).
    if (new URL(response.url()).pathname !== EVENTS_PATH) bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

/** Everything on the page a secret could show in: its markup and every field's value. */
async function pageText(page: Page): Promise<string> {
  const values = await page.locator('input, textarea').evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
  return [await page.content(), ...values].join('\n');
}

/** Saves the key of the profile on show in the dialog. */
async function saveKey(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Profiles' });
  await dialog.getByLabel('API key').fill(KEY);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(dialog.getByLabel('API key')).toHaveValue('');
}

async function invokeEcho(page: Page) {
  await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Hello');
  await page.getByRole('button', { name: 'Invoke' }).click();
  return page.getByRole('region', { name: 'Response', exact: true });
}

test('an HTTPS platform behind a private root, through a proxy that asks for a password set in Manage profiles', async ({ page }) => {
  const platform = await startClientCertServer(pki, { clientCert: false });
  const proxy = await startTestProxy({ credentials: `analyst:${PROXY_PASSWORD}` });
  const { app, stop } = await startBehindCompanyNetwork();
  const bodies = collectBodies(page);
  try {
    await openApp(page, app);
    await createProfile(page, 'Company platform', platform.url, async (form) => {
      const proxyGroup = form.getByRole('group', { name: 'Proxy' });
      await expect(proxyGroup.getByRole('radio', { name: 'System' })).toBeChecked();
      await expect(proxyGroup).toContainText('HTTP_PROXY, HTTPS_PROXY and NO_PROXY');
      await proxyGroup.getByRole('radio', { name: 'Manual' }).check();
      await form.getByLabel('Proxy URL').fill(proxy.url);
      await form.getByLabel('Proxy user name').fill('analyst');
    });
    const dialog = page.getByRole('dialog', { name: 'Profiles' });
    await expect(dialog.getByRole('heading', { name: 'Company platform', level: 3 })).toBeVisible();
    await saveKey(page);
    // No password yet: the section says so.
    const passwordSection = dialog.getByRole('region', { name: 'Proxy password' });
    await expect(passwordSection.getByRole('status')).toHaveText('Not set');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner')).toContainText(`Proxy: ${proxy.url}`);

    const response = await invokeEcho(page);
    await expect(response.getByRole('alert')).toContainText(
      `The proxy ${proxy.url} asks for credentials (HTTP/1.1 407 Proxy Authentication Required) and no password was given for the user analyst`,
    );

    await page.getByRole('button', { name: 'Manage profiles' }).click();
    await passwordSection.getByLabel('Password', { exact: true }).fill(PROXY_PASSWORD);
    await passwordSection.getByRole('button', { name: 'Save password' }).click();
    await expect(passwordSection.getByRole('status')).toHaveText(/^Set, kept in memory for this session only/);
    await expect(passwordSection.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect(response.getByText('hello', { exact: true })).toBeVisible();
    await expect(response.getByText(`Through proxy ${proxy.url}`)).toBeVisible();
    const tls = response.getByRole('region', { name: 'Timing' }).getByRole('definition').filter({ hasText: 'server certificate' });
    await expect(tls).toContainText(/TLSv1\.[23]/);
    await expect(tls).toContainText('server certificate CN=platform.test, issued by CN=Agent Explorer Test Root, O=Tests');
    // HTTPS went through a CONNECT tunnel: the proxy saw where, never what.
    expect(proxy.asked.length).toBeGreaterThan(0);
    expect(proxy.asked.every((line) => line === `CONNECT ${new URL(platform.url).host}`)).toBe(true);
    expect(proxy.seen().includes(KEY)).toBe(false);

    const text = await pageText(page);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PROXY_PASSWORD);
    const received = (await Promise.all(bodies)).join('\n');
    expect(received).not.toContain(KEY);
    expect(received).not.toContain(PROXY_PASSWORD);
  } finally {
    await stop();
    await proxy.close();
    await platform.close();
  }
});

test('a platform that asks for a client certificate: a PKCS#12 file and its passphrase given in Manage profiles', async ({ page }) => {
  const platform = await startClientCertServer(pki);
  const { app, stop } = await startBehindCompanyNetwork();
  const bodies = collectBodies(page);
  try {
    await openApp(page, app);
    await createProfile(page, 'Mutual TLS', platform.url, async (form) => {
      const certGroup = form.getByRole('group', { name: 'Client certificate' });
      await expect(certGroup.getByRole('radio', { name: 'None' })).toBeChecked();
      await certGroup.getByRole('radio', { name: 'PKCS#12 file (.p12, .pfx)' }).check();
      await form.getByRole('textbox', { name: 'PKCS#12 file' }).fill(pki.file('client.p12'));
    });
    const dialog = page.getByRole('dialog', { name: 'Profiles' });
    await expect(dialog.getByRole('heading', { name: 'Mutual TLS', level: 3 })).toBeVisible();
    await saveKey(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner')).toContainText('Client certificate');

    const response = await invokeEcho(page);
    await expect(response.getByRole('alert')).toContainText(
      `${pki.file('client.p12')} is protected by a passphrase and none was given: set its passphrase in Manage profiles, under Certificate passphrase`,
    );

    await page.getByRole('button', { name: 'Manage profiles' }).click();
    const section = dialog.getByRole('region', { name: 'Certificate passphrase' });
    await expect(section).toContainText(`Opens ${pki.file('client.p12')}`);
    await section.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await section.getByRole('button', { name: 'Save passphrase' }).click();
    await expect(section.getByRole('status')).toHaveText(/^Set, kept in memory for this session only/);
    await expect(section.getByLabel('Passphrase', { exact: true })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Invoke' }).click();
    // The platform names the certificate it was shown.
    await expect(response.getByText('hello analyst', { exact: true })).toBeVisible();
    await expect(response.getByText('Direct')).toBeVisible();

    const text = await pageText(page);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(PASSPHRASE);
    const received = (await Promise.all(bodies)).join('\n');
    expect(received).not.toContain(KEY);
    expect(received).not.toContain(PASSPHRASE);
  } finally {
    await stop();
    await platform.close();
  }
});
