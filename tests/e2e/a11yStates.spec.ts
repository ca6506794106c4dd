import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { createProfileWithKey, expect, fillPayload, openApp, test } from './fixtures';

/**
 * States that tests/e2e/a11y.spec.ts does not reach, scanned the same way (axe, every default
 * rule): the 401 advice with its two buttons, the "Which profile to send to" question, the tab
 * strip showing each tab's profile, and the catalog's learned-keys review.
 */
const KEY = 'a11y-states-key-0123456789';
const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`error advice, the profile question and learned keys pass axe (${colorScheme})`, async ({ page, app }) => {
    await page.emulateMedia({ colorScheme });
    const platform = await startSandbox({ apiKey: KEY, auth: { kind: 'header', header: 'X-API-Key' }, latency: 'none' });
    try {
      await openApp(page, app);
      // Learned keys: an answered invoke with a key the agent's placeholders lack.
      await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
      await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
      await fillPayload(page, JSON.stringify({ customer_name: 'Grace', custmer_typo: 'x' }));
      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('Grace');
      await page.getByRole('button', { name: 'Agent catalog' }).click();
      const catalog = page.getByRole('dialog', { name: 'Agent catalog' });
      await expect(catalog).toContainText('custmer_typo');
      expect.soft(await violations(page), 'catalog with learned keys').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(catalog).toBeHidden();

      // A second profile, made active: the first tab now belongs to another profile.
      await createProfileWithKey(page, 'Staging', platform.url, KEY);

      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(page.getByRole('group', { name: 'Which profile to send to' })).toBeVisible();
      expect.soft(await violations(page), 'tab-profile question and tab strip').toEqual([]);
      await page.getByRole('button', { name: 'Send to Staging' }).click();
      // Bearer is refused by a server that reads X-API-Key: the 401 advice.
      const alert = page.getByRole('region', { name: 'Response', exact: true }).getByRole('alert');
      await expect(alert.getByRole('button', { name: 'Detect how the key is sent' })).toBeVisible();
      expect.soft(await violations(page), '401 advice').toEqual([]);
    } finally {
      await platform.close();
    }
  });
}

/**
 * Deep markdown in real Chromium, with axe: a bare run of 3000 quotes, and the same after a
 * line that looks like a code fence but is none (a backtick in a backtick fence's info), which
 * once hid the nesting from the guard (tests/unit/renderer/features/guidelines/SafeMarkdown.test.tsx): both show
 * as plain text with the note.
 */
test('deep guidelines show as plain text with the note, behind a false fence too, and pass axe', async ({ page, app }) => {
  const contents: Record<string, string> = { deep: '>'.repeat(3000), bypass: `\`\`\` a\`b\n${'>'.repeat(3000)}` };
  const server: Server = createServer((req, res) => {
    const id = /\/api\/guideline\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: `Guideline ${id}`, description: 'Nested too far.', content: contents[id] ?? '' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Deep', `http://127.0.0.1:${(server.address() as AddressInfo).port}`, KEY);
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    const view = page.getByRole('region', { name: 'Guideline', exact: true });

    await page.getByRole('combobox', { name: 'Guideline' }).fill('deep');
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(view.getByRole('note')).toBeVisible();
    expect.soft(await violations(page), 'deep guideline as plain text').toEqual([]);

    await page.getByRole('combobox', { name: 'Guideline' }).fill('bypass');
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(view.getByRole('heading', { name: 'Guideline bypass' })).toBeVisible();
    expect.soft(await violations(page), 'deep guideline behind a fence line').toEqual([]);
    await expect(view.getByRole('note')).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
