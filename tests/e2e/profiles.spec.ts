import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox, type SandboxServer } from '../../electron/sandbox/server';
import type { KeyPresentation } from '../../electron/shared/api';
import { createProfile, expect, filesWritten, openApp, startWebApp, test } from './fixtures';
import { EVENTS_PATH } from '../../electron/shared/hostEventStream';

const SENTINEL = 'SENTINEL-profile-key-3e7d1a9c5b';
const guideline = SANDBOX_GUIDELINES.find((g) => g.name === 'Escalation policy')!;
const echo = SANDBOX_AGENTS.find((a) => a.name === 'Echo')!;

/** A real contract server (the Sandbox) that takes the key in one form only. */
async function platformTaking(auth: KeyPresentation): Promise<SandboxServer> {
  return startSandbox({ apiKey: SENTINEL, auth, latency: 'none' });
}

test('a profile for a server that takes only X-API-Key: Detect finds it, requests work, the key is nowhere', async ({ page, app }) => {
  const platform = await platformTaking({ kind: 'header', header: 'X-API-Key' });
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    // The never-ending run-progress stream has no whole body (see app.spec.ts).
    if (new URL(response.url()).pathname !== EVENTS_PATH) bodies.push(response.text().catch(() => ''));
  });
  try {
    await openApp(page, app);
    await createProfile(page, 'Staging', platform.url);
    const dialog = page.getByRole('dialog', { name: 'Profiles' });

    await dialog.getByLabel('API key').fill(`  ${SENTINEL}  `);
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog).toContainText(/kept in memory for this session only/i);
    await expect(dialog.getByLabel('API key')).toHaveValue('');

    await dialog.getByLabel('Guideline id for Detect').fill(guideline.id);
    await dialog.getByRole('button', { name: 'Detect' }).click();
    const attempts = dialog.getByRole('table', { name: 'Detect attempts' });
    await expect(attempts).toContainText('Authorization: Bearer <key>');
    await expect(attempts).toContainText('401');
    await expect(attempts.getByRole('row').filter({ hasText: 'X-API-Key: <key>' })).toContainText(/accepted/i);
    await expect(dialog.getByRole('combobox', { name: 'Key presentation' })).toHaveValue(/header/i);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(guideline.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('table')).toBeVisible();

    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
    await page.getByRole('textbox', { name: 'Text' }).fill('Hello from Staging');
    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('You said: Hello from Staging');

    for (const text of await Promise.all(bodies)) expect(text).not.toContain(SENTINEL);
    expect(await page.content()).not.toContain(SENTINEL);
    expect(app.output()).not.toContain(SENTINEL);
    const files = await filesWritten(app.dataDir);
    expect(files.map((f) => f.name)).toContain('profiles.json');
    for (const file of files) expect(file.text, file.name).not.toContain(SENTINEL);
  } finally {
    await platform.close();
  }
});

