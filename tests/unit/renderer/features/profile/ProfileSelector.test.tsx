import { screen, waitFor, within } from '@testing-library/react';
import { customProfile, FakeApi, sandboxSummary } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

describe('profile selector', () => {
  it('lists profiles by name and shows the active base URL and a Sandbox badge', async () => {
    const fake = new FakeApi();
    fake.profiles = {
      activeProfileId: 'sandbox',
      profiles: [
        { ...sandboxSummary(), name: 'Built-in' },
        customProfile('prod', { name: 'Production', baseUrl: 'https://api.example.com' }),
      ],
    };
    const { user } = await renderReady(fake);
    const select = screen.getByRole('combobox', { name: 'Profile' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Built-in', 'Production']);
    expect(select).toHaveValue('sandbox');
    const header = screen.getByRole('banner');
    expect(within(header).getByText('http://127.0.0.1:4010')).toBeInTheDocument();
    expect(within(header).getByText('Sandbox')).toBeInTheDocument();

    fake.agents = [{ id: 'prod-agent', name: 'Production agent', description: 'Real.', placeholders: [], example: null }];
    await user.selectOptions(select, 'prod');
    expect(fake.callsOf('selectProfile')).toEqual([{ profileId: 'prod' }]);
    await waitFor(() => expect(select).toHaveValue('prod'));
    expect(within(header).getByText('https://api.example.com')).toBeInTheDocument();
    expect(within(header).queryByText('Sandbox')).toBeNull();
    expect(within(header).getByText('No API key')).toBeInTheDocument();
    // The known agents are the new profile's, fetched again under the new profile's key.
    expect(await screen.findByRole('button', { name: 'Production agent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Support reply drafter' })).toBeNull();
  });

  it('shows a refused switch and keeps the active profile', async () => {
    const fake = new FakeApi();
    fake.profiles = {
      ...fake.profiles,
      profiles: [
        ...fake.profiles.profiles,
        customProfile('gone', { name: 'Gone', baseUrl: 'https://x.test', key: { set: true, storage: 'keychain', note: null } }),
      ],
    };
    fake.selectProfile = async (request) => {
      fake.calls.push({ method: 'selectProfile', argument: request });
      return { ok: false, error: { code: 'invalid_argument', message: 'No such profile.' } };
    };
    const { user } = await renderReady(fake);
    const select = screen.getByRole('combobox', { name: 'Profile' });
    await user.selectOptions(select, 'gone');
    expect(await screen.findByText('Could not switch profile: No such profile.')).toBeInTheDocument();
    expect(select).toHaveValue('sandbox');
  });
});
