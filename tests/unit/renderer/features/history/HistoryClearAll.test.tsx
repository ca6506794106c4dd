import { waitFor, within } from '@testing-library/react';
import type { ClearHistoryRequest, HistoryRemoved, Result } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { entryButtons, openHistory, seed, useHistoryLayout } from './historyHarness';

/**
 * Clear all on a long history takes seconds (100,000 entries: a few seconds here, in batches).
 * Until it ended, only a greyed button showed that anything was happening; it now says so in a
 * status line a screen reader announces, and says when it is done.
 */

useHistoryLayout();

describe('Clear all', () => {
  it('says the entries are being deleted while it runs, and how many went when it is done', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    let finish: () => void = () => undefined;
    const clear = fake.clearHistory.bind(fake);
    fake.clearHistory = (request: ClearHistoryRequest) =>
      new Promise<Result<HistoryRemoved>>((resolve) => {
        finish = () => void clear(request).then(resolve);
      });
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.click(within(history).getByRole('button', { name: 'Clear all' }));
    const confirm = within(history).getByRole('group', { name: 'Confirm clear all' });
    await waitFor(() => expect(confirm).toHaveTextContent('Delete all 3 entries in the history?'));
    await user.click(within(confirm).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(within(history).getByText('Deleting 3 entries…')).toBeInTheDocument());
    expect(within(history).getByText('Deleting 3 entries…').closest('[aria-live="polite"]')).not.toBeNull();
    finish();
    await waitFor(() => expect(entryButtons(history)).toHaveLength(0));
    expect(within(history).getByRole('status')).toHaveTextContent('3 entries deleted.');
  });
});

describe('the note after Clear all', () => {
  it('goes once a new search is typed, so the status line answers the search', async () => {
    const fake = new FakeApi();
    await seed(fake, 3);
    await fake.history.pin(1, true);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(3));
    await user.click(within(history).getByRole('button', { name: 'Clear all' }));
    const confirm = within(history).getByRole('group', { name: 'Confirm clear all' });
    await waitFor(() => expect(confirm).toHaveTextContent('Delete 2 entries from the history?'));
    await user.click(within(confirm).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(within(history).getByRole('status')).toHaveTextContent('2 entries deleted.'));
    await user.type(within(history).getByRole('searchbox', { name: 'Search history' }), 'nothing like it');
    await waitFor(() => expect(within(history).getByRole('status')).toHaveTextContent(/^Nothing matches\.$/));
  });
});
