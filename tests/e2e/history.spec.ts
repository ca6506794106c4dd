import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

test('an invoke is found in History by a word of its answer, opened as it was, and replayed into a new tab', async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
  const payload = JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' });
  await fillPayload(page, payload);
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('Hi Grace Hopper');

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
  // Shown by the name the app knows the Sandbox's agent by; its id is in the tooltip.
  await expect(entries.first()).toContainText(drafter.name);
  await expect(entries.first().getByTitle(`Agent id: ${drafter.id}`)).toBeVisible();
  await testInfo.attach('history-list.png', { body: await page.screenshot(), contentType: 'image/png' });

  await history.getByRole('searchbox', { name: 'Search history' }).fill('Cobol');
  await expect(entries).toHaveCount(1);
  await expect(entries.first().locator('mark').first()).toHaveText(/cobol/i);
  await testInfo.attach('history-search.png', { body: await page.screenshot(), contentType: 'image/png' });

  await entries.first().click();
  await expect(entries.first()).toHaveAttribute('aria-current', 'true');
  const opened = page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Response', exact: true });
  await expect(opened).toContainText('Hi Grace Hopper');
  await expect(opened).toContainText('200');

  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByRole('tab', { name: 'Agents' })).toHaveAttribute('aria-selected', 'true');
  const requests = page.getByRole('tablist', { name: 'Requests' }).getByRole('tab');
  await expect(requests).toHaveCount(2);
  await expect(requests.nth(1)).toHaveAttribute('aria-selected', 'true');
  const tab = page.getByRole('tabpanel', { name: 'Agents' }).getByRole('tabpanel').last();
  await expect(tab.getByRole('combobox', { name: 'Agent' })).toHaveValue(drafter.id);
  await expect(tab.getByRole('textbox', { name: 'Text' })).toHaveValue('Where is my refund?');
  await expect(tab.getByRole('textbox', { name: 'Payload' })).toContainText('Grace Hopper');
});
