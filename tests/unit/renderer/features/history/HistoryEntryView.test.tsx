import { screen, waitFor, within } from '@testing-library/react';
import { FakeApi } from '../../../../support/fakeApi';
import { AGENT, entryButtons, openHistory, seed, useHistoryLayout } from './historyHarness';

/**
 * Replay hides the History section (Agents comes to front): the button that had focus goes with
 * it, and focus fell to the page's body, so a keyboard or screen-reader user started again from
 * the top of the window. Focus goes to the new tab's form, as it does for + New request.
 */

useHistoryLayout();

describe('Replay', () => {
  it('puts focus in the new request tab it opens', async () => {
    const fake = new FakeApi();
    await seed(fake, 1);
    const { history, user } = await openHistory(fake);
    await waitFor(() => expect(entryButtons(history)).toHaveLength(1));
    await user.click(entryButtons(history)[0]!);
    const replay = await screen.findByRole('button', { name: 'Replay' });
    replay.focus();
    await user.keyboard('{Enter}');
    const agents = screen.getByRole('tabpanel', { name: 'Agents' });
    const panel = within(agents).getByRole('tabpanel');
    const agent = within(panel).getByRole('combobox', { name: /Agent/ });
    expect(agent).toHaveValue(AGENT);
    await waitFor(() => expect(agent).toHaveFocus());
  });
});
