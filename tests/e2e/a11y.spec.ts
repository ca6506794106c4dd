import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { expect, fillPayload, openApp, test } from './fixtures';

/**
 * axe-core on every main screen and dialog, in the light and the dark colour scheme. Every
 * rule axe runs by default is on (WCAG 2.x A/AA and best practices): a violation anywhere
 * fails the test and prints what and where. Nothing is disabled. Each state also leaves a
 * screenshot among the test's attachments, for a person to look at.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const escalation = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Escalation policy')!;

const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true });

/** Scans the whole page as it is now; fails listing every violation with its nodes. */
async function scan(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  // Let transitions settle so colours are measured as they end up.
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

async function invokeDrafter(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
  await fillPayload(page, JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud' }));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page)).toContainText('Hi Grace Hopper');
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ colorScheme });

    test('the Invoke screen: empty, each response view, Repeat and its confirmation, an error', async ({ page, app }, testInfo) => {
      // Ten full-page screenshots and axe scans in one test: on a loaded 2-core machine they take
      // about a minute together, the default limit for one test.
      test.slow();
      await openApp(page, app);
      await scan(page, testInfo, 'invoke-empty');

      await fillPayload(page, JSON.stringify({ customer_name: 'Grace Hopper', note: 'x'.repeat(400) }));
      await page.getByRole('group', { name: 'Payload view' }).getByRole('button', { name: 'Table' }).click();
      await expect(page.getByRole('table', { name: 'Payload fields' })).toBeVisible();
      await scan(page, testInfo, 'invoke-payload-table');
      await page.getByRole('group', { name: 'Payload view' }).getByRole('button', { name: 'JSON' }).click();

      await invokeDrafter(page);
      const views = response(page).getByRole('tablist', { name: 'Response views' }).getByRole('tab');
      const names = await views.allTextContents();
      expect(names.length).toBeGreaterThanOrEqual(5);
      for (const [index, name] of names.entries()) {
        await views.nth(index).click();
        await expect(views.nth(index)).toHaveAttribute('aria-selected', 'true');
        await scan(page, testInfo, `invoke-answer-${name}`);
      }

      const repeat = response(page).getByRole('region', { name: 'Repeat' });
      await repeat.getByRole('spinbutton', { name: 'Runs' }).fill('2');
      await repeat.getByRole('button', { name: 'Repeat…' }).click();
      await expect(repeat.getByRole('group', { name: 'Confirm repeat' })).toBeVisible();
      await scan(page, testInfo, 'invoke-repeat-confirm');
      await repeat.getByRole('button', { name: 'Send 2 runs' }).click();
      await expect(repeat.getByRole('status')).toContainText('Finished: 2 of 2 runs ended');
      await scan(page, testInfo, 'invoke-repeat-results');

      await page.getByRole('combobox', { name: 'Agent' }).fill('no-such-agent');
      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(response(page).getByRole('alert')).toContainText('404');
      await scan(page, testInfo, 'invoke-error');
    });

    test('the Guidelines screen with a guideline open', async ({ page, app }, testInfo) => {
      await openApp(page, app);
      await page.getByRole('tab', { name: 'Guidelines' }).click();
      await scan(page, testInfo, 'guidelines-empty');
      await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
      await page.getByRole('button', { name: 'Open guideline' }).click();
      await expect(page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('table')).toBeVisible();
      await scan(page, testInfo, 'guidelines-open');
    });

    test('the History section: the list, a search with highlighted passages, an opened entry', async ({ page, app }, testInfo) => {
      await openApp(page, app);
      await invokeDrafter(page);
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByRole('region', { name: 'History', exact: true });
      const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
      await expect(entries.first()).toContainText(drafter.name);
      await scan(page, testInfo, 'history-list');
      await history.getByRole('searchbox', { name: 'Search history' }).fill('Grace');
      await expect(entries.first().locator('mark').first()).toBeVisible();
      await scan(page, testInfo, 'history-search');
      await entries.first().click();
      await expect(page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Response', exact: true })).toContainText(
        'Hi Grace Hopper',
      );
      await scan(page, testInfo, 'history-opened');
    });

    test('the Profiles dialog: list, new profile form, Detect, confirmations', async ({ page, app }, testInfo) => {
      // A second server that wants a key, so the dialog shows a key being saved and Detect at work.
      const platform = await startSandbox({
        apiKey: 'a11y-key-0123456789',
        auth: { kind: 'header', header: 'X-API-Key' },
        latency: 'none',
      });
      try {
        await openApp(page, app);
        await page.getByRole('button', { name: 'Manage profiles' }).click();
        const dialog = page.getByRole('dialog', { name: 'Profiles' });
        await expect(dialog).toBeVisible();
        await scan(page, testInfo, 'profiles-list');

        await dialog.getByRole('button', { name: 'New profile' }).click();
        await dialog.getByLabel('Name', { exact: true }).fill('Staging');
        await dialog.getByLabel('Base URL').fill(platform.url);
        await scan(page, testInfo, 'profiles-new');
        await dialog.getByRole('button', { name: 'Create profile' }).click();
        // The new profile's own page (the New form has an API key field too, until it is made).
        await expect(dialog.getByRole('button', { name: 'Save key' })).toBeVisible();
        await dialog.getByLabel('API key').fill('a11y-key-0123456789');
        await dialog.getByRole('button', { name: 'Save key' }).click();
        await expect(dialog).toContainText(/kept in memory for this session only/i);

        await dialog.getByLabel('Guideline id for Detect').fill(escalation.id);
        await dialog.getByRole('button', { name: 'Detect' }).click();
        await expect(dialog.getByRole('table', { name: 'Detect attempts' })).toContainText(/accepted/i);
        await scan(page, testInfo, 'profiles-detect');

        await dialog.getByRole('button', { name: 'Delete' }).click();
        const confirmDelete = dialog.getByRole('group', { name: 'Confirm delete' });
        await expect(confirmDelete).toBeVisible();
        await scan(page, testInfo, 'profiles-confirm-delete');
        await confirmDelete.getByRole('button', { name: 'Cancel' }).click();

        await dialog.getByLabel('Name', { exact: true }).fill('Staging, renamed');
        await dialog.getByRole('button', { name: 'Close' }).first().click();
        await expect(dialog.getByRole('group', { name: 'Confirm close' })).toBeVisible();
        await scan(page, testInfo, 'profiles-confirm-close');
        await dialog.getByRole('button', { name: 'Discard and close' }).click();
        await expect(dialog).toBeHidden();
      } finally {
        await platform.close();
      }
    });

    test('the Settings and Agent catalog dialogs', async ({ page, app }, testInfo) => {
      await openApp(page, app);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      await scan(page, testInfo, 'settings');
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();

      await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
      await page.getByRole('button', { name: 'Agent catalog' }).click();
      const catalog = page.getByRole('dialog', { name: 'Agent catalog' });
      await expect(catalog).toBeVisible();
      await scan(page, testInfo, 'catalog');
    });
  });
}
