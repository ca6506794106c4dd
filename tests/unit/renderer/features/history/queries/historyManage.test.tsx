import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { AGENT, entryButtons, entryCheckboxes, openHistory, SANDBOX, seed, useHistoryLayout } from '../historyHarness';

/** Pin, delete, Clear all, the Pinned filter, agent names and passages in the History section. */

useHistoryLayout();

const response = () => within(screen.getByRole('tabpanel', { name: 'History' })).getByRole('region', { name: /^Response/ });

describe('managing the history', () => {
  it('pins the opened entry with a toggle, marks its row "Pinned" in words, and the Pinned filter finds it', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.click(entryButtons(history)[1]!);
    const pin = await screen.findByRole('button', { name: 'Pin' });
    expect(pin).toHaveAttribute('aria-pressed', 'false');
    await user.click(pin);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pin' })).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(entryButtons(history)[1]).toHaveTextContent(/Pinned/));
    expect(entryButtons(history)[0]).not.toHaveTextContent(/Pinned/);
    expect((await fake.history.counts()).pinned).toBe(1);

    await user.selectOptions(within(history).getByRole('combobox', { name: 'Pinned' }), 'Pinned only');
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    expect(fake.calls.filter((call) => call.method === 'listHistory').at(-1)!.argument).toMatchObject({ pinned: true });

    await user.click(screen.getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
  });

  it('deletes the opened entry after a confirmation, closes it, and moves focus to the entry after it', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    const [, middle, last] = entryButtons(history);
    const lastId = last!.getAttribute('data-entry-id');
    await user.click(middle!);
    await user.click(entryCheckboxes(history)[1]!);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete this invoke from the history? This cannot be undone.');
    // The safe choice has focus; cancelling gives focus back to Delete.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(fake.callsOf('deleteHistoryEntries')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm delete' })).getByRole('button', { name: 'Delete entry' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
    expect(fake.callsOf('deleteHistoryEntries')).toHaveLength(1);
    expect(response()).toHaveTextContent('No entry open.');
    // Dropped from the selection too.
    expect(within(history).queryByRole('group', { name: 'Selected entries' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('data-entry-id')).toBe(lastId));
  });

  it('deletes the selected entries after a confirmation that counts them and names a pinned one', async () => {
    const fake = new FakeApi();
    await seed(fake, 4);
    await fake.history.pin(2, true);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(4));
    const boxes = entryCheckboxes(history);
    await user.click(boxes[0]!);
    await user.click(boxes[2]!); // entry 2, the pinned one
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const confirm = within(bar).getByRole('group', { name: 'Confirm delete selected' });
    expect(confirm).toHaveTextContent('Delete the 2 selected entries, one of them pinned? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 entries' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));
    expect(fake.callsOf('deleteHistoryEntries')).toEqual([{ ids: [4, 2] }]);
    expect(within(history).queryByRole('group', { name: 'Selected entries' })).toBeNull();
  });

  it('clears all but the pinned entries unless told otherwise, saying how many go and that pinned ones stay', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    await fake.history.pin(1, true);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.click(within(history).getByRole('button', { name: 'Clear all' }));
    const confirm = within(history).getByRole('group', { name: 'Confirm clear all' });
    await waitFor(() =>
      expect(confirm).toHaveTextContent('Delete 2 entries from the history? The pinned entry is kept. This cannot be undone.'),
    );
    const also = within(confirm).getByRole('checkbox', { name: 'Also delete pinned entries' });
    expect(also).not.toBeChecked();
    await user.click(also);
    expect(confirm).toHaveTextContent('Delete all 3 entries in the history, the pinned one too? This cannot be undone.');
    await user.click(also);
    await user.click(within(confirm).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    expect(fake.callsOf('clearHistory')).toEqual([{ keepPinned: true }]);
    expect(entryButtons(history)[0]).toHaveTextContent(/Pinned/);
    expect(within(history).getByRole('button', { name: 'Clear all' })).toHaveFocus();

    await user.click(within(history).getByRole('button', { name: 'Clear all' }));
    const again = within(history).getByRole('group', { name: 'Confirm clear all' });
    await waitFor(() => expect(again).toHaveTextContent('Every entry is pinned, so nothing would be deleted. The pinned entry is kept.'));
    expect(within(again).getByRole('button', { name: 'Clear all' })).toBeDisabled();
    await user.click(within(again).getByRole('checkbox', { name: 'Also delete pinned entries' }));
    await user.click(within(again).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
    expect(fake.callsOf('clearHistory').at(-1)).toEqual({ keepPinned: false });
  });
});

describe('the History list', () => {
  it("shows an agent by the name the user's catalog gives it, its id still in the tooltip and the checkbox's name", async () => {
    const fake = new FakeApi();
    fake.catalog = [
      {
        agentId: AGENT,
        name: 'Refund helper',
        notes: '',
        tags: [],
        placeholders: [],
        learnedKeys: [],
        updatedAt: '2026-11-20T08:00:00.000Z',
      },
    ];
    await seed(fake, 1);
    await fake.history.record({
      exchange: { what: 'invoke', request: { agentId: 'unnamed-agent', text: 'x', payload: {} }, result: okInvoke('Other.') },
      profile: SANDBOX,
      recordedAt: '2026-11-20T09:00:00.000Z',
    });
    const { history } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)[1]).toHaveTextContent('Refund helper'));
    const [unnamed, named] = entryButtons(history);
    expect(named).not.toHaveTextContent(AGENT);
    expect(within(named!).getByText('Refund helper')).toHaveAttribute('title', `Agent id: ${AGENT}`);
    expect(entryCheckboxes(history)[1]).toHaveAccessibleName(new RegExp(`^Select invoke Refund helper \\(${AGENT}\\) at `));
    expect(unnamed).toHaveTextContent('unnamed-agent');
  });

  it('shows a search match near the start of its passage, however long the words before it', async () => {
    const fake = new FakeApi();
    const before = Array.from({ length: 12 }, (_, i) => `https://example.com/very/long/path/segment-${i}`).join(' ');
    await seed(fake, 1, `${before} the refund was approved`);
    const { history, user } = await openHistory(fake);
    await user.type(within(history).getByRole('searchbox', { name: 'Search history' }), 'approved');
    await waitFor(() => expect(entryButtons(history)[0]!.querySelector('.history-passage')).not.toBeNull());
    const passage = entryButtons(history)[0]!.querySelector('.history-passage')!;
    const mark = within(passage as HTMLElement).getByText('approved', { selector: 'mark' });
    const textBefore = passage.textContent!.slice(0, passage.textContent!.indexOf(mark.textContent!));
    expect(textBefore, passage.textContent!).toMatch(/^…/);
    expect(textBefore.length).toBeLessThanOrEqual(25);
  });
});
