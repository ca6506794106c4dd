import { screen, waitFor, within } from '@testing-library/react';
import { HOST_UNREACHABLE, HostUnavailableError } from '../../../../renderer/host/httpApi';
import { customProfile, FakeApi, sandboxSummary } from '../../../support/fakeApi';
import { renderApp, renderReady } from '../renderApp';

describe('app shell', () => {
  it('starts loading and becomes ready once profiles and known lists have arrived', async () => {
    const { container } = renderApp();
    expect(container.querySelector('[data-app-state="loading"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-app-state="ready"]')).not.toBeNull());
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeEnabled();
    expect(screen.getByText('Agent Explorer')).toBeInTheDocument();
  });

  it('shows the host kind from getAppInfo', async () => {
    await renderReady();
    expect(await screen.findByText('Browser mode')).toBeInTheDocument();
  });

  it('says so, with the reason, when the host cannot be reached', async () => {
    const fake = new FakeApi();
    fake.listProfiles = async () => {
      throw new HostUnavailableError(HOST_UNREACHABLE, null);
    };
    const { container } = renderApp(fake);
    await waitFor(() => expect(container.querySelector('[data-app-state="error"]')).not.toBeNull());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Agent Explorer cannot reach its host.');
    expect(alert).toHaveTextContent('Is it still running in its terminal?');
    expect(alert.textContent).not.toContain('`');
  });

  it('has Agents, Guidelines, History and Runs tabs that switch with the arrow keys and keep drafts', async () => {
    const { user } = await renderReady();
    const agentsTab = screen.getByRole('tab', { name: 'Agents' });
    expect(agentsTab).toHaveAttribute('aria-selected', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'draft text');

    agentsTab.focus();
    await user.keyboard('{ArrowRight}');
    const guidelinesTab = screen.getByRole('tab', { name: 'Guidelines' });
    expect(guidelinesTab).toHaveAttribute('aria-selected', 'true');
    expect(guidelinesTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Guidelines' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Runs' })).toBeVisible();

    await user.keyboard('{ArrowRight}');
    expect(agentsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('draft text');
  });
});

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
