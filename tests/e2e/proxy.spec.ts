import { SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestProxy } from '../support/proxyServer';
import { startTlsServer } from '../support/tlsServer';
import { expect, openApp, startWebApp, test } from './fixtures';

/**
 * Browser mode behind a proxy named by HTTP_PROXY or HTTPS_PROXY: the platform is reached through
 * it, the page says so, and the embedded Sandbox is not.
 */
const KEY = 'SENTINEL-proxy-key-8c1e4b7a2d';
const guideline = SANDBOX_GUIDELINES.find((g) => g.name === 'Escalation policy')!;

test('HTTP_PROXY: the platform through the proxy, said on the page; the Sandbox direct', async ({ page }) => {
  const platform = await startSandbox({ apiKey: KEY, latency: 'none' });
  const proxy = await startTestProxy();
  const { app, stop } = await startWebApp(['--sandbox-latency', 'none'], {
    AGENT_EXPLORER_BASE_URL: platform.url,
    AGENT_EXPLORER_API_KEY: KEY,
    HTTP_PROXY: proxy.url,
    NO_PROXY: '',
  });
  try {
    await openApp(page, app);
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(guideline.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const view = page.getByRole('region', { name: 'Guideline', exact: true });
    await expect(view.getByRole('heading', { name: guideline.name, level: 2 })).toBeVisible();
    await expect(view.getByText(`Through proxy ${proxy.url}`)).toBeVisible();
    expect(proxy.asked).toEqual([expect.stringMatching(new RegExp(`^GET ${platform.url}/api/guideline/`))]);

    await page.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Sandbox' });
    // The switch has taken effect once the open guideline says it is another profile's copy.
    await expect(view.getByText(/not the active one/)).toBeVisible();
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(view.getByText('Direct')).toBeVisible();
    expect(proxy.asked).toHaveLength(1);
  } finally {
    await stop();
    await proxy.close();
    await platform.close();
  }
});

test("HTTPS_PROXY: an https platform signed by a root in the system's store, through a CONNECT tunnel the key never shows in", async ({ page }) => {
  const platform = await startTlsServer((response) =>
    response.end(JSON.stringify({ name: 'Gateway policy', description: 'Behind the company proxy', content: '# Gateway policy\n\nReached through the tunnel.' })),
  );
  const proxy = await startTestProxy();
  // SSL_CERT_FILE stands for the operating system's store: the root is trusted with nothing set in the app.
  const dir = await mkdtemp(path.join(tmpdir(), 'ae-proxy-roots-'));
  const roots = path.join(dir, 'roots.pem');
  await writeFile(roots, platform.certificate);
  const { app, stop } = await startWebApp(['--sandbox-latency', 'none'], {
    AGENT_EXPLORER_BASE_URL: platform.url,
    AGENT_EXPLORER_API_KEY: KEY,
    HTTPS_PROXY: proxy.url,
    NO_PROXY: '',
    SSL_CERT_FILE: roots,
  });
  try {
    await openApp(page, app);
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(guideline.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const view = page.getByRole('region', { name: 'Guideline', exact: true });
    await expect(view.getByRole('heading', { name: 'Gateway policy', level: 2 })).toBeVisible();
    await expect(view.getByText(`Through proxy ${proxy.url}`)).toBeVisible();
    expect(proxy.asked).toEqual([`CONNECT ${new URL(platform.url).host}`]);
    expect(proxy.seen().includes(KEY)).toBe(false);
  } finally {
    await stop();
    await proxy.close();
    await platform.close();
    await rm(dir, { recursive: true, force: true });
  }
});
