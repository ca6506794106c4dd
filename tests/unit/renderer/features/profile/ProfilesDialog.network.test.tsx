import { screen, waitFor, within } from '@testing-library/react';
import type { AppInfo, ProfileSummary } from '../../../../../electron/shared/api';
import { everythingOnScreen, fakeWithProduction, openProfile, openProfiles } from '../../profileDialog';
import { renderReady } from '../../renderApp';

/** The Proxy and Client certificate groups of the profile form, and the secrets they call for. */

const PASSWORD = 'proxy-pw-3c9e1a7f5b';
const PASSPHRASE = 'cert-pp-8d2b6f4e0a';
const MANUAL: ProfileSummary['proxy'] = { mode: 'manual', url: 'http://proxy.corp:3128', username: 'analyst', bypass: [] };
const P12: ProfileSummary['tls'] = { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: '/home/a/client.p12' } };

describe('the Proxy group', () => {
  it('says what System means in browser mode, and sends a manual proxy as typed', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    const group = within(dialog).getByRole('group', { name: 'Proxy' });
    const system = within(group).getByRole('radio', { name: 'System' });
    expect(system).toBeChecked();
    expect(system).toHaveAccessibleDescription(expect.stringContaining('HTTP_PROXY, HTTPS_PROXY and NO_PROXY'));
    expect(within(dialog).queryByRole('textbox', { name: 'Proxy URL' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Behind the gateway');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'https://platform.corp');
    await user.click(within(group).getByRole('radio', { name: 'Manual' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Proxy URL' }), 'http://proxy.corp:3128');
    await user.type(within(dialog).getByRole('textbox', { name: 'Proxy user name' }), 'analyst');
    const bypass = within(dialog).getByRole('textbox', { name: 'Bypass list' });
    expect(bypass).toHaveAccessibleDescription(expect.stringContaining('example.com, .example.com, 10.0.0.0/8, host:port'));
    await user.type(bypass, '.corp.example{Enter}10.0.0.0/8, localhost');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));

    expect(fake.callsOf('createProfile')).toEqual([
      expect.objectContaining({
        proxy: { mode: 'manual', url: 'http://proxy.corp:3128', username: 'analyst', bypass: ['.corp.example', '10.0.0.0/8', 'localhost'] },
      }),
    ]);
  });

  it("says the operating system's settings in the desktop app", async () => {
    const fake = fakeWithProduction();
    (fake as { getAppInfo: () => Promise<AppInfo> }).getAppInfo = async () => ({
      name: 'Agent Explorer',
      version: '0.0.0-test',
      host: 'electron',
    });
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    const system = within(within(dialog).getByRole('group', { name: 'Proxy' })).getByRole('radio', { name: 'System' });
    expect(system).toHaveAccessibleDescription(expect.stringContaining("operating system's settings"));
  });

  it('shows the host’s refusal at the proxy URL, focuses it, and keeps what was typed', async () => {
    const fake = fakeWithProduction();
    const message =
      'The proxy URL holds a password: remove it from the URL and give it in the Password field, which keeps it like the key.';
    fake.updateProfile = async (request) => {
      fake.calls.push({ method: 'updateProfile', argument: request });
      return { ok: false, error: { code: 'invalid_argument', message, field: 'proxyUrl' } };
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('radio', { name: 'Manual' }));
    const url = within(dialog).getByRole('textbox', { name: 'Proxy URL' });
    await user.type(url, 'http://analyst:secret@proxy.corp:3128');
    await user.type(within(dialog).getByRole('textbox', { name: 'Bypass list' }), 'intranet.corp');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(url).toHaveValue('http://analyst:secret@proxy.corp:3128');
    expect(within(dialog).getByRole('textbox', { name: 'Bypass list' })).toHaveValue('intranet.corp');
    // Typing in the field again takes the error away.
    await user.type(url, 'x');
    expect(url).not.toHaveAttribute('aria-invalid');
  });
});

describe('the Client certificate group', () => {
  it('sends a PKCS#12 path, and shows a refusal of it at that field', async () => {
    const fake = fakeWithProduction();
    fake.updateProfile = async (request) => {
      fake.calls.push({ method: 'updateProfile', argument: request });
      return {
        ok: false,
        error: { code: 'invalid_argument', message: 'Give the full path of the client certificate file.', field: 'clientCertFile' },
      };
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    const group = within(dialog).getByRole('group', { name: 'Client certificate' });
    expect(within(group).getByRole('radio', { name: 'None' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'PKCS#12 file (.p12, .pfx)' }));
    const file = within(dialog).getByRole('textbox', { name: 'PKCS#12 file' });
    await user.type(file, 'client.p12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(fake.callsOf('updateProfile')).toEqual([
      expect.objectContaining({
        profile: expect.objectContaining({ tls: { verify: true, caFile: null, clientCert: { kind: 'pkcs12', file: 'client.p12' } } }),
      }),
    ]);
    await waitFor(() => expect(file).toHaveFocus());
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Give the full path of the client certificate file.'));
    expect(file).toHaveValue('client.p12');
  });

  it('asks for both PEM paths before sending', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('radio', { name: 'PEM certificate and key' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Certificate file' }), '/home/a/client.pem');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const key = within(dialog).getByRole('textbox', { name: 'Key file' });
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAccessibleDescription(expect.stringContaining('Enter the path of the private key file (PEM).'));
    expect(fake.callsOf('updateProfile')).toEqual([]);
  });
});

describe('the proxy password and the certificate passphrase, write-only', () => {
  it('are offered only once the saved profile needs them', async () => {
    const { user } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    // Chosen but not saved: nothing to bind a secret to yet.
    await user.click(within(dialog).getByRole('radio', { name: 'Manual' }));
    await user.click(within(dialog).getByRole('radio', { name: 'PKCS#12 file (.p12, .pfx)' }));
    expect(within(dialog).queryByRole('region', { name: 'Proxy password' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Certificate passphrase' })).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Proxy URL' }), 'http://proxy.corp:3128');
    await user.type(within(dialog).getByRole('textbox', { name: 'PKCS#12 file' }), '/home/a/client.p12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const proxy = await within(dialog).findByRole('region', { name: 'Proxy password' });
    expect(within(proxy).getByRole('status')).toHaveTextContent('Not set');
    const cert = within(dialog).getByRole('region', { name: 'Certificate passphrase' });
    expect(within(cert).getByRole('status')).toHaveTextContent('Not set');
  });

  it('sets the proxy password: sent once, the field emptied, its status shown, the password nowhere', async () => {
    const { user, fake, queryClient } = await renderReady(fakeWithProduction({ proxy: MANUAL }));
    const dialog = await openProfile(user, 'Production');
    const section = within(dialog).getByRole('region', { name: 'Proxy password' });
    expect(section).toHaveTextContent('Sent only to the proxy http://proxy.corp:3128, as user analyst');
    const input = within(section).getByLabelText('Password', { exact: true });
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'off');

    await user.type(input, PASSWORD);
    await user.click(within(section).getByRole('button', { name: 'Save password' }));

    expect(fake.callsOf('setProfileSecret')).toEqual([{ profileId: 'prod', name: 'proxyPassword', value: PASSWORD }]);
    expect(await within(section).findByText('Set, kept in the keychain')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(within(section).getByRole('button', { name: 'Replace password' })).toBeInTheDocument();
    expect(everythingOnScreen()).not.toContain(PASSWORD);
    const cached = JSON.stringify([
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryKey, query.state.data]),
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables ?? null),
    ]);
    expect(cached).not.toContain(PASSWORD);
  });

  it('sets the passphrase, shows a refusal at its field, and clears it only after asking', async () => {
    const fake = fakeWithProduction({ tls: P12 });
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    const section = within(dialog).getByRole('region', { name: 'Certificate passphrase' });
    expect(section).toHaveTextContent('Opens /home/a/client.p12');
    const input = within(section).getByLabelText('Passphrase', { exact: true });

    await user.click(within(section).getByRole('button', { name: 'Save passphrase' }));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Type the passphrase first.'));
    expect(fake.callsOf('setProfileSecret')).toEqual([]);

    // The host refuses one (as it does a value over 4096 characters): said at the field, the field emptied.
    const setSecret = fake.setProfileSecret.bind(fake);
    fake.setProfileSecret = async (request) =>
      request.value === 'refused'
        ? { ok: false, error: { code: 'invalid_argument', message: 'It is longer than 4096 characters.', field: request.name } }
        : setSecret(request);
    await user.type(input, 'refused');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('It is longer than 4096 characters.')));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('');

    await user.type(input, PASSPHRASE);
    await user.keyboard('{Enter}');
    expect(await within(section).findByText('Set, kept in the keychain')).toBeInTheDocument();
    expect(fake.callsOf('setProfileSecret')).toEqual([{ profileId: 'prod', name: 'certPassphrase', value: PASSPHRASE }]);
    expect(everythingOnScreen()).not.toContain(PASSPHRASE);

    await user.click(within(section).getByRole('button', { name: 'Clear passphrase' }));
    const confirm = within(section).getByRole('group', { name: 'Confirm clear passphrase' });
    expect(confirm).toHaveTextContent('Clear the certificate passphrase of Production?');
    expect(fake.callsOf('clearProfileSecret')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, clear passphrase' }));
    expect(fake.callsOf('clearProfileSecret')).toEqual([{ profileId: 'prod', name: 'certPassphrase' }]);
    expect(await within(section).findByText('Not set')).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('asks before closing on a password typed but not saved', async () => {
    const { user } = await renderReady(fakeWithProduction({ proxy: MANUAL }));
    const dialog = await openProfile(user, 'Production');
    await user.type(within(dialog).getByLabelText('Password', { exact: true }), PASSWORD);
    await user.keyboard('{Escape}');
    const confirm = within(dialog).getByRole('group', { name: 'Confirm close' });
    expect(confirm).toHaveTextContent('The proxy password typed for Production is not saved.');
  });
});

describe('what the profile says of its network', () => {
  it('names the proxy and the client certificate in the list and the header, and the clear-text password risk', async () => {
    const fake = fakeWithProduction({
      proxy: MANUAL,
      tls: P12,
    });
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    const { user } = await renderReady(fake);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Proxy: http://proxy.corp:3128')).toBeInTheDocument();
    expect(within(header).getByText('Client certificate')).toBeInTheDocument();
    expect(within(header).getByText('Proxy password in clear')).toHaveAttribute(
      'title',
      'The proxy password travels unencrypted to an http: proxy (the key does not: HTTPS goes through it encrypted).',
    );
    const dialog = await openProfiles(user);
    expect(within(dialog).getByRole('button', { name: 'Production' })).toHaveAccessibleDescription(
      expect.stringMatching(/Proxy password in clear.*Proxy: http:\/\/proxy\.corp:3128.*Client certificate/),
    );
  });

  it('says No proxy for a profile set to go direct, and nothing for the Sandbox', async () => {
    const fake = fakeWithProduction({ proxy: { mode: 'none' } });
    const { user } = await renderReady(fake);
    const dialog = await openProfiles(user);
    expect(within(dialog).getByRole('button', { name: 'Production' })).toHaveAccessibleDescription(expect.stringContaining('No proxy'));
    expect(within(dialog).getByRole('button', { name: 'Sandbox' })).not.toHaveAccessibleDescription(expect.stringContaining('proxy'));
    // The Sandbox's facts still say how it is reached.
    await user.click(within(dialog).getByRole('button', { name: 'Sandbox' }));
    expect(within(dialog).getByText('Proxy', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No proxy');
  });
});
