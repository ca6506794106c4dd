import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

/**
 * axe-core on the History section's management states (a pinned entry, each confirmation, the
 * retention setting with a field error), in the light and the dark colour scheme; every rule on.
 */

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;

async function scan(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await testInfo.attach(`${state}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
  );
  expect.soft(report, `axe violations in "${state}"`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('History management: a pinned entry, Delete, Delete selected, Clear all, Keep history', async ({ page, app }, testInfo) => {
      await openApp(page, app);
      await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
      for (const text of ['first', 'second']) {
        await page.getByRole('textbox', { name: 'Text' }).fill(text);
        await page.getByRole('button', { name: 'Invoke' }).click();
        await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText(`You said: ${text}`);
      }
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByRole('region', { name: 'History', exact: true });
      const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
      await entries.first().click();
      await page.getByRole('button', { name: 'Pin', exact: true }).click();
      await expect(entries.first()).toContainText('Pinned');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByRole('group', { name: 'Confirm delete' })).toBeVisible();
      await scan(page, testInfo, 'history-pinned-delete');
      await page.keyboard.press('Escape');

      await history.getByRole('list', { name: 'History entries' }).getByRole('checkbox').first().check();
      await history.getByRole('button', { name: 'Delete selected' }).click();
      await expect(history.getByRole('group', { name: 'Confirm delete selected' })).toBeVisible();
      await scan(page, testInfo, 'history-delete-selected');
      await page.keyboard.press('Escape');

      await history.getByRole('button', { name: 'Clear all' }).click();
      await expect(history.getByRole('group', { name: 'Confirm clear all' })).toContainText('The pinned entry is kept.');
      await scan(page, testInfo, 'history-clear-all');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('combobox', { name: 'Keep history' }).selectOption({ label: 'The last N days' });
      await dialog.getByRole('textbox', { name: 'Days to keep' }).fill('many');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Enter a whole number of days, for example 30.')).toBeVisible();
      await scan(page, testInfo, 'settings-retention-error');
    });
  });
}
