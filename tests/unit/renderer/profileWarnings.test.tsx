import { screen, within } from '@testing-library/react';
import { customProfile, FakeApi } from '../../support/fakeApi';
import { openProfiles } from './profileDialog';
import { renderReady } from './renderApp';

function activeRiskyProfile() {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId: 'lab',
    profiles: [
      ...fake.profiles.profiles,
      customProfile('lab', {
        name: 'Lab',
        baseUrl: 'http://lab.internal:8080',
        allowInsecureHttp: true,
        tls: { verify: false, caFile: null },
        key: { set: true, storage: 'keychain', note: null },
        warnings: [
          { code: 'insecure_http', message: 'Plain HTTP: the key and data travel unencrypted.' },
          { code: 'tls_unverified', message: 'TLS certificates are not verified.' },
        ],
      }),
    ],
  };
  return fake;
}

describe('profile warnings', () => {
  it('shows the active profile’s risks in the header, each with its full message', async () => {
    await renderReady(activeRiskyProfile());
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Insecure HTTP')).toHaveAccessibleDescription('Plain HTTP: the key and data travel unencrypted.');
    expect(within(header).getByText('TLS not verified')).toHaveAccessibleDescription('TLS certificates are not verified.');
    expect(within(header).queryByText('No API key')).toBeNull();
  });

  it('shows no warning badge for a safe profile', async () => {
    await renderReady();
    const header = screen.getByRole('banner');
    expect(within(header).queryByText('Insecure HTTP')).toBeNull();
    expect(within(header).queryByText('TLS not verified')).toBeNull();
  });

  it('shows the risks in the dialog’s list and, in full, on the profile', async () => {
    const { user } = await renderReady(activeRiskyProfile());
    const dialog = await openProfiles(user);
    expect(within(dialog).getByRole('button', { name: 'Lab' })).toHaveAccessibleDescription(expect.stringContaining('TLS not verified'));
    const warnings = within(dialog).getByRole('list', { name: 'Warnings' });
    expect(warnings).toHaveTextContent('Plain HTTP: the key and data travel unencrypted.');
    expect(warnings).toHaveTextContent('TLS certificates are not verified.');
    expect(within(dialog).getByRole('checkbox', { name: 'Verify TLS certificates' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Allow insecure HTTP' })).toBeChecked();
  });
});
