import type { Request } from '@playwright/test';
import { startGuidelineServer, openGuideline } from '../support/guidelineServer';
import { startTlsServer } from '../support/tlsServer';
import { createProfileWithKey, expect, openApp, test } from './fixtures';

/**
 * Reading: hostile guideline content stays inert in real Chromium. Every payload would
 * set `window.__pwned` (or navigate, or fetch) if it ever ran; none may.
 */

const KEY = 'hostile-reader-key-7d2c';
/** The 1×1 transparent PNG the image host serves. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function hostileContent(imageOrigin: string): string {
  return [
    '# Hostile sample',
    '',
    'Everything below would set `window.__pwned` if it ran.',
    '',
    "<script>window.__pwned = 'script'</script>",
    '',
    `<img src="${imageOrigin}/onerror.png" onerror="window.__pwned = 'img'">`,
    '',
    "<svg onload=\"window.__pwned = 'svg-onload'\"><script>window.__pwned = 'svg'</script></svg>",
    '',
    '<iframe src="javascript:parent.__pwned = \'iframe\'"></iframe>',
    '',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '',
    'Inline <b onmouseover="window.__pwned = \'hover\'">hover here</b> and <a href="javascript:window.__pwned=\'raw-a\'">raw anchor</a>.',
    '',
    '## Links',
    '',
    "- [lower case](javascript:window.__pwned='lower')",
    "- [mixed case](JaVaScRiPt:window.__pwned='mixed')",
    "- [entity encoded](&#106;avascript:window.__pwned='entity')",
    "- [with a tab](java&#9;script:window.__pwned='tab')",
    "- [with a newline](java&#10;script:window.__pwned='newline')",
    "- [data html](data:text/html,<script>window.__pwned='data'</script>)",
    '- [vbscript](vbscript:msgbox)',
    '- [external page](https://external.example/page)',
    '',
    '## Images',
    '',
    `![tracking pixel](${imageOrigin}/pixel.png)`,
    '',
    '![svg data](data:image/svg+xml,<svg onload="window.__pwned=\'data-svg\'"/>)',
  ].join('\n');
}

test.use({ ignoreHTTPSErrors: true });

test('hostile guideline content stays inert: no script, no navigation, no remote request, links ask first', async ({
  page,
  app,
  context,
}, testInfo) => {
  let imageRequests = 0;
  const imageHost = await startTlsServer((response) => {
    imageRequests += 1;
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(PIXEL);
  });
  const platform = await startGuidelineServer({
    hostile: { name: 'Hostile sample', description: 'Content that must stay inert.', content: hostileContent(imageHost.url) },
  });
  try {
    await openApp(page, app);
    const appOrigin = new URL(page.url()).origin;
    const outside: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).origin !== appOrigin) outside.push(request.url());
    });
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    const opened: string[] = [];
    context.on('page', (newPage) => opened.push(newPage.url()));
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });

    await createProfileWithKey(page, 'Hostile', platform.url, KEY);
    const view = await openGuideline(page, 'hostile', 'Hostile sample');
    await expect(view.getByRole('heading', { name: 'Links' })).toBeVisible();
    const startUrl = page.url();
    navigations = 0;

    // The title shows once: the content's own "# Hostile sample" is not repeated.
    await expect(view.getByRole('heading', { name: 'Hostile sample' })).toHaveCount(1);
    // The markup is shown as text, and nothing from it became an element.
    await expect(view).toContainText("<script>window.__pwned = 'script'</script>");
    expect(await view.locator('script, iframe, img, svg, meta, object, embed, [onerror], [onload], [onmouseover]').count()).toBe(0);
    expect(await view.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]').count()).toBe(0);

    // Every hostile link is text, not a link; clicking it does nothing.
    for (const name of ['lower case', 'mixed case', 'entity encoded', 'with a tab', 'with a newline', 'data html', 'vbscript']) {
      const text = view.getByText(name, { exact: true });
      expect(await text.evaluate((element) => element.closest('a'))).toBeNull();
      await text.click();
    }
    await view.getByText('hover here').hover();

    // An external link asks first; Cancel leaves nothing opened.
    await view.getByRole('link', { name: 'external page' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open this link outside Agent Explorer?' });
    await expect(confirm).toContainText('https://external.example/page');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    // Middle click and Ctrl+click ask too, rather than open a tab.
    await view.getByRole('link', { name: 'external page' }).click({ modifiers: ['ControlOrMeta'] });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await view.getByRole('link', { name: 'external page' }).click({ button: 'middle' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    expect(opened).toEqual([]);

    // The remote image is a placeholder naming its host; nothing was requested from it.
    const host = new URL(imageHost.url).host;
    await expect(view.getByText('Image: tracking pixel')).toBeVisible();
    expect(imageRequests).toBe(0);
    expect(outside).toEqual([]);

    // Nothing ran, nothing navigated.
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(page.url()).toBe(startUrl);
    expect(navigations).toBe(0);
    expect(violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('hostile.png'), fullPage: true });

    // Allowed: the image loads, from that host only, for this guideline.
    await view
      .getByRole('button', { name: `Load images from ${host}` })
      .first()
      .click();
    await expect(view.getByRole('img', { name: 'tracking pixel' })).toBeVisible();
    await expect.poll(() => imageRequests).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  } finally {
    await platform.close();
    await imageHost.close();
  }
});

test('an external link opens in a new tab without an opener, only after the person confirms', async ({ page, app, context }) => {
  const platform = await startGuidelineServer({
    linked: { name: 'Linked', description: '', content: 'See [the policy](https://external.example/policy).' },
  });
  await context.route('https://external.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Policy</title>ok' }),
  );
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Links', platform.url, KEY);
    const view = await openGuideline(page, 'linked', 'Linked');
    await view.getByRole('link', { name: 'the policy' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open this link outside Agent Explorer?' });
    const [opened] = await Promise.all([context.waitForEvent('page'), confirm.getByRole('button', { name: 'Open in browser' }).click()]);
    await opened.waitForURL('https://external.example/policy');
    expect(await opened.evaluate(() => window.opener)).toBeNull();
    // The app's own page did not move.
    await expect(
      page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('heading', { name: 'Linked', level: 2 }),
    ).toBeVisible();
  } finally {
    await platform.close();
  }
});
