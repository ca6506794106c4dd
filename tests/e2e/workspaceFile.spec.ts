import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { createProfile, createProfileWithKey, expect, fillPayload, openApp, startWebApp, test } from './fixtures';

/**
 * A team shares its workspace through a repository (README "Sharing a workspace"): one person
 * exports it as a file, another imports that file into their own, empty data folder, sees what
 * would be taken (and chooses for the profile whose name they already use), imports it, and
 * finds the profile (without its key), the catalog and the request tab there.
 */

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const KEY = 'E2E-WORKSPACE-SENTINEL-KEY-5b7d9f';

test('a workspace exported as a download is imported into a fresh data folder', async ({ page, context, app }, testInfo) => {
  await openApp(page, app);
  // A request tab with a draft, and (once answered) a catalog entry for the Sandbox with its learned keys.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/rpc/saveWorkspace') && (response.request().postData() ?? '').includes('Where is my refund?'),
  );
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
  await fillPayload(page, JSON.stringify({ customer_name: 'Grace', company: 'Cobol Cloud' }));
  await saved;
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('Grace');
  await createProfileWithKey(page, 'Staging', 'https://staging.example.com', KEY);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const downloading = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Export workspace…' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('agent-explorer-workspace.json');
  await expect(settings.getByRole('status').filter({ hasText: 'Exported' })).toContainText('1 profile, 1 catalog entry, 1 request tab.');
  const file = testInfo.outputPath('agent-explorer-workspace.json');
  await download.saveAs(file);
  const content = readFileSync(file, 'utf8');
  expect(content).not.toContain(KEY);
  expect(JSON.parse(content)).toMatchObject({
    format: 'agent-explorer-workspace',
    version: 2,
    profiles: [{ name: 'Staging', baseUrl: 'https://staging.example.com', proxy: { mode: 'system' }, tls: { clientCert: null } }],
    catalog: [{ profile: 'Sandbox', agents: [{ agentId: drafter.id, learnedKeys: ['company', 'customer_name'] }] }],
    tabs: [{ profile: 'Sandbox', agentId: drafter.id, text: 'Where is my refund?' }],
  });

  // A teammate's Agent Explorer, on its own empty data folder.
  const { app: other, stop } = await startWebApp(['--sandbox-latency', 'none']);
  try {
    const teammate = await context.newPage();
    await openApp(teammate, other);
    // They already have a profile of that name, for another server.
    await createProfile(teammate, 'Staging', 'https://mine.example.com');
    await teammate.keyboard.press('Escape');
    await teammate.getByRole('combobox', { name: 'Profile' }).selectOption({ label: 'Sandbox' });
    await teammate.getByRole('button', { name: 'Settings' }).click();
    const dialog = teammate.getByRole('dialog', { name: 'Settings' });
    const choosing = teammate.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Import workspace…' }).click();
    await (await choosing).setFiles(file);

    const preview = dialog.getByRole('region', { name: 'Import agent-explorer-workspace.json' });
    await expect(preview.getByRole('status')).toHaveText('Preview, nothing written yet: 2 to take, 0 to skip, 1 clash to choose for.');
    const staging = preview.getByRole('listitem').filter({ hasText: 'Profile "Staging"' });
    await expect(staging).toContainText(
      'Your profile "Staging" differs: base URL https://mine.example.com here, https://staging.example.com in the file.',
    );
    await expect(preview.getByRole('listitem').filter({ hasText: 'Request tab' })).toContainText(
      'Opens as a new request tab for profile "Sandbox".',
    );
    await expect(preview.getByRole('button', { name: 'Import' })).toBeDisabled();
    await teammate.screenshot({ path: testInfo.outputPath('import-preview.png') });
    await testInfo.attach('import-preview.png', { path: testInfo.outputPath('import-preview.png'), contentType: 'image/png' });
    expect.soft(await axeViolations(teammate), 'the import preview').toEqual([]);
    await teammate.emulateMedia({ colorScheme: 'dark' });
    expect.soft(await axeViolations(teammate), 'the import preview, dark').toEqual([]);
    // Nothing is written by the preview.
    await expect(teammate.getByRole('combobox', { name: 'Profile' }).locator('option')).toHaveText(['Sandbox', /^Staging/]);

    // Keyboard: to the clash's choices, and an arrow key picks the next one.
    const choices = staging.getByRole('group', { name: 'What to do with Profile "Staging"' });
    await choices.getByRole('radio', { name: 'Replace' }).focus();
    await teammate.keyboard.press('Space');
    await teammate.keyboard.press('ArrowRight');
    await expect(choices.getByRole('radio', { name: 'Keep both' })).toBeChecked();
    await expect(staging).toContainText('Added as a new profile named "Staging (2)", without a key; yours stays as it is.');
    await expect(preview.getByRole('status')).toHaveText('Preview, nothing written yet: 3 to take, 0 to skip.');

    await preview.getByRole('button', { name: 'Import' }).click();
    const report = dialog.getByRole('region', { name: 'Import report: agent-explorer-workspace.json' });
    await expect(report.getByRole('status')).toHaveText('Imported: 3 taken, 0 skipped.');
    await expect(report.getByRole('heading', { name: 'Import report: agent-explorer-workspace.json' })).toBeFocused();
    await teammate.screenshot({ path: testInfo.outputPath('import-report.png') });
    await testInfo.attach('import-report.png', { path: testInfo.outputPath('import-report.png'), contentType: 'image/png' });
    expect.soft(await axeViolations(teammate), 'the import report, dark').toEqual([]);
    await teammate.emulateMedia({ colorScheme: 'light' });
    expect.soft(await axeViolations(teammate), 'the import report').toEqual([]);
    await report.getByRole('button', { name: 'Done' }).click();
    await teammate.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await expect(teammate.getByRole('combobox', { name: 'Profile' }).locator('option')).toHaveText([
      'Sandbox',
      /^Staging/,
      /^Staging \(2\)/,
    ]);
    const requests = teammate.getByRole('tablist', { name: 'Requests' }).getByRole('tab');
    await expect(requests.filter({ hasText: drafter.name })).toHaveCount(1);
    await requests.filter({ hasText: drafter.name }).click();
    await expect(teammate.getByRole('tabpanel', { name: 'Agents' }).getByRole('textbox', { name: 'Text' }).last()).toHaveValue(
      'Where is my refund?',
    );
    await teammate.getByRole('button', { name: 'Agent catalog' }).click();
    await expect(teammate.getByRole('dialog', { name: 'Agent catalog' }).getByRole('list', { name: 'Catalog entries' })).toContainText(
      drafter.id,
    );
  } finally {
    await stop();
  }
});

