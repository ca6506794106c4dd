import { screen, waitFor, within } from '@testing-library/react';
import { fakeWithProduction, headerSelect } from '../renderer/profileDialog';
import { renderReady } from '../renderer/renderApp';

/**
 * Review finding (issue 7 item 10 meets Repeat and "Save the whole body"): a request tab's
 * response keeps its Repeat panel after the person switches the active profile. The host sends
 * every invoke to the ACTIVE profile, so the repeat runs go to another server (with that
 * profile's key) without the "Which profile to send to" question the Invoke button asks.
 */
const AGENT_ID = '11111111-1111-4111-8111-111111111111';

describe('review: a tab sent to one profile, then another profile made active', () => {
  it('Repeat does not silently send the tab to the now-active profile', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    const repeat = within(await screen.findByRole('region', { name: 'Repeat' }));

    await user.selectOptions(headerSelect(), 'prod');
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));

    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '2');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    const confirm = repeat.queryByRole('button', { name: 'Send 2 runs' });
    if (confirm) await user.click(confirm);
    // Either the repeat asks which profile (as Invoke does) or it sends nothing to Production.
    const asked = () => screen.queryByRole('group', { name: 'Which profile to send to' }) !== null;
    // Wait until either the question is on screen or the two runs went out.
    await waitFor(() => expect(asked() || fake.callsOf('invokeAgent').length === 3).toBe(true));
    // Expected: asked first, and nothing more sent (today: 2 runs went to Production, unasked).
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });
});
