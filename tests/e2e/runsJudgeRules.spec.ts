import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

/**
 * The judge's rules in Runs, in real Chromium against the real host and Sandbox: the Matrix tab's
 * rules view (cases × the Support reply checklist's rules, the judge's why on hover and on Enter),
 * then a second run where one reply no longer mentions a refund, and Compare lists its rule 4 as
 * newly failing. axe finds nothing on either screen, in light and dark, at both window sizes.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const judge = SANDBOX_AGENTS.find((agent) => agent.name === 'Guideline judge')!;
const checklist = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Support reply checklist')!;
const JUDGED = { judge: { agent: judge.id, guideline: checklist.id } };
const SHOTS = '/work/shots/s11-rules';

/** The suite, with the billing case's topic as given (the drafter's reply says "refund" only when its topic does). */
const suite = (billingTopic: string) => ({
  name: 'judged replies by rule',
  defaults: { agent: drafter.id },
  cases: [
    {
      name: 'refund',
      text: 'Where is my money?',
      payload: { customer_name: 'Dana', company: 'Northwind', topic: 'a delayed refund' },
      expect: JUDGED,
    },
    {
      name: 'billing',
      text: 'My invoice is wrong.',
      payload: { customer_name: 'Li', company: 'Northwind', topic: billingTopic },
      expect: JUDGED,
    },
    {
      name: 'login',
      text: 'I cannot log in.',
      payload: { customer_name: 'Ravi', company: 'Northwind', topic: 'signing in' },
      expect: JUDGED,
    },
    { name: 'greeting', text: 'Hello there.', payload: { customer_name: 'Ada', company: 'Northwind', topic: 'a greeting' } },
  ],
});

async function runSuite(page: Page, billingTopic: string): Promise<void> {
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('textbox', { name: 'Suite JSON' }).fill(JSON.stringify(suite(billingTopic), null, 2));
  await runs.getByRole('button', { name: 'Run suite' }).click();
}

/** A screenshot in each colour scheme at both window sizes, and axe on the page in each scheme (at the first size). */
async function checkScreen(page: Page, name: string, scrollTo: () => Promise<void>): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await scrollTo();
      // The pointer away from the page: a control scrolled under it would be scanned in its hover look.
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}-${colorScheme}.png` });
      if (size.width !== 1280) continue;
      const scan = await new AxeBuilder({ page }).analyze();
      expect
        .soft(
          scan.violations.map(
            (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(', ')}`,
          ),
          `${name} ${colorScheme}`,
        )
        .toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the matrix’s rules view shows each case’s verdict by rule with the judge’s why, and Compare lists a rule newly failing', async ({
  page,
  app,
}) => {
  // Two runs and four full-page axe scans: more than the default minute on a loaded machine.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  await page
    .getByRole('region', { name: 'Runs' })
    .getByRole('group', { name: 'Suite view' })
    .getByRole('button', { name: 'Source' })
    .click();
  await runSuite(page, 'a refund on my invoice');
  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByText(/4 of 4 · 3 passed · 1 failed/)).toBeVisible();

  // One agent: the Matrix tab is the rules view alone.
  const insights = page.getByRole('region', { name: 'Run insights' });
  await insights.getByRole('tab', { name: 'Matrix' }).click();
  const grid = insights.getByRole('grid', { name: "Judge's verdicts by case and rule" });
  await expect(grid.getByRole('columnheader')).toHaveText(['Case', 'Rule 1', 'Rule 2', 'Rule 3', 'Rule 4', 'Rule 5']);
  const row = (name: string) => grid.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(row('login').getByRole('gridcell')).toHaveText(['✓ pass', '✓ pass', '✓ pass', '✗ fail', '✓ pass']);
  await expect(row('refund').getByRole('gridcell').nth(3)).toHaveText('✓ pass');
  await expect(row('greeting').getByRole('gridcell')).toHaveText(['No judge expectation']);
  // The why on hover is the cell's title.
  await expect(row('login').getByRole('gridcell').nth(3)).toHaveAttribute('title', 'Rule 4: fail. The answer does not say "refund".');

  // The keyboard: into the grid, along to login's rule 4, Enter: the detail (a status region) says the why.
  await row('refund').getByRole('gridcell').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(row('login').getByRole('gridcell').nth(3)).toBeFocused();
  await page.keyboard.press('Enter');
  const verdict = insights.getByRole('status', { name: 'Rule verdict' });
  await expect(verdict).toContainText('login, rule 4');
  await expect(verdict).toContainText('Support reply drafter: fail — The answer does not say "refund".');
  await checkScreen(page, 'rules-view', () => grid.scrollIntoViewIfNeeded());

  // A second run: the billing reply no longer says "refund", so its rule 4 newly fails.
  await runSuite(page, 'my invoice');
  await expect(run.getByText(/4 of 4 · 2 passed · 2 failed/)).toBeVisible();
  await insights.getByRole('tab', { name: 'Compare' }).click();
  const rules = insights.getByRole('region', { name: 'Rules newly failing' });
  await expect(rules.getByRole('heading', { level: 3 })).toHaveText('Rules newly failing (1 rule newly failing across 1 case)');
  await expect(rules).toContainText('billing, Support reply drafter against Support reply checklist');
  await expect(rules.getByRole('listitem').nth(1)).toHaveText('Rule 4 newly failing: The answer does not say "refund".');
  await expect(insights.getByText(/; 1 rule newly failing across 1 case\.$/)).toBeVisible();
  await checkScreen(page, 'compare-rules', () => rules.scrollIntoViewIfNeeded());
});
