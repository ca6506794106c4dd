import { screen, waitFor, within } from '@testing-library/react';
import { customProfile, exchange } from '../../support/fakeApi';
import { fakeWithProduction, headerSelect } from '../renderer/profileDialog';
import { renderReady, responseRegion } from '../renderer/renderApp';

/**
 * Review finding (issue 7 item 8 meets item 10): an error's "Set a key" and "Detect how the
 * key is sent" always open the ACTIVE profile. Request tabs now belong to a profile, so a 401
 * shown in a tab made for Staging, read while Production is active, leads the person to type
 * Staging's key into Production: the key then goes to Production's origin.
 */
const AGENT_ID = '11111111-1111-4111-8111-111111111111';

describe("review: a refused key's advice in a tab of a profile that is no longer active", () => {
  it('"Set a key" opens the profile the refused request went to, not the active one', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.profiles = {
      activeProfileId: 'staging',
      profiles: [...fake.profiles.profiles, customProfile('staging', { name: 'Staging', baseUrl: 'https://staging.example.com', key: { set: true, storage: 'keychain', note: null } })],
    };
    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 401.',
        exchange: exchange({ status: 401, statusText: 'Unauthorized', responseBody: '{"detail":"bad key"}', responseHeaders: { 'content-type': 'application/json' } }),
      },
    });
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const alert = await within(responseRegion()).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: /The key was refused/ })).toBeInTheDocument();

    await user.selectOptions(headerSelect(), 'prod');
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    await user.click(within(alert).getByRole('button', { name: 'Set a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    // The refused request went to Staging: its key is the one to set.
    expect(within(dialog).getByRole('heading', { name: 'Staging' })).toBeInTheDocument();
  });
});
