import { openGuideline, startGuidelineServer } from '../support/guidelineServer';
import type { Page } from '@playwright/test';
import { createProfileWithKey, expect, openApp, test, wordsBrokenAcrossLines, type RunningApp } from './fixtures';

/** Reading, in real Chromium: contents that follow the scroll, anchors, copy, find. */

const KEY = 'reader-key-31c9';
const SECTIONS = 24;
const paragraph = (n: number) => `Paragraph ${n} of prose about handling tickets calmly and precisely. `.repeat(6);

function longGuideline(): string {
  const parts = ['# Ticket handbook', '', 'How the support desk handles tickets.', ''];
  for (let n = 1; n <= SECTIONS; n += 1) {
    parts.push(`## Section ${n}`, '', paragraph(n), '', paragraph(n + 100), '');
    if (n === 3) parts.push('```sh', 'ticket escalate --id 42 --to "tier two"', '```', '');
    if (n === 2 || n === 9 || n === 18) parts.push(`The word needle sits in section ${n}.`, '');
  }
  return parts.join('\n');
}

async function openHandbook(page: Page, app: RunningApp) {
  const platform = await startGuidelineServer({
    handbook: { name: 'Ticket handbook', description: 'Desk rules.', content: longGuideline() },
  });
  await openApp(page, app);
  await createProfileWithKey(page, 'Reader', platform.url, KEY);
  const view = await openGuideline(page, 'handbook', 'Ticket handbook');
  return { platform, view };
}

test('the contents sit beside the text, follow the scroll, and take the reader to a section', async ({ page, app }, testInfo) => {
  const { platform, view } = await openHandbook(page, app);
  try {
    const contents = view.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link')).toHaveCount(SECTIONS);
    const text = view.getByText('How the support desk handles tickets.');
    const [navBox, textBox] = [await contents.boundingBox(), await text.boundingBox()];
    expect(navBox!.x).toBeGreaterThan(textBox!.x + textBox!.width - 1);
    await expect(contents.getByRole('link', { name: 'Section 1', exact: true })).toHaveAttribute('aria-current', 'location');

    // Scrolling the text moves the mark.
    await page.evaluate(() => document.querySelector('[id^="gl-"][id$="-section-12"]')?.scrollIntoView({ block: 'start' }));
    await expect(contents.getByRole('link', { name: 'Section 12' })).toHaveAttribute('aria-current', 'location');
    await expect(contents.getByRole('link', { name: 'Section 1', exact: true })).not.toHaveAttribute('aria-current');
    await page.screenshot({ path: testInfo.outputPath('reader-contents.png') });

    // A contents link, by keyboard, brings its heading into view and focuses it.
    await contents.getByRole('link', { name: 'Section 20' }).focus();
    await page.keyboard.press('Enter');
    const heading = view.getByRole('heading', { name: 'Section 20' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(heading).toHaveAttribute('id', /^gl-\d+-section-20$/);
    await expect(contents.getByRole('link', { name: 'Section 20' })).toHaveAttribute('aria-current', 'location');
  } finally {
    await platform.close();
  }
});

test('a code block is copied as written', async ({ page, app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { platform, view } = await openHandbook(page, app);
  try {
    await view.getByRole('button', { name: 'Copy code' }).click();
    await expect(view.getByRole('button', { name: 'Copy code' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ticket escalate --id 42 --to "tier two"');
  } finally {
    await platform.close();
  }
});

test('find in the guideline highlights matches and steps through them', async ({ page, app }, testInfo) => {
  const { platform, view } = await openHandbook(page, app);
  try {
    await view.getByText('How the support desk handles tickets.').click();
    await page.keyboard.press('ControlOrMeta+f');
    const find = view.getByRole('search', { name: 'Find in guideline' });
    const field = find.getByRole('searchbox', { name: 'Find in guideline' });
    await expect(field).toBeFocused();
    await field.fill('NEEDLE');
    const status = find.getByRole('status');
    await expect(status).toHaveText('3 matches');
    await field.press('Enter');
    await expect(status).toHaveText('1 of 3');
    await field.press('Enter');
    await expect(status).toHaveText('2 of 3');
    await expect(view.getByText('The word needle sits in section 9.')).toBeInViewport();
    await field.press('Shift+Enter');
    await expect(status).toHaveText('1 of 3');
    await field.press('Shift+Enter');
    await expect(status).toHaveText('3 of 3');
    await expect(view.getByText('The word needle sits in section 18.')).toBeInViewport();
    const sizes = await page.evaluate(() => {
      const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
      return {
        all: registry.get('guideline-find')?.size,
        current: registry.get('guideline-find-current')?.size,
        text: [...(registry.get('guideline-find-current') ?? [])][0]?.toString(),
      };
    });
    expect(sizes).toEqual({ all: 3, current: 1, text: 'needle' });
    await page.screenshot({ path: testInfo.outputPath('reader-find.png') });
    await field.press('Escape');
    await expect(find).toBeHidden();
    expect(await page.evaluate(() => (CSS as unknown as { highlights: Map<string, unknown> }).highlights.has('guideline-find'))).toBe(
      false,
    );
  } finally {
    await platform.close();
  }
});

test('on a narrow window the contents are above the text and collapsible', async ({ page, app }) => {
  await page.setViewportSize({ width: 560, height: 800 });
  const { platform, view } = await openHandbook(page, app);
  try {
    const contents = view.getByRole('navigation', { name: 'Contents' });
    const toggle = contents.getByRole('button', { name: `Contents (${SECTIONS})` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(contents.getByRole('link', { name: 'Section 2', exact: true })).toBeHidden();
    await toggle.click();
    await expect(contents.getByRole('link', { name: 'Section 2', exact: true })).toBeVisible();
    const [navBox, textBox] = [await contents.boundingBox(), await view.getByText('How the support desk handles tickets.').boundingBox()];
    expect(navBox!.y + navBox!.height).toBeLessThanOrEqual(textBox!.y + 1);
  } finally {
    await platform.close();
  }
});

test('a wide table wraps between words, never inside one, and scrolls sideways when it cannot fit', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const header = '| Level | Example | First response | Owner | Channel | Escalates to | Review | Customer update |';
  const row = (n: number) =>
    `| SEV-${n} | One feature broken for many customers | ${n} business hours | Support specialist | Incident channel | Engineering manager | Weekly retrospective | Every ${n} hours by email |`;
  const content = [
    '# Severity table',
    '',
    'Levels, side by side.',
    '',
    header,
    '|---|---|---|---|---|---|---|---|',
    row(1),
    row(2),
    row(3),
  ].join('\n');
  const platform = await startGuidelineServer({ wide: { name: 'Severity table', description: 'Wide.', content } });
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Reader', platform.url, KEY);
    const view = await openGuideline(page, 'wide', 'Severity table');
    await expect(view.getByRole('table')).toBeVisible();
    expect(await wordsBrokenAcrossLines(page, '.markdown th, .markdown td')).toEqual([]);
    // What does not fit scrolls inside its wrap, not the page.
    const wrap = view.locator('.md-table-wrap');
    expect(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await platform.close();
  }
});
