import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../support/fakeApi';
import { entryButtons, entryCheckboxes, openHistory, seed, useHistoryLayout } from './features/history/historyHarness';

/**
 * Entries the History section holds (the opened one, the pair compared, the ticked ones) can be
 * deleted where this page does not see it: by the retention setting, or by Delete or Clear all
 * in another browser tab on the same host. Once the list is read again, the section lets them
 * go and says so, rather than showing an entry or a comparison that no longer exists and
 * offering Export report and Compare on it (which then failed with "There is no history entry").
 */

useHistoryLayout();

const panel = () => screen.getByRole('tabpanel', { name: 'History' });

describe('entries deleted elsewhere', () => {
  it('closes the opened entry and the comparison, and drops them from the selection, once the list is read again', async () => {
    const fake = new FakeApi();
    await seed(fake, 4);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(4));
    // Entries 4, 3, 2, 1 from the top: open 4, then tick 1 and 2 and compare them.
    await user.click(entryButtons(history)[0]!);
    await within(panel()).findByRole('button', { name: 'Replay' });
    await user.click(entryCheckboxes(history)[3]!);
    await user.click(entryCheckboxes(history)[2]!);
    const bar = within(history).getByRole('group', { name: 'Selected entries' });
    await user.click(within(bar).getByRole('button', { name: 'Compare' }));
    await within(panel()).findByRole('heading', { name: 'Comparison' });

    // Another browser tab deletes entries 1 and 4; this page comes back to History.
    await fake.history.delete([1, 4]);
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(entryButtons(history)).toHaveLength(2));

    await waitFor(() => expect(within(panel()).queryByRole('region', { name: 'Comparison' })).toBeNull());
    expect(within(panel()).getByRole('region', { name: 'Response' })).toHaveTextContent('No entry open.');
    expect(within(history).getByRole('group', { name: 'Selected entries' })).toHaveTextContent('1 entry selected');
    expect(
      within(history).getByText('2 entries you had selected or open were deleted elsewhere (another window, or the retention setting).'),
    ).toBeInTheDocument();

    // The opened one goes too when it is deleted.
    await user.click(entryButtons(history)[0]!);
    await within(panel()).findByRole('button', { name: 'Replay' });
    await fake.history.delete([3]);
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await waitFor(() => expect(within(panel()).getByRole('region', { name: 'Response' })).toHaveTextContent('No entry open.'));
    expect(
      within(history).getByText('1 entry you had selected or open was deleted elsewhere (another window, or the retention setting).'),
    ).toBeInTheDocument();
  });
});
