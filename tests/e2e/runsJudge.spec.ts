import AxeBuilder from '@axe-core/playwright';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { expect, openApp, test } from './fixtures';

/**
 * A judge expectation in real Chromium against the real host and Sandbox: the Support reply
 * drafter's replies judged by the Sandbox's Guideline judge against its Support reply checklist.
 * The results table says each verdict (rule 4 fails for a reply that is not about a refund), and
 * the opened result lists each rule's verdict and shows the judge's own exchange.
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const judge = SANDBOX_AGENTS.find((agent) => agent.name === 'Guideline judge')!;
const checklist = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Support reply checklist')!;

const SUITE = {
  name: 'judged replies',
  defaults: { agent: drafter.id, expect: { judge: { agent: judge.id, guideline: checklist.id } } },
  cases: [
    { name: 'refund', text: 'Where is my money?', payload: { customer_name: 'Dana', company: 'Northwind', topic: 'a delayed refund' } },
    { name: 'login', text: 'I cannot log in.', payload: { customer_name: 'Ravi', company: 'Northwind', topic: 'signing in' } },
  ],
};

test('a suite with a judge expectation runs on the Sandbox: the table says each verdict, a result lists its rules and opens the judge’s exchange', async ({
  page,
  app,
}, testInfo) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Runs' }).click();
  const runs = page.getByRole('region', { name: 'Runs' });
  await runs.getByRole('group', { name: 'Suite view' }).getByRole('button', { name: 'Source' }).click();
  await runs.getByRole('textbox', { name: 'Suite JSON' }).fill(JSON.stringify(SUITE, null, 2));
  await runs.getByRole('button', { name: 'Run suite' }).click();

  const run = page.getByRole('region', { name: 'Run', exact: true });
  await expect(run.getByText(/2 of 2 · 1 passed · 1 failed/)).toBeVisible();
  const rows = run.getByRole('grid', { name: 'Results' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Passed · Judge: all 5 rules passed');
  await expect(rows.nth(2)).toContainText('Failed: Judge: rule 4 failed');
  await page.screenshot({ path: testInfo.outputPath('judged-run.png'), fullPage: true });

  await rows.nth(2).click();
  const opened = run.getByRole('region', { name: 'Opened result' });
  const verdict = opened.getByRole('region', { name: "Judge's verdict" });
  await expect(verdict.getByRole('heading')).toHaveText('Judge: rule 4 failed');
  await expect(verdict.getByRole('list', { name: 'Rules' }).getByRole('listitem')).toHaveCount(5);
  await expect(verdict.getByRole('listitem').nth(3)).toHaveText('Failed Rule 4 The answer does not say "refund".');
  await expect(opened).toContainText('Thank you for contacting Northwind about signing in');
  await verdict.getByRole('button', { name: "Show the judge's exchange" }).click();
  await expect(opened).toContainText('1 of 5 rules are not followed.');
  await page.screenshot({ path: testInfo.outputPath('judge-exchange.png'), fullPage: true });

  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
