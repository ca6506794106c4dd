import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { entryButtons, openHistory, seed, SANDBOX, useHistoryLayout } from '../historyHarness';

/**
 * A judge agent asked from a checklist: its verdicts pre-fill each rule's mark and comment,
 * shown as the judge's and kept only once the person confirms them (then as the judge's, which
 * the report and the Markdown say) or changes them (then as the person's). A verdict that
 * cannot be read, or a judge that fails, is said plainly and marks nothing.
 */

useHistoryLayout();

const GUIDELINE = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
const CONTENT = ['# Refunds', '', '1. Refund within 30 days.', '2. Ask for the order number.', '3. Be kind.'].join('\n');
const VERDICTS = [
  'Two of three rules are followed.',
  '',
  '```json',
  JSON.stringify({
    verdicts: [
      { rule: 1, pass: true, why: 'It says five days.' },
      { rule: 2, pass: false, why: 'It never asks for the order number.' },
      { rule: 3, pass: true, why: 'It is polite.' },
    ],
  }),
  '```',
].join('\n');

async function openChecklist(judgeAnswer: FakeApi['invokeResponder']) {
  const fake = new FakeApi();
  fake.agents = [
    ...fake.agents,
    { id: JUDGE, name: 'Guideline judge', description: 'Judges answers.', placeholders: ['answer', 'rules'], example: null, judge: true },
  ];
  fake.invokeResponder = judgeAnswer;
  await seed(fake, 1, 'Refunds take five days.');
  await fake.library.recordFetch(
    SANDBOX.id,
    GUIDELINE,
    { name: 'Refund rules', description: 'How to refund.', content: CONTENT },
    '2026-11-20T09:30:00.000Z',
  );
  const rendered = await openHistory(fake);
  await waitFor(() => expect(entryButtons(rendered.history).length).toBe(1));
  await rendered.user.click(entryButtons(rendered.history)[0]!);
  const panel = screen.getByRole('tabpanel', { name: 'History' });
  const checklists = await within(panel).findByRole('region', { name: 'Checklists' });
  await rendered.user.selectOptions(within(checklists).getByRole('combobox', { name: 'Guideline to check against' }), 'Refund rules');
  await rendered.user.click(within(checklists).getByRole('button', { name: 'Open checklist' }));
  const list = await within(checklists).findByRole('region', { name: 'Checklist: Refund rules' });
  const rule = (name: string) => within(list).getByRole('group', { name });
  return { ...rendered, fake, panel, list, rule };
}