test('a plain-http profile to a remote host is refused at the Base URL until allowed, then flagged', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('button', { name: 'Manage profiles' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profiles' });
  await dialog.getByRole('button', { name: 'New profile' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill('Legacy');
  await dialog.getByLabel('Base URL').fill('http://legacy.example.test');
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await expect(dialog).toContainText(/Plain http: is allowed only for localhost/);
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Legacy');

  await dialog.getByLabel('Allow insecure HTTP').check();
  await dialog.getByRole('button', { name: 'Create profile' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner')).toContainText('Insecure HTTP');
});

test('profiles survive a restart; in browser mode their keys do not', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-explorer-e2e-restart-'));
  try {
    const first = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, first.app);
    await createProfile(page, 'Production', 'https://platform.example.test');
    const dialog = page.getByRole('dialog', { name: 'Profiles' });
    await expect(dialog.getByRole('button', { name: 'Save key' })).toBeVisible();
    await dialog.getByLabel('API key').fill(SENTINEL);
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog).toContainText(/kept in memory/i);
    await first.stop();

    const second = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, second.app);
    await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText('Production');
    await expect(page.getByRole('banner')).toContainText('No API key');
    await second.stop();
    expect(readFileSync(path.join(dataDir, 'profiles.json'), 'utf8')).not.toContain(SENTINEL);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('AGENT_EXPLORER_* start the app on an Environment profile that is never saved', async ({ page }) => {
  const platform = await platformTaking({ kind: 'query', param: 'api_key' });
  const { app, stop } = await startWebApp(['--sandbox-latency', 'none'], {
    AGENT_EXPLORER_BASE_URL: platform.url,
    AGENT_EXPLORER_API_KEY: SENTINEL,
    AGENT_EXPLORER_AUTH: 'query:api_key',
  });
  try {
    await openApp(page, app);
    await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toHaveText('Environment');
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(guideline.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const view = page.getByRole('region', { name: 'Guideline', exact: true });
    await expect(view.getByRole('heading', { name: guideline.name, level: 2 })).toBeVisible();
    expect(await page.content()).not.toContain(SENTINEL);
    const files = await filesWritten(app.dataDir);
    for (const file of files) {
      // The profile is never saved. The history keeps every exchange with the URL it went to
      //, this profile's too; the key (here in the query) is in no file, history included.
      if (!file.name.startsWith('history.sqlite')) expect(file.text, file.name).not.toContain(platform.url);
      expect(file.text, file.name).not.toContain(SENTINEL);
    }
    expect(files.some((file) => file.name.startsWith('history.sqlite') && file.text.includes(guideline.id))).toBe(true);
  } finally {
    await stop();
    await platform.close();
  }
});

test("a profile switched in another browser tab never gets this tab's draft unasked", async ({ page, context, app }) => {
  // This page's cached profiles still say Sandbox is active; the host's request check is the backstop.
  const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
  let hits = 0;
  const other: Server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"detail":"who are you"}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page, app);
    await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);

    const second = await context.newPage();
    await openApp(second, app);
    await second.getByRole('button', { name: 'Manage profiles' }).click();
    const dialog = second.getByRole('dialog', { name: 'Profiles' });
    await dialog.getByRole('button', { name: 'New profile' }).click();
    await dialog.getByLabel('Name', { exact: true }).fill('Other');
    await dialog.getByLabel('Base URL').fill(`http://127.0.0.1:${(other.address() as AddressInfo).port}`);
    await dialog.getByRole('button', { name: 'Create profile' }).click();
    // The new profile's own page (the New form has an API key field too, until it is made).
    await expect(dialog.getByRole('button', { name: 'Save key' })).toBeVisible();
    await dialog.getByLabel('API key').fill('other-key-0123456789');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog.getByLabel('API key')).toHaveValue('');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Invoke' }).click();
    const asked = page.getByRole('group', { name: 'Which profile to send to' });
    await expect(asked).toContainText('This request was written for the profile Sandbox, but Other is active.');
    await expect(asked.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(hits).toBe(0);
    // A question, not an error: not dressed in the danger colours that confirmations of a delete use.
    const looks = await asked.evaluate((element) => {
      const probe = document.createElement('div');
      probe.style.background = 'var(--danger-soft)';
      probe.style.borderColor = 'var(--danger-border)';
      document.body.append(probe);
      const danger = [getComputedStyle(probe).backgroundColor, getComputedStyle(probe).borderTopColor];
      probe.remove();
      return { own: [getComputedStyle(element).backgroundColor, getComputedStyle(element).borderTopColor], danger };
    });
    expect(looks.own[0]).not.toBe(looks.danger[0]);
    expect(looks.own[1]).not.toBe(looks.danger[1]);

    // Asked, the person may send it there: then, and only then, it reaches Other.
    await asked.getByRole('button', { name: 'Send to Other' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Response', exact: true })
        .getByRole('heading', { name: /The key was refused|HTTP 401/ })
        .first(),
    ).toBeVisible();
    expect(hits).toBe(1);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
