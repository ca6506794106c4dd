import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

async function invoke(page: Page, text: string, payload: Record<string, string>, expected: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill(text);
  await fillPayload(page, JSON.stringify(payload));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText(expected);
}

test('two invokes ticked in History and compared: word-level differences of text and answer, payload key by key, both timings', async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  await invoke(
    page,
    'Where is my refund?',
    { customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' },
    'Hi Grace Hopper',
  );
  await invoke(
    page,
    'Where is my parcel?',
    { customer_name: 'Ada Lovelace', company: 'Cobol Cloud', topic: 'a late parcel', tier: 'gold' },
    'Hi Ada Lovelace',
  );

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  const checkboxes = history.getByRole('list', { name: 'History entries' }).getByRole('checkbox');
  await expect(checkboxes).toHaveCount(2);
  // The older (Grace) first: it is entry 1.
  await checkboxes.nth(1).check();
  const bar = history.getByRole('group', { name: 'Selected entries' });
  const compare = bar.getByRole('button', { name: 'Compare' });
  await expect(compare).toBeDisabled();
  await expect(bar).toContainText('Select two entries to compare.');
  await checkboxes.nth(0).check();
  await expect(compare).toBeEnabled();
  await compare.click();

  const comparison = page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Comparison' });
  await expect(comparison.getByRole('heading', { name: 'Comparison' })).toBeFocused();
  const answer1 = comparison.getByRole('group', { name: 'Answer, entry 1' });
  const answer2 = comparison.getByRole('group', { name: 'Answer, entry 2' });
  await expect(answer1.locator('del').filter({ hasText: 'Grace Hopper' })).toHaveCount(1);
  await expect(answer2.locator('ins').filter({ hasText: 'Ada Lovelace' })).toHaveCount(1);
  await expect(answer1.locator('del').filter({ hasText: 'lost invoice' })).toHaveCount(1);
  // Words both answers share are not marked.
  await expect(answer1).toContainText('Thank you for contacting Cobol Cloud');
  await expect(answer1.locator('del').filter({ hasText: 'Cobol' })).toHaveCount(0);
  await expect(comparison.getByRole('group', { name: 'Text, entry 2' }).locator('ins')).toHaveText(/parcel/);

  const payload = comparison.getByRole('table', { name: 'Payload, key by key' });
  await expect(payload.getByRole('row', { name: /customer_name/ })).toContainText('"Grace Hopper"');
  await expect(payload.getByRole('row', { name: /customer_name/ })).toContainText('"Ada Lovelace"');
  await expect(payload.getByRole('row', { name: /tier/ })).toContainText('only in entry 2');
  await expect(payload.getByRole('row', { name: /company/ })).toContainText('same');

  const timing = comparison.getByRole('table', { name: 'Timing side by side' });
  const cells = (name: string) =>
    timing
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
      .getByRole('cell');
  await expect(cells('Round trip').nth(0)).toHaveText(/^\d[\d,.]* ms$/);
  await expect(cells('Round trip').nth(1)).toHaveText(/^\d[\d,.]* ms$/);
  await expect(cells('Round trip').nth(2)).toHaveText(/^([+−]\d[\d,.]*|0) ms$/);
  await expect(cells('Server duration (as sent)').nth(0)).toHaveText(/ms$/);
  await expect(cells('Server duration (as sent)').nth(1)).toHaveText(/ms$/);
  await expect(cells('Server duration').nth(2)).toHaveText(/ms$/);
  await testInfo.attach('history-compare.png', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await page.keyboard.press('Escape');
  await expect(comparison).toBeHidden();
  await expect(compare).toBeFocused();
});
