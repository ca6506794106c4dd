import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, startWebApp, test } from './fixtures';

/** Request tabs come back with their last answer after a restart, and closing one can be undone. */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true });
const tabs = (page: Page) => page.getByRole('tablist', { name: 'Requests' }).getByRole('tab');

async function invokeDrafter(page: Page, customer: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill(`Where is the refund of ${customer}?`);
  await fillPayload(page, JSON.stringify({ customer_name: customer, company: 'Cobol Cloud', topic: 'a lost invoice' }));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page)).toContainText(`Hi ${customer}`);
}

test('a request tab shows its last answer again after a restart, read from the history', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-explorer-e2e-tabrestore-'));
  try {
    const first = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, first.app);
    await invokeDrafter(page, 'Grace Hopper');
    await expect(response(page)).not.toContainText('restored from history');
    const saved = () =>
      existsSync(path.join(dataDir, 'workspace.json')) ? readFileSync(path.join(dataDir, 'workspace.json'), 'utf8') : '';
    await expect.poll(saved).toContain('Grace Hopper');
    await first.stop();

    const restarted = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, restarted.app);
    await expect(response(page)).toContainText('Hi Grace Hopper');
    await expect(response(page)).toContainText(/From .+, restored from history\./);
    await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('Where is the refund of Grace Hopper?');
    await restarted.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a closed tab comes back with Undo, and with Reopen closed tab, draft and answer included', async ({ page, app }) => {
  await openApp(page, app);
  await invokeDrafter(page, 'Ada Lovelace');
  await page.getByRole('button', { name: '+ New request' }).click();
  await page.getByRole('textbox', { name: 'Text' }).fill('a second draft, typed with care');
  await expect(tabs(page)).toHaveCount(2);

  // A stray click on the first tab's ×: Undo puts it back, in front, with its answer.
  await tabs(page).first().locator('[data-close-tab]').click();
  await expect(tabs(page)).toHaveCount(1);
  const toast = page.getByRole('status').filter({ hasText: 'Closed Support reply drafter' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
  await expect(response(page)).toContainText('Hi Ada Lovelace');

  // Closing the second one, then Reopen closed tab: its draft is back.
  await tabs(page).nth(1).locator('[data-close-tab]').click();
  await expect(tabs(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Reopen closed tab' }).click();
  await expect(tabs(page)).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('a second draft, typed with care');
});
