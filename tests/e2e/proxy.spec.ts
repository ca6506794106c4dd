import AxeBuilder from '@axe-core/playwright';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGzipGateway } from '../support/gzipGateway';
import { startTestProxy } from '../support/proxyServer';
import { startTlsServer } from '../support/tlsServer';
import { expect, fillPayload, openApp, startWebApp, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * Browser mode behind a proxy named by HTTP_PROXY or HTTPS_PROXY: the platform is reached through
 * it, the page says so, and the embedded Sandbox is not.
 */
const KEY = 'SENTINEL-proxy-key-8c1e4b7a2d';
const guideline = SANDBOX_GUIDELINES.find((g) => g.name === 'Escalation policy')!;
const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

/** Opens the guideline on the Guidelines tab; answers its view. */
async function openGuideline(page: Page) {
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(guideline.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();
  return page.getByRole('region', { name: 'Guideline', exact: true });
}

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
    const view = await openGuideline(page);
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

test("HTTPS_PROXY: an https platform signed by a root in the system's store, through a CONNECT tunnel the key never shows in", async ({
  page,
}) => {
  const platform = await startTlsServer((response) =>
    response.end(
      JSON.stringify({
        name: 'Gateway policy',
        description: 'Behind the company proxy',
        content: '# Gateway policy\n\nReached through the tunnel.',
      }),
    ),
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
    const view = await openGuideline(page);
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

test('a gateway that gzips every answer: the answer reads, and Raw response shows gzip and the bytes as received', async ({ page }) => {
  const platform = await startSandbox({ apiKey: KEY, latency: 'none' });
  const gateway = await startGzipGateway(platform.url);
  const { app, stop } = await startWebApp(['--sandbox-latency', 'none'], {
    AGENT_EXPLORER_BASE_URL: gateway.url,
    AGENT_EXPLORER_API_KEY: KEY,
    NO_PROXY: '*',
  });
  try {
    await openApp(page, app);
    await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
    await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
    await fillPayload(page, JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' }));
    await page.getByRole('button', { name: 'Invoke' }).click();
    const response = page.getByRole('region', { name: 'Response', exact: true });
    await expect(response).toContainText('Hi Grace Hopper');

    await response.getByRole('tab', { name: 'Raw response' }).click();
    const panel = response.getByRole('tabpanel', { name: 'Raw response' });
    await expect(panel.getByText(/^Over the wire: gzip · \d+ B received · [\d.]+ (B|KB) decoded$/)).toBeVisible();
    // The section opens from the keyboard.
    await panel.getByText('Bytes as received').focus();
    await page.keyboard.press('Enter');
    const dump = panel.getByLabel('Bytes as received, in hex');
    await expect(dump).toBeVisible();
    // gzip's magic number starts the bytes as they came.
    await expect(dump).toContainText(/^00000000 {2}1f 8b 08/);
    await expect(panel.getByText(/^All \d+ B as received\.$/)).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('.received-bytes').analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  } finally {
    await stop();
    await gateway.close();
    await platform.close();
  }
});
