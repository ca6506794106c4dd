import type { Page, Request } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';
import { EVENTS_PATH } from '../../electron/shared/hostEventStream';

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const tokenless = SANDBOX_AGENTS.find((agent) => !agent.includesToken)!;
const escalation = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Escalation policy')!;
const safety = SANDBOX_GUIDELINES.find((guideline) => /safety/i.test(guideline.name))!;

/** Records the contract calls the page makes to its host. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const match = /\/rpc\/(\w+)$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) calls.push(match[1]);
  });
  return calls;
}

async function fillRequest(page: Page, agentId: string, text: string, payload: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(agentId);
  await page.getByRole('textbox', { name: 'Text' }).fill(text);
  await fillPayload(page, payload);
}

test('invoking a sample agent shows the payload in the answer, with server and round-trip times', async ({ page, app }) => {
  await openApp(page, app);
  await fillRequest(
    page,
    drafter.id,
    'Where is my refund?',
    JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' }),
  );
  await page.getByRole('button', { name: 'Invoke' }).click();

  const response = page.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('Hi Grace Hopper');
  await expect(response).toContainText('Thank you for contacting Cobol Cloud about a lost invoice');
  await expect(response).toContainText('200');
  const timing = response.getByRole('region', { name: 'Timing' });
  await expect(timing).toContainText(/Server[\s\S]*\d+(\.\d+)? ms/);
  await expect(timing).toContainText(/Round trip[\s\S]*\d+(\.\d+)? ms/);
  await expect(response).toContainText(/Token[\s\S]*tok_/);
});

test('Ctrl+Enter invokes, and an answer without token says it is absent', async ({ page, app }) => {
  await openApp(page, app);
  await fillRequest(page, tokenless.id, 'Where is it?', JSON.stringify({ order_id: 'NW-1', status: 'packed' }));
  await page.getByRole('textbox', { name: 'Text' }).press('Control+Enter');

  const response = page.getByRole('region', { name: 'Response', exact: true });
  await expect(response).toContainText('Order NW-1 is currently "packed"');
  await expect(response).toContainText(/absent/i);
});

test('invalid JSON in the payload is refused with its line and column, and nothing is sent', async ({ page, app }) => {
  await openApp(page, app);
  const calls = recordCalls(page);
  await fillRequest(page, drafter.id, 'hi', '{\n  "customer_name": "Ada",\n  "company": \n}');
  await page.getByRole('button', { name: 'Invoke' }).click();

  // Said under the payload and beside the Invoke button, where the person pressed it.
  await expect(page.getByRole('form', { name: 'Request' }).getByRole('alert')).toContainText(/line 4, column 1/i);
  await expect(page.getByText(/line 4, column 1/i)).toHaveCount(2);
  for (const said of await page.getByText(/line 4, column 1/i).all()) await expect(said).toBeVisible();
  expect(calls).not.toContain('invokeAgent');
  await expect(page.getByRole('region', { name: 'Response', exact: true })).not.toContainText('Hi Ada');
});

test('an error status from the server is shown as an error, not as an answer', async ({ page, app }) => {
  await openApp(page, app);
  await fillRequest(page, 'no-such-agent', 'hi', '{}');
  await page.getByRole('button', { name: 'Invoke' }).click();

  const alert = page.getByRole('region', { name: 'Response', exact: true }).getByRole('alert');
  await expect(alert).toContainText('404');
  await expect(alert).toContainText('Not found.');
});

test('opening a guideline renders its markdown, table included', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();

  const guideline = page.getByRole('region', { name: 'Guideline', exact: true });
  await expect(guideline.getByRole('heading', { name: escalation.name, level: 2 })).toBeVisible();
  await expect(guideline.getByRole('table')).toBeVisible();
  expect(await guideline.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
  // The text's first link (the contents, a navigation landmark, come first in the region).
  await expect(guideline.locator('.reader-text').getByRole('link').first()).toHaveAttribute('href', /^https:/);
});

test('raw HTML and javascript: links in guideline content stay inert', async ({ page, app }) => {
  await openApp(page, app);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(safety.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();

  const guideline = page.getByRole('region', { name: 'Guideline', exact: true });
  await expect(guideline.getByRole('heading', { name: safety.name, level: 2 })).toBeVisible();
  await expect(guideline).toContainText('<script>');
  expect(await guideline.locator('script, img, iframe, [onerror]').count()).toBe(0);
  expect(await guideline.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a page opened without an address token is refused, and says what to do', async ({ page, app }) => {
  await page.goto(app.origin + '/');
  await expect(page.locator('[data-app-state="error"]')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('open the newest address it printed in its terminal');
});

test('an address opens the app once; a reload keeps the session; a spent address opens nothing', async ({ page, browser, app }) => {
  const first = app.url;
  await openApp(page, app);
  expect(page.url()).toBe(`${app.origin}/`); // the token is off the address bar
  await page.reload();
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible();

  // Another browser (a fresh context: no cookie, no session storage) with the spent address.
  const other = await browser.newPage();
  await other.goto(first);
  await expect(other.getByRole('alert')).toContainText('This address was already used');
  // The fresh address the terminal printed opens it there.
  await openApp(other, app);
  await other.close();
});

test.describe('with a sentinel sandbox key', () => {
  const SENTINEL = 'SENTINEL-e2e-key-5d2c8a1f9b3e';
  test.use({ webArgs: ['--sandbox-latency', 'none', '--sandbox-key', SENTINEL] });

  test('the key reaches neither a contract response nor the page', async ({ page, app }) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      // The run-progress stream (/events) never ends, so its body is never whole: it carries only
      // run progress, checked for the key by tests/unit/core/runs/runService.test.ts and tests/unit/web/eventStream.test.ts.
      if (new URL(response.url()).pathname === EVENTS_PATH) return;
      bodies.push(response.text().catch(() => ''));
    });
    await openApp(page, app);
    await fillRequest(page, drafter.id, 'hi', JSON.stringify(drafter.example.payload));
    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('Dana Whitfield');
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
    await page.getByRole('button', { name: 'Open guideline' }).click();
    await expect(page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('table')).toBeVisible();

    const texts = await Promise.all(bodies);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(text).not.toContain(SENTINEL);
    expect(await page.content()).not.toContain(SENTINEL);
    expect(app.output()).not.toContain(SENTINEL);
  });
});
