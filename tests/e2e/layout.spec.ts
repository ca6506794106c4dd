import type { Locator, Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';

/**
 * The layout at the two window sizes people use most (a 1280×800 laptop, a 1024×700 small
 * window), measured in real Chromium, and the invoke shortcut from every place focus can be
 * inside a request tab.
 */

const orderStatus = SANDBOX_AGENTS.find((agent) => agent.name === 'Order status explainer')!;
const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element is laid out').not.toBeNull();
  return found!;
}

/** Every element whose text is clipped: content wider than its box where it hides the overflow. */
async function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth)
        .map(
          (element) =>
            `${element.className}: "${element.textContent?.trim().slice(0, 60)}" (${element.scrollWidth} > ${element.clientWidth})`,
        ),
    );
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Invoke button is on screen on first load, below the payload editor', async ({ page, app }) => {
    await openApp(page, app);
    const payload = page.getByRole('textbox', { name: 'Payload' });
    await expect(payload).toBeVisible();
    const invoke = await box(page.getByRole('button', { name: 'Invoke' }));
    expect(invoke.y + invoke.height).toBeLessThanOrEqual(800);
    // The payload editor shows above the Invoke row: at least its first lines are in view.
    expect((await box(payload)).y + 40).toBeLessThanOrEqual(invoke.y);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('the header is one row and no hint or label is cut', async ({ page, app }) => {
    await openApp(page, app);
    const header = page.getByRole('banner');
    const headerBox = await box(header);
    const rowHeight = await box(page.getByRole('button', { name: 'Manage profiles' }));
    const brand = await box(page.getByRole('heading', { level: 1 }));
    const settings = await box(page.getByRole('button', { name: 'Settings' }));
    // One row: everything in the header shares a line, and the header is no taller than its padding and that line.
    expect(Math.abs(settings.y + settings.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(8);
    expect(headerBox.height).toBeLessThanOrEqual(Math.max(52, rowHeight.height + 24) + 1);
    expect(await clippedTexts(page, '.app-header *, .field-hint, .card-subtitle, .shortcut-hint, .muted, label, .pick-desc')).toEqual([]);

    // The known agents' descriptions are clamped to a few lines: the Sandbox's fit whole.
    const cutDescriptions = await page
      .locator('.pick-desc')
      .evaluateAll((elements) =>
        elements.filter((element) => element.scrollHeight > element.clientHeight + 1).map((element) => element.textContent),
      );
    expect(cutDescriptions).toEqual([]);

    const invoke = await box(page.getByRole('button', { name: 'Invoke' }));
    expect(invoke.x + invoke.width).toBeLessThanOrEqual(1024);
    expect(await clippedTexts(page, 'button')).toEqual([]);
  });
});

test('the Response heading names the agent it answered for', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page).getByRole('heading', { level: 2 })).toHaveText(`Response from ${orderStatus.name}`);

  await page.getByRole('combobox', { name: 'Agent' }).fill('unknown-agent-id');
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page).getByRole('heading', { level: 2 })).toHaveText('Response from unknown-agent-id');
});

test.describe('Ctrl+Enter invokes from wherever focus is in the request tab', () => {
  const places: [string, (page: Page) => Promise<void>][] = [
    ['the Agent field', (page) => page.getByRole('combobox', { name: 'Agent' }).focus()],
    ['the Text field', (page) => page.getByRole('textbox', { name: 'Text' }).focus()],
    ['the payload code editor', (page) => page.getByRole('textbox', { name: 'Payload' }).focus()],
    [
      'a payload table cell',
      async (page) => {
        await page.getByRole('group', { name: 'Payload view' }).getByRole('button', { name: 'Table' }).click();
        await page.getByRole('table', { name: 'Payload fields' }).getByRole('textbox').first().focus();
      },
    ],
    ['the Payload view toggle', (page) => page.getByRole('group', { name: 'Payload view' }).getByRole('button', { name: 'JSON' }).focus()],
    ['the Agent catalog button', (page) => page.getByRole('button', { name: 'Agent catalog' }).focus()],
    ['a known agent in the list', (page) => page.getByRole('button', { name: orderStatus.name, exact: true }).focus()],
    ['the request tab itself', (page) => page.getByRole('tablist', { name: 'Requests' }).getByRole('tab').first().focus()],
  ];
  for (const [place, focus] of places) {
    test(`from ${place}`, async ({ page, app }) => {
      await openApp(page, app);
      await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
      await fillPayload(page, JSON.stringify({ order_id: 'NW-7', status: 'shipped' }));
      await focus(page);
      await page.keyboard.press('Control+Enter');
      await expect(response(page)).toContainText('Order NW-7 is currently "shipped"');
    });
  }

  test('from the Response beside the form, after an answer', async ({ page, app }) => {
    await openApp(page, app);
    await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
    await fillPayload(page, JSON.stringify({ order_id: 'NW-7', status: 'shipped' }));
    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect(response(page)).toContainText('Order NW-7 is currently "shipped"');
    await fillPayload(page, JSON.stringify({ order_id: 'NW-8', status: 'packed' }));
    await response(page).getByRole('tab', { name: 'Code' }).click();
    await page.keyboard.press('Control+Enter');
    // The Code view stays open and shows the request just sent.
    await expect(response(page).getByRole('region', { name: 'cURL snippet' })).toContainText('"order_id":"NW-8"');
  });
});
