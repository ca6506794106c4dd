import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { createProfileWithKey, expect, openApp, test, type RunningApp } from './fixtures';

/**
 * Versions of a guideline in real Chromium: a test server whose guideline changes
 * between two fetches; the reader says "Changed since you last read it", and Compare versions
 * shows the change rendered (hostile markup inert) and as source.
 */

const ID = '5c2e8a1f-3b7d-4e96-a0c4-9d8b7f6e5a31';
const V1 = '# Refunds\n\n1. Refund within 14 days.\n2. Ask for the order number.\n\nOld rule to drop.\n\nBe kind.';
const V2 =
  '# Refunds\n\n1. Refund within 30 days.\n2. Ask for the order number.\n\nBe kind.\n\nA new rule <img src=x onerror="window.pwned=1"> and [click](javascript:window.pwned=2) and <script>window.pwned=3</script>.';

/** A platform of one guideline, whose content the test changes between fetches. */
async function startChangingPlatform(): Promise<{ url: string; serve: (content: string) => void; close: () => Promise<void> }> {
  let content = V1;
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith(`/api/guideline/${ID}`)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'Refunds', description: 'How to refund.', content }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ detail: 'Not found.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (next) => {
      content = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Opens the app on a profile for `platform` and reads its guideline once; answers the reader and a way to open it again. */
async function readOnce(page: Page, app: RunningApp, platform: { url: string }) {
  await openApp(page, app);
  await createProfileWithKey(page, 'Changing', platform.url, 'versions-e2e-key-0123456789');
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  const reader = page.getByRole('region', { name: 'Guideline', exact: true });
  const open = async () => {
    await page.getByRole('combobox', { name: 'Guideline' }).fill(ID);
    await page.getByRole('button', { name: 'Open guideline' }).click();
  };
  await open();
  await expect(reader.getByText('Refund within 14 days.')).toBeVisible();
  return { reader, open };
}

test('a guideline changed between two fetches says so, and Compare versions shows the change rendered and as source', async ({
  page,
  app,
}, testInfo) => {
  const platform = await startChangingPlatform();
  try {
    const { reader, open } = await readOnce(page, app, platform);
    await expect(reader.getByText(/Changed since you last read it/)).toHaveCount(0);

    platform.serve(V2);
    await open();
    await expect(reader.getByText('Changed since you last read it (you read version 1; this is version 2)')).toBeVisible();
    const row = page
      .getByRole('list', { name: 'Guidelines in the library' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Read Refunds' }) });
    // The version on screen is read: the library's mark goes, the reader still says what changed.
    await expect(row.getByText('Changed since you last read it')).toHaveCount(0);
    await expect(reader.getByText('Changed since you last read it (you read version 1; this is version 2)')).toBeVisible();

    await reader.getByRole('button', { name: 'Compare versions' }).click();
    const comparison = reader.getByRole('region', { name: 'Version comparison' });
    const changed = comparison.getByRole('group', { name: 'Changed' });
    await expect(changed.getByRole('listitem').first()).toContainText('Refund within 30 days.');
    await expect(changed.locator('del')).toContainText(['14']);
    await expect(changed.locator('ins')).toContainText(['30']);
    await expect(comparison.getByRole('group', { name: 'Removed' })).toContainText('Old rule to drop.');
    const added = comparison.getByRole('group', { name: 'Added' });
    await expect(added).toContainText('A new rule');
    await expect(added.locator('script, img, iframe')).toHaveCount(0);
    await expect(added.getByRole('link')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    await page.screenshot({ path: testInfo.outputPath('versions-rendered.png') });
    await testInfo.attach('versions-rendered.png', { path: testInfo.outputPath('versions-rendered.png'), contentType: 'image/png' });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const rendered = await new AxeBuilder({ page }).include('[aria-label="Version comparison"]').analyze();
      expect
        .soft(
          rendered.violations.map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
          ),
          colorScheme,
        )
        .toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await comparison.getByRole('button', { name: 'Source' }).click();
    const source = comparison.getByLabel('Markdown source, line by line');
    await expect(source.locator('del')).toContainText(['1. Refund within 14 days.', 'Old rule to drop.']);
    await expect(source.locator('ins').first()).toContainText('1. Refund within 30 days.');
    await expect(source).toContainText('<script>window.pwned=3</script>');
    await page.screenshot({ path: testInfo.outputPath('versions-source.png') });
    await testInfo.attach('versions-source.png', { path: testInfo.outputPath('versions-source.png'), contentType: 'image/png' });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const sourceScan = await new AxeBuilder({ page }).include('[aria-label="Version comparison"]').analyze();
      expect
        .soft(
          sourceScan.violations.map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
          ),
          colorScheme,
        )
        .toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  } finally {
    await platform.close();
  }
});

test.describe('at 1024×700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test("Compare versions' controls have room: each label on its select's line, the selects lined up, the toggle clear of them", async ({
    page,
    app,
  }, testInfo) => {
    const platform = await startChangingPlatform();
    try {
      const { reader, open } = await readOnce(page, app, platform);
      platform.serve(V2);
      await open();
      await reader.getByRole('button', { name: 'Compare versions' }).click();
      const comparison = reader.getByRole('region', { name: 'Version comparison' });
      await expect(comparison.getByRole('group', { name: 'Removed' })).toContainText('Old rule to drop.');

      const box = async (locator: ReturnType<typeof comparison.getByText>) => (await locator.boundingBox())!;
      const from = await box(comparison.getByRole('combobox', { name: 'Compare' }));
      const to = await box(comparison.getByRole('combobox', { name: 'with' }));
      for (const [label, select] of [
        ['Compare', from],
        ['with', to],
      ] as const) {
        const text = await box(comparison.getByText(label, { exact: true }));
        // Beside its select, on its line.
        expect(Math.abs(text.y + text.height / 2 - (select.y + select.height / 2))).toBeLessThan(4);
        expect(text.x + text.width).toBeLessThanOrEqual(select.x);
      }
      expect(to.x).toBe(from.x);
      const toggle = await box(comparison.getByRole('group', { name: 'Show the diff' }));
      expect(toggle.y).toBeGreaterThanOrEqual(to.y + to.height + 6);
      const legend = await box(comparison.getByText(/Marked in words as well as colour/));
      expect(legend.y).toBeGreaterThanOrEqual(toggle.y + toggle.height + 6);
      await testInfo.attach('versions-1024.png', { body: await page.screenshot(), contentType: 'image/png' });
    } finally {
      await platform.close();
    }
  });
});
