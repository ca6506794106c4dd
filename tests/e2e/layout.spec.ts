import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { SANDBOX_AGENTS } from '../../electron/sandbox/catalog';
import { createProfile, expect, fillCode, fillPayload, openApp, test } from './fixtures';

/**
 * The layout at the two window sizes people use most (a 1280×800 laptop, a 1024×700 small
 * window), measured in real Chromium: the header and section tabs stay put, sections are panes
 * that scroll on their own, and what an action produces is in view. Also the invoke shortcut
 * from every place focus can be inside a request tab.
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

/** How many lines the browser laid the element's text out on. */
function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
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

  test('the header stays one row with a profile’s pills, each pill on one line', async ({ page, app }) => {
    await openApp(page, app);
    // A profile with the most to say: plain HTTP to another machine, and no key yet.
    await createProfile(page, 'Staging platform', 'http://platform.example.test/base', (dialog) =>
      dialog.getByLabel('Allow insecure HTTP').check(),
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Profiles' })).toBeHidden();
    const header = page.getByRole('banner');
    const brand = await box(page.getByRole('heading', { level: 1 }));
    const pills = [
      header.getByText('Insecure HTTP'),
      header.getByText('No API key'),
      header.getByRole('button', { name: 'Set a key' }),
      header.getByRole('button', { name: 'Settings' }),
      header.getByText('Browser mode'),
    ];
    for (const pill of pills) {
      const pillBox = await box(pill);
      expect(
        Math.abs(pillBox.y + pillBox.height / 2 - (brand.y + brand.height / 2)),
        `${await pill.textContent()} on the header's row`,
      ).toBeLessThan(8);
      expect(await textLines(pill), `${await pill.textContent()} on one line`).toBe(1);
      expect(pillBox.x + pillBox.width).toBeLessThanOrEqual(1024);
    }
  });

  test('the History list is widened from the keyboard, its rows with it, and keeps its width across sections', async ({ page, app }) => {
    await openApp(page, app);
    await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
    await page.getByRole('button', { name: 'Invoke' }).click();
    // The answer's own words (the heading names the agent as soon as the request is sent).
    await expect(response(page)).toContainText('is currently');
    await page.getByRole('tab', { name: 'History' }).click();
    const list = page.getByRole('region', { name: 'History' });
    const row = list.locator('.history-entry').first();
    await expect(row).toBeVisible();
    const [listBefore, rowBefore] = [(await box(list)).width, (await box(row)).width];
    const separator = page.getByRole('separator', { name: 'Width of the history list' });
    await separator.focus();
    for (let press = 0; press < 8; press += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await box(list)).width).toBeGreaterThan(listBefore + 100);
    expect((await box(row)).width).toBeGreaterThan(rowBefore + 100);
    const widened = (await box(list)).width;
    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(async () => (await box(list)).width).toBe(widened);
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

/** The window's own scroll: it never moves, whatever scrolls inside. */
const pageScroll = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollTop ?? -1);

/** Whether the whole of `locator` is inside the window. */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const found = await box(locator);
  const size = page.viewportSize()!;
  return found.y >= 0 && found.x >= 0 && found.y + found.height <= size.height + 1 && found.x + found.width <= size.width + 1;
}

const overlap = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;

