import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../../../../support/fakeApi';
import { entryButtons, openHistory, seed, SANDBOX, useHistoryLayout } from '../historyHarness';

/**
 * Checklist against an answer: an opened History entry shows the rules of a guideline
 * from its profile's library, each marked pass, fail or n/a with a comment; the marks are kept
 * with the entry, come back when it is opened again, and go into Copy as Markdown.
 */

useHistoryLayout();

const GUIDELINE = '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47';
const CONTENT = [
  '# Refunds',
  '',
  '1. Refund within 30 days.',
  '2. Ask for the order number.',
  '   - Never ask for the <b>card</b> number.',
  '',
  '```',
  '- not a rule',
  '```',
  '',
  '## Tone',
  '',
  '- Be kind.',
].join('\n');

async function setUp() {
  const fake = new FakeApi();
  await seed(fake, 1, 'Refunds take five days; send your card number.');
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
  return { ...rendered, fake, panel, checklists };
}

describe('a checklist against an answer', () => {
  it('lists the guideline rules under their headings, without code, and keeps the marks with the entry', async () => {
    const { user, fake, panel, checklists } = await setUp();
    await user.selectOptions(within(checklists).getByRole('combobox', { name: 'Guideline to check against' }), 'Refund rules');
    await user.click(within(checklists).getByRole('button', { name: 'Open checklist' }));
    const list = await within(checklists).findByRole('region', { name: 'Checklist: Refund rules' });
    const rules = within(list)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')!.textContent);
    expect(rules).toEqual([
      'Rule 1: Refund within 30 days.',
      'Rule 2: Ask for the order number.',
      'Rule 3: Never ask for the <b>card</b> number.',
      'Rule 4: Be kind.',
    ]);
    expect(within(list).getByRole('heading', { name: 'Tone' })).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();

    await user.click(
      within(within(list).getByRole('group', { name: 'Rule 1: Refund within 30 days.' })).getByRole('radio', { name: 'Pass' }),
    );
    const card = within(list).getByRole('group', { name: 'Rule 3: Never ask for the <b>card</b> number.' });
    await user.click(within(card).getByRole('radio', { name: 'Fail' }));
    await user.type(
      within(card).getByRole('textbox', { name: 'Comment on: Never ask for the <b>card</b> number.' }),
      'Asked for the card.',
    );
    await user.click(within(within(list).getByRole('group', { name: 'Rule 4: Be kind.' })).getByRole('radio', { name: 'N/A' }));
    await user.click(within(list).getByRole('button', { name: 'Save checklist' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'saveEntryChecklist')).toHaveLength(1));

    const kept = await fake.checklists.list(1);
    expect(kept).toMatchObject([
      {
        guidelineId: GUIDELINE,
        guidelineName: 'Refund rules',
        fetchedAt: '2026-11-20T09:30:00.000Z',
        items: [
          { section: 'Refunds', text: 'Refund within 30 days.', depth: 0, mark: 'pass', comment: '' },
          { section: 'Refunds', text: 'Ask for the order number.', depth: 0, mark: null, comment: '' },
          { section: 'Refunds', text: 'Never ask for the <b>card</b> number.', depth: 1, mark: 'fail', comment: 'Asked for the card.' },
          { section: 'Tone', text: 'Be kind.', depth: 0, mark: 'n/a', comment: '' },
        ],
      },
    ]);
    expect(kept[0]!.versionHash).toMatch(/^[0-9a-f]{64}$/);

    // The saved checklist is shown with its marks (it reloads with the entry).
    const reloaded = await within(checklists).findByRole('region', { name: 'Checklist: Refund rules' });
    await waitFor(() =>
      expect(
        within(within(reloaded).getByRole('group', { name: 'Rule 1: Refund within 30 days.' })).getByRole('radio', { name: 'Pass' }),
      ).toBeChecked(),
    );
    expect(within(reloaded).getByRole('textbox', { name: 'Comment on: Never ask for the <b>card</b> number.' })).toHaveValue(
      'Asked for the card.',
    );
    expect(within(reloaded).getByRole('status')).toHaveTextContent('1 pass, 1 fail, 1 n/a, 1 not marked');

    await user.click(within(panel).getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Copy as Markdown' })).toHaveTextContent('Copied'));
    const markdown = await navigator.clipboard.readText();
    expect(markdown).toContain('**Checklist** `Refund rules`');
    expect(markdown).toContain('  - **fail** `Never ask for the <b>card</b> number.` (`Refunds`): `Asked for the card.`');
  });

  it('comes back when the entry is opened again', async () => {
    const fake = new FakeApi();
    await seed(fake, 1);
    await fake.checklists.save({
      entryId: 1,
      guidelineId: GUIDELINE,
      guidelineName: 'Refund rules',
      versionHash: 'ab'.repeat(32),
      fetchedAt: '2026-11-20T09:30:00.000Z',
      savedAt: '2026-11-23T08:05:00.000Z',
      items: [{ section: 'Refunds', text: 'Refund within 30 days.', depth: 0, mark: 'fail', comment: 'Said five days.', by: 'person' }],
    });
    const { user, history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history).length).toBe(1));
    await user.click(entryButtons(history)[0]!);
    const list = await screen.findByRole('region', { name: 'Checklist: Refund rules' });
    expect(
      within(within(list).getByRole('group', { name: 'Rule 1: Refund within 30 days.' })).getByRole('radio', { name: 'Fail' }),
    ).toBeChecked();
    expect(within(list).getByRole('textbox', { name: 'Comment on: Refund within 30 days.' })).toHaveValue('Said five days.');
  });
});
