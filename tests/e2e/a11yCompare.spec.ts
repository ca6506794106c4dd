import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';

/**
 * axe-core on History's Comparison, in the light and the dark colour scheme, as a11y.spec.ts
 * scans the other screens: every default rule on, a violation fails and says what and where.
 * Its own file so the shared scan file does not grow with each History view.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

async function invoke(page: Page, name: string, topic: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill(`A question about ${topic}.`);
  await fillPayload(page, JSON.stringify({ customer_name: name, company: 'Cobol Cloud', topic }));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText(`Hi ${name}`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`History's Comparison has no axe violations (${colorScheme})`, async ({ page, app }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    await openApp(page, app);
    await invoke(page, 'Grace Hopper', 'a lost invoice');
    await invoke(page, 'Ada Lovelace', 'a late parcel');
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('region', { name: 'History', exact: true });
    const checkboxes = history.getByRole('list', { name: 'History entries' }).getByRole('checkbox');
    await checkboxes.nth(1).check();
    // The bar with one entry selected: Compare disabled, with its hint.
    await expect(history.getByRole('group', { name: 'Selected entries' })).toContainText('Select two entries to compare.');
    await checkboxes.nth(0).check();
    await history.getByRole('button', { name: 'Compare' }).click();
    const comparison = page.getByRole('region', { name: 'Comparison' });
    await expect(comparison.getByRole('group', { name: 'Answer, entry 2' }).locator('ins').first()).toBeVisible();
    await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
    await testInfo.attach(`history-compare-${colorScheme}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    const results = await new AxeBuilder({ page }).analyze();
    const report = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n'),
    );
    expect(report, `axe violations in the Comparison (${colorScheme})`).toEqual([]);
  });
}