/** A suite of two cases on Echo, put in the Runs section through its JSON view, then run. */
async function runEchoSuite(page: Page) {
  const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
  const runs = page.getByRole('region', { name: 'Runs' });
  const suite = {
    name: 'echoes',
    agents: [echo.id],
    cases: ['one', 'two', 'three'].map((text) => ({ name: `says ${text}`, text, payload: {}, expect: { answerContains: text } })),
  };
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Source' }).click();
  await fillCode(runs.getByRole('textbox', { name: 'Suite JSON' }), JSON.stringify(suite, null, 2));
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Form' }).click();
  await runs.getByRole('button', { name: 'Run suite' }).click();
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [width, height] of [
  [1280, 800],
  [1024, 700],
] as const) {
  test.describe(`panes at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('after Run suite the progress and results are in the window, and an opened result too, without scrolling the page', async ({
      page,
      app,
    }) => {
      await openApp(page, app);
      await page.getByRole('tab', { name: 'Runs' }).click();
      await runEchoSuite(page);
      const run = page.getByRole('region', { name: 'Run', exact: true });
      await expect(run.getByText(/3 of 3 · 3 passed · 0 failed/)).toBeVisible();
      await expect.poll(() => inWindow(page, run.getByRole('progressbar', { name: 'Run progress' }))).toBe(true);
      // The first result's first cell (a narrow pane scrolls the table's further columns sideways).
      const firstResult = run.getByRole('grid', { name: 'Results' }).getByRole('row').nth(1);
      await expect.poll(() => inWindow(page, firstResult.getByRole('gridcell').first())).toBe(true);
      await run.getByRole('grid', { name: 'Results' }).getByRole('row').nth(2).click();
      const opened = run.getByRole('region', { name: 'Opened result' });
      await expect(opened.getByRole('list', { name: 'Expectations' })).toBeVisible();
      await expect.poll(() => inWindow(page, opened.getByRole('heading', { name: 'Result 2' }))).toBe(true);
      expect(await pageScroll(page)).toBe(0);
      expect((await box(page.getByRole('banner'))).y).toBe(0);
    });

    test('a picked known agent folds the list to one line; the payload and the Invoke bar are in view, apart', async ({ page, app }) => {
      await openApp(page, app);
      await page.getByRole('button', { name: orderStatus.name, exact: true }).click();
      const folded = page.getByRole('button', { name: /^Known agents/ });
      await expect(folded).toHaveAttribute('aria-expanded', 'false');
      await expect(folded).toContainText(orderStatus.name);
      await expect(page.getByRole('button', { name: 'Echo', exact: true })).toBeHidden();
      const payload = page.getByRole('textbox', { name: 'Payload' });
      const bar = page.getByRole('form', { name: 'Request' }).locator('.actions');
      await expect.poll(() => inWindow(page, payload)).toBe(true);
      expect(await inWindow(page, bar)).toBe(true);
      expect(overlap(await box(payload), await box(bar))).toBe(false);
      // Reopened from the keyboard: focus lands in the list, on the agent picked.
      await folded.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: orderStatus.name, exact: true })).toBeFocused();
      await expect(page.getByRole('button', { name: 'Echo', exact: true })).toBeVisible();
    });

    test('invalid JSON + Invoke: the reason beside the button, the field focused, the old answer marked previous', async ({
      page,
      app,
    }) => {
      await openApp(page, app);
      await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
      await fillPayload(page, JSON.stringify({ order_id: 'NW-7', status: 'shipped' }));
      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(response(page)).toContainText('Order NW-7');
      await expect(response(page)).not.toContainText('Previous answer');

      await fillPayload(page, '{"order_id": "NW-8",');
      await page.getByRole('button', { name: 'Invoke' }).click();
      const reason = page.getByRole('form', { name: 'Request' }).getByRole('alert');
      await expect(reason).toContainText('Not sent: Invalid JSON');
      await expect.poll(() => inWindow(page, reason)).toBe(true);
      await expect(page.getByRole('textbox', { name: 'Payload' })).toBeFocused();
      await expect.poll(() => inWindow(page, page.getByRole('textbox', { name: 'Payload' }))).toBe(true);
      await expect(response(page).getByText('Previous answer')).toBeVisible();
      expect(await pageScroll(page)).toBe(0);

      // A new answer takes the mark away.
      await fillPayload(page, JSON.stringify({ order_id: 'NW-8', status: 'packed' }));
      await expect(reason).toBeHidden();
      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(response(page)).toContainText('Order NW-8');
      await expect(response(page).getByText('Previous answer')).toBeHidden();
    });

    test('the page never scrolls: a pane does, under a header that stays at the top', async ({ page, app }) => {
      await openApp(page, app);
      await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
      await page.getByRole('button', { name: 'Invoke' }).click();
      await expect(response(page)).toContainText('Order');
      const pane = response(page).locator('xpath=..');
      await response(page).hover();
      // Wheeled until it moves: the pane is brought back to its top once the answer has rendered
      // (an effect after paint), which may come just after the text is seen.
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, 2000);
          return pane.evaluate((element) => element.scrollTop);
        })
        .toBeGreaterThan(0);
      await page.evaluate(() => window.scrollBy(0, 500));
      expect(await pageScroll(page)).toBe(0);
      expect((await box(page.getByRole('banner'))).y).toBe(0);
      expect(await inWindow(page, page.getByRole('tablist', { name: 'Sections' }))).toBe(true);
    });

    test('the separator between request and response resizes them from the keyboard', async ({ page, app }) => {
      await openApp(page, app);
      const separator = page.getByRole('separator', { name: 'Width of the request' });
      const request = page.getByRole('form', { name: 'Request' });
      const before = (await box(request)).width;
      const value = Number(await separator.getAttribute('aria-valuenow'));
      await separator.focus();
      for (let press = 0; press < 4; press += 1) await page.keyboard.press('ArrowRight');
      await expect(separator).toHaveAttribute('aria-valuenow', String(value + 8));
      await expect.poll(async () => (await box(request)).width).toBeGreaterThan(before + 40);
      await page.keyboard.press('ArrowLeft');
      await expect(separator).toHaveAttribute('aria-valuenow', String(value + 6));
    });

    test('a fieldset looks like the cards around it: their border and corners, not the browser’s frame', async ({ page, app }) => {
      await openApp(page, app);
      await page.getByRole('tab', { name: 'Runs' }).click();
      const look = (locator: Locator) =>
        locator.evaluate((element) => {
          const style = getComputedStyle(element);
          return [style.borderTopStyle, style.borderTopWidth, style.borderTopColor, style.borderTopLeftRadius].join(' ');
        });
      const card = await look(page.locator('.suite-case.card').first());
      expect(await look(page.getByRole('group', { name: 'Run settings' }))).toBe(card);
      expect(await look(page.getByRole('group', { name: 'Expectations' }).first())).toBe(card);
    });

    test('each section fills the window with no axe violation, and Tab reaches the skip link first', async ({ page, app }) => {
      await openApp(page, app);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to the main pane' });
      await expect(skip).toBeFocused();
      expect(await inWindow(page, skip)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('combobox', { name: 'Agent' })).toBeFocused();
      for (const section of ['Agents', 'Guidelines', 'History', 'Runs']) {
        await page.getByRole('tab', { name: section }).click();
        const panel = page.locator('.app-main > .tabs > [role="tabpanel"]:not([hidden])');
        await expect(panel.locator('.split-panes, .split-layout, .history-section, .workbench-beside').first()).toBeVisible();
        expect(await inWindow(page, panel)).toBe(true);
        expect(await pageScroll(page)).toBe(0);
        expect.soft(await axeViolations(page), `the ${section} section`).toEqual([]);
      }
    });
  });
}

test.describe('the guideline beside the workbench where three columns do not fit', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('takes the answer’s place, with a toggle between the two', async ({ page, app }) => {
    await openApp(page, app);
    await page.getByRole('button', { name: 'Show beside the workbench' }).click();
    const beside = page.getByRole('complementary', { name: 'Guideline beside the workbench' });
    await expect(beside).toBeVisible();
    await expect(response(page)).toBeHidden();
    const place = page.getByRole('group', { name: 'In the answer’s place' });
    await place.getByRole('button', { name: 'Answer' }).click();
    await expect(response(page)).toBeVisible();
    await expect(beside).toBeHidden();
    await place.getByRole('button', { name: 'Guideline' }).click();
    await expect(beside).toBeVisible();
    // Sending a request gives the place back to the answer.
    await page.getByRole('combobox', { name: 'Agent' }).fill(orderStatus.id);
    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect(response(page)).toContainText('Order');
    await expect.poll(() => inWindow(page, response(page).getByRole('heading', { level: 2 }))).toBe(true);
  });
});