test("a workspace file's proxy and client certificate are shown in the preview before anything is imported", async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  const file = testInfo.outputPath('agent-explorer-workspace.json');
  const corp = {
    name: 'Corp',
    baseUrl: 'https://api.corp.example',
    auth: { kind: 'bearer' },
    timeoutMs: 60000,
    tls: {
      verify: true,
      caFile: null,
      clientCert: { kind: 'pkcs12', file: '/home/ada/certs/ada.p12', passphrase: 'E2E-PASSPHRASE-SENTINEL' },
    },
    allowInsecureHttp: false,
    proxy: { mode: 'manual', url: 'http://proxy.attacker.example:8080', username: 'ada', bypass: ['localhost'] },
  };
  writeFileSync(file, JSON.stringify({ format: 'agent-explorer-workspace', version: 2, profiles: [corp], catalog: [], tabs: [] }, null, 2));

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const choosing = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import workspace…' }).click();
  await (await choosing).setFiles(file);
  const preview = dialog.getByRole('region', { name: 'Import agent-explorer-workspace.json' });
  const item = preview.getByRole('listitem').filter({ hasText: 'Profile "Corp"' });
  await expect(item).toContainText(
    'Sends requests through the proxy http://proxy.attacker.example:8080 as user "ada", except to localhost.',
  );
  await expect(item).toContainText(
    'Presents the client certificate in /home/ada/certs/ada.p12 when https://api.corp.example asks for one.',
  );
  await expect(item).toContainText('A password or passphrase is never imported from a file');
  await expect(item).not.toContainText('E2E-PASSPHRASE-SENTINEL');
  await page.screenshot({ path: testInfo.outputPath('import-preview-network.png') });
  await testInfo.attach('import-preview-network.png', {
    path: testInfo.outputPath('import-preview-network.png'),
    contentType: 'image/png',
  });
  expect.soft(await axeViolations(page), 'the import preview with a proxy').toEqual([]);
  // Nothing is written by the preview.
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option')).toHaveText(['Sandbox']);
});
