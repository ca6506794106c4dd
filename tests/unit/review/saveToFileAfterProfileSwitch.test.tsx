import { screen, waitFor, within } from '@testing-library/react';
import { fakeWithProduction, headerSelect } from '../renderer/profileDialog';
import { renderReady, responseRegion } from '../renderer/renderApp';

/**
 * Review finding (issue 7 item 10 meets issue 11 item 7): "Save the answer to a file" sends the
 * request again, and the host sends it to the ACTIVE profile. After the person switches profiles,
 * the tab's request goes to the other server (its key, a possibly billed run) without the
 * "Which profile to send to" question Invoke asks.
 */
const AGENT_ID = '11111111-1111-4111-8111-111111111111';

describe('review: saving a too-large answer after switching profiles', () => {
  it('does not send the tab to the now-active profile unasked', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.invokeResponder = () => ({ ok: false, error: { code: 'too_large', message: 'The response is larger than the 50 MB limit, so it was not read.', exchange: null } });
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const region = responseRegion();
    await within(region).findByRole('button', { name: 'Save the answer to a file…' });

    await user.selectOptions(headerSelect(), 'prod');
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    await user.click(within(region).getByRole('button', { name: 'Save the answer to a file…' }));
    await user.click(within(region).getByRole('button', { name: 'Send again and save' }));
    await waitFor(() => expect(fake.callsOf('saveResponseToFile').length > 0 || screen.queryByRole('group', { name: 'Which profile to send to' }) !== null).toBe(true));
    expect(fake.callsOf('saveResponseToFile')).toEqual([]);
  });
});
