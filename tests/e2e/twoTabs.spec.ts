import { expect, openApp, test } from './fixtures';

/**
 * Browser mode can open the app in a second browser tab (README "Browser mode"). The tabs share
 * the request drafts: each page saves only its own changes and the host merges them, so no page
 * drops what was typed in another (electron/core/workspace/workspaceMerge.ts).
 */

test('drafts typed in two browser tabs are both kept', async ({ page, context, app }) => {
  /** The next saveWorkspace call of `on` whose body contains `text`. */
  const savedWith = (on: typeof page, text: string) =>
    on.waitForResponse((response) => response.url().endsWith('/rpc/saveWorkspace') && (response.request().postData() ?? '').includes(text));
  await openApp(page, app);
  const firstSaved = savedWith(page, 'draft-from-first-tab');
  await page.getByRole('combobox', { name: 'Agent' }).fill('draft-from-first-tab');
  await firstSaved;

  const second = await context.newPage();
  await openApp(second, app);
  const secondSaved = savedWith(second, 'draft-from-second-tab');
  await second.getByRole('button', { name: '+ New request' }).click();
  await second.getByRole('combobox', { name: 'Agent' }).last().fill('draft-from-second-tab');
  await secondSaved;

  // The first page goes on typing and saves its own view of the tabs.
  await page.bringToFront();
  const savedAgain = savedWith(page, 'more text');
  await page.getByRole('textbox', { name: 'Text' }).fill('more text');
  await savedAgain;
  // The host's answer to that save brings the other page's tab into this one.
  await expect(page.getByRole('tablist', { name: 'Requests' }).getByRole('tab').filter({ hasText: 'draft-from-second-tab' })).toHaveCount(
    1,
  );

  const third = await context.newPage();
  await openApp(third, app);
  const tabs = third.getByRole('tablist', { name: 'Requests' }).getByRole('tab');
  await expect(tabs.filter({ hasText: 'draft-from-first-tab' })).toHaveCount(1);
  await expect(tabs.filter({ hasText: 'draft-from-second-tab' })).toHaveCount(1, { timeout: 3000 });
});
