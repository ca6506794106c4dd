import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { expect, fillPayload, openApp, test } from './fixtures';

/**
 * Checklist against an answer in real Chromium: invoke, open the entry in History,
 * open the checklist of a guideline read earlier, mark rules, reload and see them, and find them
 * in the exported QA report (HTML and JSON).
 */

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const escalation = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Escalation policy')!;

async function openEntry(page: Page) {
  await page.getByRole('tab', { name: 'History' }).click();
  const entries = page
    .getByRole('region', { name: 'History', exact: true })
    .getByRole('list', { name: 'History entries' })
    .getByRole('button');
  await entries
    .filter({ hasText: /invoke|drafter/i })
    .first()
    .click();
  return page.getByRole('tabpanel', { name: 'History' }).getByRole('region', { name: 'Checklists' });
}

test('a checklist marked against an answer is kept with the entry, reloads, and is in its QA report', async ({ page, app }, testInfo) => {
  await openApp(page, app);
  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();
  await expect(
    page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('heading', { name: 'Escalation policy' }).first(),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Agents' }).click();
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
  await fillPayload(page, JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice' }));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(page.getByRole('region', { name: 'Response', exact: true })).toContainText('Hi Grace Hopper');

  let checklists = await openEntry(page);
  await checklists.getByRole('combobox', { name: 'Guideline to check against' }).selectOption({ label: 'Escalation policy' });
  await checklists.getByRole('button', { name: 'Open checklist' }).click();
  let list = checklists.getByRole('region', { name: 'Checklist: Escalation policy' });
  await expect(list.getByRole('heading', { name: 'When to escalate' })).toBeVisible();
  const threeTimes = () => list.getByRole('group', { name: /contacted us three times/ });
  const tagTicket = () => list.getByRole('group', { name: /Tag the ticket/ });
  await threeTimes().getByRole('radio', { name: 'Pass' }).check();
  await tagTicket().getByRole('radio', { name: 'Fail' }).check();
  await tagTicket().getByRole('textbox').fill('The reply never mentions a sev level.');
  await list.getByRole('button', { name: 'Save checklist' }).click();
  await expect(list.getByRole('status')).toContainText('Saved');
  await page.screenshot({ path: testInfo.outputPath('checklist.png') });
  await testInfo.attach('checklist.png', { path: testInfo.outputPath('checklist.png'), contentType: 'image/png' });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const scan = await new AxeBuilder({ page }).include('[aria-label="Checklists"]').analyze();
    expect
      .soft(
        scan.violations.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
        ),
        colorScheme,
      )
      .toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.reload();
  checklists = await openEntry(page);
  list = checklists.getByRole('region', { name: 'Checklist: Escalation policy' });
  await expect(threeTimes().getByRole('radio', { name: 'Pass' })).toBeChecked();
  await expect(tagTicket().getByRole('radio', { name: 'Fail' })).toBeChecked();
  await expect(tagTicket().getByRole('textbox')).toHaveValue('The reply never mentions a sev level.');

  const panel = page.getByRole('tabpanel', { name: 'History' });
  await panel.getByRole('button', { name: 'Export report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export report' });
  const save = async (button: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
    await expect(dialog.getByRole('status')).toContainText(`was downloaded as ${file.suggestedFilename()}`);
    return readFileSync(await file.path(), 'utf8');
  };
  const json = JSON.parse(await save('Save JSON bundle')) as {
    entries: Array<{
      checklists?: {
        version: number;
        lists: Array<{
          guideline: { id: string; versionHash: string; fetchedAt: string };
          items: Array<{ text: string; mark: string | null; comment: string }>;
        }>;
      };
    }>;
  };
  const part = json.entries[0]!.checklists!;
  expect(part.version).toBe(1);
  expect(part.lists[0]!.guideline).toMatchObject({
    id: escalation.id,
    versionHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    fetchedAt: expect.any(String),
  });
  expect(part.lists[0]!.items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ text: 'The same customer has contacted us three times about one issue.', mark: 'pass' }),
      expect.objectContaining({ mark: 'fail', comment: 'The reply never mentions a sev level.' }),
    ]),
  );
  const html = await save('Save HTML report');
  const reader = await page.context().newPage();
  await reader.setContent(html);
  const table = reader.locator('table.checklist');
  await expect(table.getByRole('row').filter({ hasText: 'contacted us three times' })).toContainText('pass');
  await expect(table.getByRole('row').filter({ hasText: 'Tag the ticket' })).toContainText('The reply never mentions a sev level.');
  await expect(reader.getByRole('heading', { name: 'Checklist: Escalation policy' })).toBeVisible();
});
