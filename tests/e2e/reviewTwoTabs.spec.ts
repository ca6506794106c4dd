import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

/**
 * Review: browser mode supports a second tab (README "Browser mode": each spent address prints a
 * fresh one "for another tab"). Two findings where that meets the merged branches:
 * 1. the "Which profile to send to" check compares a tab's profile with this page's cached
 *    active profile, while the host sends to ITS active profile: after another browser tab
 *    switches profiles, this page sends a draft to the other server without asking;
 * 2. each page saves its whole workspace, so the last page to save drops the drafts of the other.
 */
const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

test('review: a profile switched in another tab never sends this tab\'s draft there unasked', async ({ page, context, app }) => {
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
    await dialog.getByLabel('API key').fill('other-key-0123456789');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await expect(dialog.getByLabel('API key')).toHaveValue('');

    await page.bringToFront();
    await page.getByRole('button', { name: 'Invoke' }).click();
    const asked = page.getByRole('group', { name: 'Which profile to send to' });
    const answered = page.getByRole('region', { name: 'Response', exact: true }).getByRole('heading').first();
    await expect(asked.or(answered)).toBeVisible();
    // The draft was written for the Sandbox: it must not reach Other before the person is asked.
    expect(hits).toBe(0);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
