import { screen, within } from '@testing-library/react';
import { customProfile, FakeApi } from '../../../../support/fakeApi';
import { openProfiles } from '../../profileDialog';
import { renderReady } from '../../renderApp';

const KEY = { set: true, storage: 'keychain', note: null } as const;
const INSECURE = 'Insecure HTTP: the key and all data travel unencrypted.';
const UNVERIFIED = 'TLS not verified: anyone on the network path could pose as this server.';

/** Two risky profiles as the host warns of them: plain HTTP (Lab), and HTTPS with certificates not verified (Lab TLS). */
function activeRiskyProfile(activeProfileId = 'lab') {
  const fake = new FakeApi();
  fake.profiles = {
    activeProfileId,
    profiles: [
      ...fake.profiles.profiles,
      customProfile('lab', {
        name: 'Lab',
        baseUrl: 'http://lab.internal:8080',
        allowInsecureHttp: true,
        tls: { verify: false, caFile: null },
        key: KEY,
      }),
      customProfile('lab-tls', { name: 'Lab TLS', baseUrl: 'https://lab.internal:8443', tls: { verify: false, caFile: null }, key: KEY }),
    ],
  };
  return fake;
}

describe('profile warnings', () => {
  it('shows the active profile’s risks in the header, each with its full message', async () => {
    await renderReady(activeRiskyProfile('lab'));
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Insecure HTTP')).toHaveAccessibleDescription(INSECURE);
    expect(within(header).queryByText('TLS not verified')).toBeNull();
    expect(within(header).queryByText('No API key')).toBeNull();
  });

  it('shows certificates not verified in the header, with its full message', async () => {
    await renderReady(activeRiskyProfile('lab-tls'));
    const header = screen.getByRole('banner');
    expect(within(header).getByText('TLS not verified')).toHaveAccessibleDescription(UNVERIFIED);
    expect(within(header).queryByText('Insecure HTTP')).toBeNull();
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
    expect(within(dialog).getByRole('button', { name: 'Lab' })).toHaveAccessibleDescription(expect.stringContaining('Insecure HTTP'));
    expect(within(dialog).getByRole('button', { name: 'Lab TLS' })).toHaveAccessibleDescription(
      expect.stringContaining('TLS not verified'),
    );
    const warnings = within(dialog).getByRole('list', { name: 'Warnings' });
    expect(warnings).toHaveTextContent(INSECURE);
    expect(within(dialog).getByRole('checkbox', { name: 'Verify TLS certificates' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Allow insecure HTTP' })).toBeChecked();
  });
});
