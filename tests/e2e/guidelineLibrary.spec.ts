import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startSandbox } from '../../electron/sandbox/server';
import { createProfileWithKey, expect, openApp, test } from './fixtures';

const [escalation, tone, retention, hostile] = SANDBOX_GUIDELINES;

/** axe on the whole page as it is now (every default rule, as tests/e2e/a11y.spec.ts runs it). */
async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const report = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect.soft(report, `axe violations in "${state}"`).toEqual([]);
}

test('guidelines read are kept in the library, found by a word of their content, added by paste and removed', async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  const field = page.getByRole('combobox', { name: 'Guideline' });
  const reader = page.getByRole('region', { name: 'Guideline', exact: true });
  for (const guideline of [escalation!, tone!]) {
    await field.fill(guideline.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(reader.getByRole('heading', { name: guideline.name }).first()).toBeVisible();
  }

  const library = page.getByRole('list', { name: 'Guidelines in the library' });
  const opens = library.getByRole('button', { name: /^Read / });
  await expect(opens).toHaveText(['Escalation policy', 'Tone of voice']);
  await expect(library.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Read Tone of voice' }) })).toContainText(
    'Fetched',
  );
  await testInfo.attach('library.png', { body: await page.screenshot(), contentType: 'image/png' });
  if (process.env['LIBRARY_SHOTS']) await page.screenshot({ path: '/tmp/gllib-shots/library.png' });
  await expectNoAxeViolations(page, 'library');

  // A word only in the content of the escalation policy.
  await page.getByRole('searchbox', { name: 'Search guidelines' }).fill('workaround');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button', { name: /^Read / })).toHaveText(['Escalation policy']);
  await expect(results.locator('mark').first()).toHaveText(/workaround/i);
  await testInfo.attach('library-search.png', { body: await page.screenshot(), contentType: 'image/png' });
  if (process.env['LIBRARY_SHOTS']) await page.screenshot({ path: '/tmp/gllib-shots/search.png' });
  await expectNoAxeViolations(page, 'library search');
  await page.getByRole('searchbox', { name: 'Search guidelines' }).fill('');

  await page.getByText('Add guidelines by id').click();
  await page
    .getByRole('textbox', { name: 'Guideline ids or links' })
    .fill(`${retention!.id}\nhttps://platform.example.com/api/guideline/${hostile!.id}/, ${tone!.id}\nnonsense`);
  await page.getByRole('button', { name: 'Add to library' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added' })).toContainText('2 added, 1 already in the library, 1 refused.');
  await expect(opens).toHaveText(['Data retention', 'Escalation policy', hostile!.name, 'Tone of voice']);
  await testInfo.attach('library-added.png', { body: await page.screenshot(), contentType: 'image/png' });
  if (process.env['LIBRARY_SHOTS']) await page.screenshot({ path: '/tmp/gllib-shots/added.png' });
  await expectNoAxeViolations(page, 'library after a paste');

  await library.getByRole('button', { name: 'Pin Tone of voice' }).click();
  await library.getByRole('button', { name: 'Edit labels of Escalation policy' }).click();
  await page.getByRole('textbox', { name: 'Local title' }).fill('Refund escalations');
  await expectNoAxeViolations(page, 'library labels form');
  await page.getByRole('textbox', { name: 'Tags' }).fill('refunds, tier 2');
  await page.getByRole('button', { name: 'Save labels' }).click();
  await expect(opens).toHaveText(['Tone of voice', 'Data retention', 'Refund escalations', hostile!.name]);

  await library.getByRole('button', { name: 'Remove Data retention' }).click();
  await expectNoAxeViolations(page, 'library confirm remove');
  await page.getByRole('group', { name: 'Confirm remove' }).getByRole('button', { name: 'Remove from library' }).click();
  await expect(opens).toHaveText(['Tone of voice', 'Refund escalations', hostile!.name]);

  // Kept across a reload: the library is in the app's database.
  await page.reload();
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await expect(page.getByRole('list', { name: 'Guidelines in the library' }).getByRole('button', { name: /^Read / })).toHaveText([
    'Tone of voice',
    'Refund escalations',
    hostile!.name,
  ]);
});

test('a guideline read earlier stays readable once its server has stopped, marked with when it was fetched', async ({
  page,
  app,
}, testInfo) => {
  const platform = await startSandbox({ apiKey: 'offline-e2e-key-0123456789', latency: 'none' });
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Staging', platform.url, 'offline-e2e-key-0123456789');
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation!.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const reader = page.getByRole('region', { name: 'Guideline', exact: true });
    await expect(reader.getByText('workaround exists').first()).toBeVisible();

    await platform.close();
    await page.getByRole('button', { name: 'Open guideline' }).click();
    const copy = reader.getByRole('article', { name: 'Kept copy' });
    await expect(copy.getByText(/^Kept copy, fetched /)).toBeVisible();
    await expect(copy.getByText('workaround exists').first()).toBeVisible();
    await testInfo.attach('offline-copy.png', { body: await page.screenshot(), contentType: 'image/png' });
    if (process.env['LIBRARY_SHOTS']) await page.screenshot({ path: '/tmp/gllib-shots/offline.png' });
    await expectNoAxeViolations(page, 'kept copy');
  } finally {
    await platform.close().catch(() => undefined);
  }
});
