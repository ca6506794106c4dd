import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES } from '../../electron/sandbox/catalog';
import { startTestServer } from '../support/testServer';
import { createProfileWithKey, expect, fillPayload, openApp, startWebApp, test } from './fixtures';

const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;
const echo = SANDBOX_AGENTS.find((agent) => agent.name === 'Echo')!;
const escalation = SANDBOX_GUIDELINES.find((g) => g.name === 'Escalation policy')!;

const response = (page: Page) => page.getByRole('region', { name: 'Response', exact: true });

async function invokeDrafter(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await page.getByRole('textbox', { name: 'Text' }).fill('Where is my refund?');
  await page
    .getByRole('textbox', { name: 'Payload' })
    .fill(JSON.stringify({ customer_name: 'Grace Hopper', company: 'Cobol Cloud', topic: 'a lost invoice', missing: 'never said' }));
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page)).toContainText('Hi Grace Hopper');
}

test('an answer shows where each payload value went, the phases of its time, and itself as code', async ({ page, app }) => {
  await openApp(page, app);
  await invokeDrafter(page);

  const answer = response(page);
  await expect(answer.locator('mark[aria-description="payload value: customer_name"]').first()).toHaveText('Grace Hopper');
  await expect(answer.locator('mark[aria-description="payload value: company"]').first()).toHaveText('Cobol Cloud');
  await expect(answer.getByText(/^Not found in the answer:/)).toHaveText('Not found in the answer: missing');

  const timing = answer.getByRole('region', { name: 'Timing' });
  await expect(timing.getByRole('table', { name: 'Phases' })).toContainText('Wait');
  await expect(timing).toContainText(/Server[\s\S]*ms/);
  await expect(answer).toContainText(/Contract check/);

  await answer.getByRole('tab', { name: 'Code' }).click();
  await expect(answer).toContainText(`curl`);
  await expect(answer).toContainText('$AGENT_EXPLORER_API_KEY');
  await expect(answer).toContainText(`/api/agent/${drafter.id}/invoke/`);
});

test('a typo’d payload key gets “did you mean …?”, and Rename fixes it in the text from the keyboard', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
  await fillPayload(page, '{"customer_nme": "Grace Hopper", "company": "Cobol Cloud"}');
  const hint = page.locator('.key-typo');
  await expect(hint).toHaveText('customer_nme is not a placeholder of this agent: did you mean customer_name? Rename to customer_name');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Rename to customer_name' }).focus();
  await page.keyboard.press('Enter');
  await expect(hint).toHaveCount(0);
  const editor = page.getByRole('textbox', { name: 'Payload' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveText('{"customer_name": "Grace Hopper", "company": "Cobol Cloud"}');
  await page.getByRole('button', { name: 'Invoke' }).click();
  await expect(response(page)).toContainText('Hi Grace Hopper');
});

test('request tabs keep their drafts across a restart', async ({ page }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agent-explorer-e2e-tabs-'));
  try {
    const first = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, first.app);
    await page.getByRole('combobox', { name: 'Agent' }).fill(echo.id);
    await page.getByRole('textbox', { name: 'Text' }).fill('first tab draft');
    await page.getByRole('button', { name: '+ New request' }).click();
    await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
    await page.getByRole('textbox', { name: 'Text' }).fill('second tab draft');
    const saved = () =>
      existsSync(path.join(dataDir, 'workspace.json')) ? readFileSync(path.join(dataDir, 'workspace.json'), 'utf8') : '';
    await expect.poll(saved).toContain('second tab draft');
    await first.stop();

    const restarted = await startWebApp(['--sandbox-latency', 'none'], {}, dataDir);
    await openApp(page, restarted.app);
    const tabs = page.getByRole('tablist', { name: 'Requests' }).getByRole('tab');
    await expect(tabs).toHaveCount(2);
    await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('second tab draft');
    await tabs.first().click();
    await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue('first tab draft');
    await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue(echo.id);
    await restarted.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an invoke in flight can be cancelled, and says it was', async ({ page, app }) => {
  // A platform that has not answered yet, whatever the machine's pace: the answer waits for the cancel.
  const platform = await startTestServer(() => undefined);
  try {
    await openApp(page, app);
    await createProfileWithKey(page, 'Slow', platform.url, 'cancel-e2e-key-0123456789');
    await page.getByRole('combobox', { name: 'Agent' }).fill(drafter.id);
    await page.getByRole('button', { name: 'Invoke' }).click();
    await expect.poll(() => platform.requests.length).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(response(page).getByRole('alert')).toContainText(/cancel/i);
  } finally {
    await platform.close();
  }
});

// Repeat is a one-case run on the host's runner: this needs the host's startRun and its
// pushed progress (feat/runs-host); what the person sees is unchanged.
test('Repeat runs the same request N times after confirmation and sums it up', async ({ page, app }) => {
  await openApp(page, app);
  await invokeDrafter(page);
  const repeat = response(page).getByRole('region', { name: 'Repeat' });
  await repeat.getByRole('spinbutton', { name: 'Runs' }).fill('4');
  await repeat.getByRole('button', { name: 'Repeat…' }).click();
  await repeat.getByRole('group', { name: 'Confirm repeat' }).getByRole('button', { name: 'Send 4 runs' }).click();
  await expect(repeat.getByRole('status')).toContainText('Finished: 4 of 4 runs ended');
  // On the whole section, so a failure prints everything it says (failures by code included).
  await expect(repeat).toContainText('4 answered · 0 failed');
  await expect(repeat).toContainText(/p50/);
  await expect(repeat).toContainText(/p95/);
  await expect(repeat).toContainText('One distinct answer');
  await expect(repeat.locator('.repeat-count')).toHaveText('× 4');
});

test('an answer over the size limit can be saved to a file instead', async ({ page, app }) => {
  await openApp(page, app);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Response size limit (MB)').fill('0.001');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Guidelines' }).click();
  await page.getByRole('combobox', { name: 'Guideline' }).fill(escalation.id);
  await page.getByRole('button', { name: 'Open guideline' }).click();
  const alert = page.getByRole('region', { name: 'Guideline', exact: true }).getByRole('alert');
  await expect(alert).toContainText('too_large');
  await alert.getByRole('button', { name: 'Save the answer to a file…' }).click();
  await alert.getByRole('button', { name: 'Send again and save' }).click();
  await expect(alert.getByRole('status')).toContainText(/Saved .* \(HTTP 200\) to /);

  const saved = readdirSync(path.join(app.dataDir, 'responses'));
  expect(saved).toHaveLength(1);
  expect(JSON.parse(readFileSync(path.join(app.dataDir, 'responses', saved[0]!), 'utf8')).name).toBe(escalation.name);
});
