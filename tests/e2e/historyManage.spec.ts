import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
const explainer = SANDBOX_AGENTS.find((agent) => agent.name === 'Order status explainer')!;

/** Sends each text to the Echo agent from the Agents section, waiting for each answer. */
async function invokeEach(page: Page, texts: string[]) {
  await page.getByRole('tab', { name: 'Agents' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Agents' });
  await panel.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
  for (const text of texts) {
    await panel.getByRole('textbox', { name: 'Text' }).fill(text);
    await panel.getByRole('button', { name: 'Invoke' }).click();
    await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText(`You said: ${text}`);
  }
}

test('pin an entry, delete another, Clear all keeps the pinned one, and a retention of 2 entries keeps 2 and the pinned', async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  await invokeEach(page, ['alpha request', 'bravo request', 'charlie request', 'delta request']);

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  const entries = history.getByRole('list', { name: 'History entries' }).getByRole('button');
  await expect(entries).toHaveCount(4);
  const opened = page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Response', exact: true });

  // Pin the oldest (alpha).
  await entries.nth(3).click();
  await expect(opened).toContainText('You said: alpha request');
  const pin = page.getByRole('button', { name: 'Pin', exact: true });
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(entries.nth(3)).toContainText('Pinned');

  // Delete bravo, after the confirmation.
  await entries.nth(2).click();
  await expect(opened).toContainText('You said: bravo request');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete entry' }).click();
  await expect(entries).toHaveCount(3);
  await expect(opened).toContainText('No entry open.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await testInfo.attach('history-pinned.png', { body: await page.screenshot(), contentType: 'image/png' });

  // Clear all: says what goes and that the pinned entry stays.
  await history.getByRole('button', { name: 'Clear all' }).click();
  const confirm = history.getByRole('group', { name: 'Confirm clear all' });
  await expect(confirm).toContainText('Delete 2 entries from the history? The pinned entry is kept.');
  await expect(confirm.getByRole('checkbox', { name: 'Also delete pinned entries' })).not.toBeChecked();
  await testInfo.attach('history-clear-all.png', { body: await page.screenshot(), contentType: 'image/png' });
  await confirm.getByRole('button', { name: 'Clear all' }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Pinned');

  // Three more, then keep only the last 2 entries: the pinned one is kept on top of them.
  await invokeEach(page, ['echo request', 'foxtrot request', 'golf request']);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Keep history' }).selectOption({ label: 'The last N entries' });
  await dialog.getByRole('textbox', { name: 'Entries to keep' }).fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved.');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(entries).toHaveCount(3);
  await expect(history).toContainText('Pinned');
  const search = history.getByRole('searchbox', { name: 'Search history' });
  const status = history.getByRole('status');
  await search.fill('echo');
  await expect(status).toHaveText('Nothing matches.');
  await search.fill('');
  await expect(entries).toHaveCount(3);

  // Each new record applies it too: hotel comes in, foxtrot goes.
  await invokeEach(page, ['hotel request']);
  await page.getByRole('tab', { name: 'History' }).click();
  await search.fill('hotel');
  await expect(entries).toHaveCount(1);
  await search.fill('foxtrot');
  await expect(status).toHaveText('Nothing matches.');
  await search.fill('golf');
  await expect(entries).toHaveCount(1);
  await search.fill('');
  await expect(entries).toHaveCount(3);
});

test('on a narrow window a row keeps its round trip on its line, and a search passage shows its match', async ({ page, app }, testInfo) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await openApp(page, app);
  const before = Array.from({ length: 10 }, (_, i) => `https://example.com/a/rather/long/path/number-${i}/to/somewhere`).join(' ');
  await invokeEach(page, [`${before} zanzibar`]);
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  const row = history.getByRole('list', { name: 'History entries' }).getByRole('button').first();
  await expect(row).toBeVisible();
  const time = await row.locator('.history-time').boundingBox();
  const roundTrip = await row.locator('.history-roundtrip').boundingBox();
  expect(roundTrip!.width).toBeGreaterThan(0);
  expect(Math.abs(roundTrip!.y - time!.y)).toBeLessThan(4);
  const rowBox = await row.boundingBox();
  expect(roundTrip!.x + roundTrip!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);

  await history.getByRole('searchbox', { name: 'Search history' }).fill('zanzibar');
  const mark = row.locator('mark').first();
  await expect(mark).toHaveText(/zanzibar/i);
  const line = await row.locator('.history-passage-line').boundingBox();
  const marked = await mark.boundingBox();
  // Inside the line's visible box, not cut off by its ellipsis.
  expect(marked!.x + marked!.width).toBeLessThanOrEqual(line!.x + line!.width);
  await testInfo.attach('history-narrow.png', { body: await page.screenshot(), contentType: 'image/png' });
});

test('at 1024×700 a row shows the whole name of its agent and its profile, not a letter and an ellipsis', async ({
  page,
  app,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await openApp(page, app);
  const panel = page.getByRole('tabpanel', { name: 'Agents' });
  await panel.getByRole('combobox', { name: 'Agent' }).fill(explainer.id);
  await panel.getByRole('textbox', { name: 'Text' }).fill('Where is order 1042?');
  await panel.getByRole('button', { name: 'Invoke' }).click();
  await expect(panel.getByRole('region', { name: 'Response', exact: true })).toContainText('200');
  await page.getByRole('tab', { name: 'History' }).click();
  const row = page
    .getByRole('region', { name: 'History', exact: true })
    .getByRole('list', { name: 'History entries' })
    .getByRole('button')
    .first();
  await expect(row).toContainText(explainer.name);
  for (const part of [row.getByText(explainer.name, { exact: true }), row.getByText('Sandbox', { exact: true })]) {
    // Laid out whole: nothing of it hidden behind an ellipsis.
    expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await testInfo.attach('history-1024.png', { body: await page.screenshot(), contentType: 'image/png' });
});