describe('asking a judge agent from a checklist', () => {
  it('pre-fills the marks as the judge’s, keeps only those confirmed, and the Markdown says which came from the judge', async () => {
    const { user, fake, panel, list, rule } = await openChecklist(() => okInvoke(VERDICTS));
    // The Sandbox's judge is picked by default.
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'Judge agent' })).toHaveDisplayValue('Guideline judge (judge)'));
    await user.click(within(list).getByRole('button', { name: 'Ask a judge agent' }));

    const second = rule('Rule 2: Ask for the order number.');
    await waitFor(() => expect(within(second).getByRole('radio', { name: 'Fail' })).toBeChecked());
    expect(within(second).getByRole('textbox', { name: 'Comment on: Ask for the order number.' })).toHaveValue(
      'It never asks for the order number.',
    );
    expect(second).toHaveTextContent('Judge’s mark: Fail, not kept until confirmed');
    expect(within(rule('Rule 1: Refund within 30 days.')).getByRole('radio', { name: 'Pass' })).toBeChecked();
    expect(list).toHaveTextContent('The judge’s verdict: rule 2 failed.');
    expect(within(list).getByRole('status')).toHaveTextContent('3 judge’s marks to confirm (not saved until confirmed)');

    // The judge was sent the answer and the rules, numbered as the checklist numbers them.
    const [sent] = fake.callsOf('invokeAgent') as { agentId: string; payload: Record<string, string> }[];
    expect(sent!.agentId).toBe(JUDGE);
    expect(sent!.payload).toMatchObject({
      answer: 'Refunds take five days.',
      name: 'Refund rules',
      rules: '1. Refund within 30 days.\n2. Ask for the order number.\n3. Be kind.',
    });

    // Confirm one, change another, leave the third: kept as the judge's, as the person's, and not at all.
    await user.click(within(second).getByRole('button', { name: 'Confirm the judge’s mark on rule 2' }));
    expect(second).toHaveTextContent('Judge’s mark, confirmed');
    await user.click(within(rule('Rule 1: Refund within 30 days.')).getByRole('radio', { name: 'Fail' }));
    expect(rule('Rule 1: Refund within 30 days.')).not.toHaveTextContent('Judge’s mark');
    expect(within(list).getByRole('status')).toHaveTextContent('1 judge’s mark to confirm');
    await user.click(within(list).getByRole('button', { name: 'Save checklist' }));
    await waitFor(() => expect(fake.callsOf('saveEntryChecklist')).toHaveLength(1));
    expect((await fake.checklists.list(1))[0]!.items).toMatchObject([
      { mark: 'fail', comment: 'It says five days.', by: 'person' },
      { mark: 'fail', comment: 'It never asks for the order number.', by: 'judge' },
      { mark: null, comment: '', by: 'person' },
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Copy as Markdown' })).toHaveTextContent('Copied'));
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('2 fail, 0 n/a, 1 not marked (1 marked by a judge agent, confirmed by a person)');
    expect(markdown).toContain('- **fail (judge)** `Ask for the order number.` (`Refunds`): `It never asks for the order number.`');
    expect(markdown).toContain('- **fail** `Refund within 30 days.`');
  });

  it('confirms every judge’s mark at once', async () => {
    const { user, fake, list } = await openChecklist(() => okInvoke(VERDICTS));
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'Judge agent' })).toHaveDisplayValue('Guideline judge (judge)'));
    await user.click(within(list).getByRole('button', { name: 'Ask a judge agent' }));
    await user.click(await within(list).findByRole('button', { name: 'Confirm all (3)' }));
    await user.click(within(list).getByRole('button', { name: 'Save checklist' }));
    await waitFor(() => expect(fake.callsOf('saveEntryChecklist')).toHaveLength(1));
    expect((await fake.checklists.list(1))[0]!.items.map(({ mark, by }) => [mark, by])).toEqual([
      ['pass', 'judge'],
      ['fail', 'judge'],
      ['pass', 'judge'],
    ]);
  });

  it('says plainly when the judge’s answer holds no verdict, and marks nothing', async () => {
    const { user, list } = await openChecklist(() => okInvoke('Looks fine to me.'));
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'Judge agent' })).toHaveDisplayValue('Guideline judge (judge)'));
    await user.click(within(list).getByRole('button', { name: 'Ask a judge agent' }));
    const alert = await within(list).findByRole('alert');
    expect(alert).toHaveTextContent("No verdict: The judge's answer has no verdict");
    expect(alert).toHaveTextContent('No rule is marked.');
    expect(within(list).queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(within(list).queryByText(/Judge’s mark/)).toBeNull();
  });

  it('says why when the judge agent cannot be asked, and marks nothing', async () => {
    const { user, list } = await openChecklist(() => ({
      ok: false,
      error: { code: 'http_status', message: 'The platform answered 404 Not Found: no agent has this id.', exchange: null },
    }));
    await waitFor(() => expect(within(list).getByRole('combobox', { name: 'Judge agent' })).toHaveDisplayValue('Guideline judge (judge)'));
    await user.click(within(list).getByRole('button', { name: 'Ask a judge agent' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent(
      'No verdict: The judge agent could not be asked: The platform answered 404 Not Found: no agent has this id.',
    );
    expect(within(list).queryAllByRole('radio', { checked: true })).toHaveLength(0);
  });
});
