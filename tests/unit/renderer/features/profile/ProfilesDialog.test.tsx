import { screen, waitFor, within } from '@testing-library/react';
import { customProfile, FakeApi, profileInput } from '../../../../support/fakeApi';
import { caCertificateFile } from '../../../../support/tlsServer';
import { fakeWithProduction, headerSelect, openProfile, openProfiles } from '../../profileDialog';
import { renderReady } from '../../renderApp';

/** The Profiles dialog on its New profile form, with a name and a base URL typed. */
async function newStagingForm(user: Awaited<ReturnType<typeof renderReady>>['user']): Promise<HTMLElement> {
  const dialog = await openProfiles(user);
  await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
  await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'https://staging.example.com');
  return dialog;
}

describe('Manage profiles dialog', () => {
  it('opens from the header, lists the profiles, and closes on Escape with focus back on the button', async () => {
    const { user } = await renderReady(fakeWithProduction());
    const manage = screen.getByRole('button', { name: 'Manage profiles' });
    const dialog = await openProfiles(user);
    expect(dialog).toBeVisible();
    const production = within(dialog).getByRole('button', { name: 'Production' });
    expect(production).toHaveAccessibleDescription(expect.stringContaining('https://api.example.com'));
    expect(production).toHaveAccessibleDescription(expect.stringContaining('No API key'));
    expect(within(dialog).getByRole('button', { name: 'Sandbox' })).toHaveAttribute('aria-current', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(manage).toHaveFocus();
  });

  it('creates a profile from what was typed; it becomes active in the header', async () => {
    const { user, fake } = await renderReady();
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'https://staging.example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Key presentation' }), 'Custom header');
    await user.type(within(dialog).getByRole('textbox', { name: 'Header name' }), 'X-API-Key');
    const timeout = within(dialog).getByRole('spinbutton', { name: 'Time-out (seconds)' });
    expect(timeout).toHaveValue(60);
    await user.clear(timeout);
    await user.type(timeout, '30');
    expect(within(dialog).getByRole('checkbox', { name: 'Verify TLS certificates' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Allow insecure HTTP' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));

    expect(fake.callsOf('createProfile')).toEqual([
      profileInput({
        name: 'Staging',
        baseUrl: 'https://staging.example.com',
        auth: { kind: 'header', header: 'X-API-Key' },
        timeoutMs: 30_000,
        // The form sends the network settings whole: the defaults when left alone.
        tls: { verify: true, caFile: null, clientCert: null },
        proxy: { mode: 'system' },
      }),
    ]);
    expect(await within(dialog).findByRole('heading', { name: 'Staging' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Staging' })).toHaveAttribute('aria-current', 'true');
    // Next step is the key: focus waits in its field.
    expect(within(dialog).getByLabelText('API key')).toHaveFocus();
    // The host gives the new profile its id and makes it active.
    const created = fake.profiles.profiles.find((profile) => profile.name === 'Staging');
    await waitFor(() => expect(headerSelect()).toHaveValue(created?.id));
    expect(within(headerSelect()).getByRole('option', { name: 'Staging' })).toBeInTheDocument();
  });

  it('takes the key in the same form as the name and URL: a password field, sent once write-only after Create, then emptied', async () => {
    const { user, fake } = await renderReady();
    const dialog = await newStagingForm(user);
    const key = within(dialog).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAccessibleDescription(
      'Optional. Saved when the profile is created, sent only to this base URL, and never shown again.',
    );
    await user.type(key, 'sk-new-profile-0123');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));

    expect(await within(dialog).findByRole('heading', { name: 'Staging' })).toBeInTheDocument();
    const created = fake.profiles.profiles.find((profile) => profile.name === 'Staging')!;
    // Created first, then the key through the write-only call, bound to the URL that was on screen.
    expect(fake.calls.map((call) => call.method).filter((method) => method === 'createProfile' || method === 'setProfileKey')).toEqual([
      'createProfile',
      'setProfileKey',
    ]);
    expect(fake.callsOf('setProfileKey')).toEqual([
      { profileId: created.id, key: 'sk-new-profile-0123', forBaseUrl: 'https://staging.example.com' },
    ]);
    expect(fake.callsOf('createProfile')[0]).not.toHaveProperty('key');
    await waitFor(() => expect(within(dialog).getByText('Key set — stored encrypted in the OS keychain')).toBeInTheDocument());
    // Next step is Detect (the key is there); the key is nowhere on the page.
    expect(within(dialog).getByRole('region', { name: 'Detect the key presentation' })).toHaveFocus();
    expect(within(dialog).getByLabelText('API key')).toHaveValue('');
    expect(dialog.innerHTML).not.toContain('sk-new-profile-0123');
  });

  it('says on the new profile’s page when the key given with it was refused, and focus waits in the Key field', async () => {
    const { user, fake } = await renderReady();
    const dialog = await newStagingForm(user);
    await user.click(within(dialog).getByLabelText('API key'));
    await user.paste('sk-two\tlines');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The profile was created, but its key was not saved: The key contains a line break or another control character. Give it again under Key.',
    );
    expect(fake.callsOf('setProfileKey')).toHaveLength(1);
    expect(within(dialog).getByLabelText('API key')).toHaveFocus();
    expect(within(dialog).getByText('No key')).toBeInTheDocument();
  });

  it('creates a profile with no key given, and the key is asked next, as before', async () => {
    const { user, fake } = await renderReady();
    const dialog = await newStagingForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    expect(await within(dialog).findByRole('heading', { name: 'Staging' })).toBeInTheDocument();
    expect(fake.callsOf('setProfileKey')).toEqual([]);
    expect(within(dialog).getByLabelText('API key')).toHaveFocus();
  });

  it('asks before closing when a key is typed in the New profile form', async () => {
    const { user } = await renderReady();
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    await user.type(within(dialog).getByLabelText('API key'), 'sk-typed');
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('group', { name: 'Confirm close' })).toHaveTextContent(
      'The API key typed for the new profile is not saved.',
    );
  });

  it('says when a base URL ends in /api (requests would go to /api/api/…) and drops it in one click', async () => {
    const { user } = await renderReady();
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    const baseUrl = within(dialog).getByRole('textbox', { name: 'Base URL' });
    await user.type(baseUrl, 'https://staging.example.com/api/');
    expect(baseUrl).toHaveAccessibleDescription(
      'This URL ends in /api, and the app adds /api/agent/… itself: requests would go to /api/api/…. Drop /api',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Drop /api' }));
    expect(baseUrl).toHaveValue('https://staging.example.com');
    expect(within(dialog).queryByRole('button', { name: 'Drop /api' })).toBeNull();
  });

  it('shows a host error next to the field it names, focuses it, and keeps what was typed', async () => {
    const fake = new FakeApi();
    fake.createProfile = async (request) => {
      fake.calls.push({ method: 'createProfile', argument: request });
      return { ok: false, error: { code: 'invalid_argument', message: 'Plain http: is allowed only for localhost.', field: 'baseUrl' } };
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'http://staging.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));

    const baseUrl = within(dialog).getByRole('textbox', { name: 'Base URL' });
    await waitFor(() => expect(baseUrl).toHaveFocus());
    expect(baseUrl).toHaveAccessibleDescription('Plain http: is allowed only for localhost.');
    expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
    expect(baseUrl).toHaveValue('http://staging.example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Staging');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(headerSelect()).toHaveValue('sandbox');
  });

  it('shows an error without a field at the top of the form', async () => {
    const fake = fakeWithProduction();
    fake.updateProfile = async () => ({ ok: false, error: { code: 'internal', message: 'The profiles file could not be written.' } });
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The profiles file could not be written.');
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('checks for empty fields before sending anything', async () => {
    const { user, fake } = await renderReady();
    const dialog = await openProfiles(user);
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
    await user.click(within(dialog).getByRole('button', { name: 'Create profile' }));
    const baseUrl = within(dialog).getByRole('textbox', { name: 'Base URL' });
    expect(baseUrl).toHaveFocus();
    expect(baseUrl).toHaveAccessibleDescription(expect.stringContaining('Enter the base URL'));
    expect(fake.callsOf('createProfile')).toEqual([]);
  });

  it('edits and saves a profile', async () => {
    const caFile = await caCertificateFile();
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Production');
    await user.clear(name);
    await user.type(name, 'Production EU');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Key presentation' }), 'Query parameter');
    await user.type(within(dialog).getByRole('textbox', { name: 'Query parameter' }), 'api_key');
    await user.type(within(dialog).getByRole('textbox', { name: 'CA certificate file' }), caFile);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(fake.callsOf('updateProfile')).toEqual([
      {
        profileId: 'prod',
        profile: profileInput({
          name: 'Production EU',
          baseUrl: 'https://api.example.com',
          auth: { kind: 'query', param: 'api_key' },
          tls: { verify: true, caFile, clientCert: null },
          proxy: { mode: 'system' },
        }),
      },
    ]);
    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Production EU' })).toBeInTheDocument();
    expect(within(headerSelect()).getByRole('option', { name: 'Production EU' })).toBeInTheDocument();
  });

  it('warns right there when certificate checks are turned off', async () => {
    const { user } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    const verify = within(dialog).getByRole('checkbox', { name: 'Verify TLS certificates' });
    expect(within(dialog).queryByText(/Certificates will not be checked/)).toBeNull();
    await user.click(verify);
    expect(within(dialog).getByText(/Certificates will not be checked/)).toBeVisible();
    expect(verify).toHaveAccessibleDescription(expect.stringContaining('Certificates will not be checked'));
  });

  it('duplicates a profile and shows the copy, ready to rename', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(fake.callsOf('duplicateProfile')).toEqual([{ profileId: 'prod' }]);
    const copy = await within(dialog).findByRole('button', { name: 'Production (copy)' });
    expect(copy).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Production (copy)');
  });

  it('deletes a profile only after a confirmation', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('group', { name: 'Confirm delete' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fake.callsOf('deleteProfile')).toEqual([]);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Confirm delete' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(fake.callsOf('deleteProfile')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(fake.callsOf('deleteProfile')).toEqual([{ profileId: 'prod' }]);
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Production' })).toBeNull());
    expect(within(headerSelect()).queryByRole('option', { name: 'Production' })).toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Sandbox' })).toBeInTheDocument();
  });

  it('switches to a profile with Use this profile', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Use this profile' }));
    expect(fake.callsOf('selectProfile')).toEqual([{ profileId: 'prod' }]);
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    expect(within(dialog).getByRole('button', { name: 'In use' })).toHaveFocus();
  });

  it('shows the Sandbox read-only, saying why, with no edit, delete or key controls', async () => {
    const { user } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Sandbox');
    expect(within(dialog).getByText(/built in and always there/)).toBeInTheDocument();
    expect(within(dialog).getByText(/kept in memory for this session only/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /key/i })).toBeNull();
    expect(within(dialog).queryByLabelText('API key')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
  });

  it('shows the Environment profile read-only, saying where it comes from', async () => {
    const fake = new FakeApi();
    fake.profiles = {
      activeProfileId: 'sandbox',
      profiles: [
        ...fake.profiles.profiles,
        customProfile('environment', {
          name: 'Environment',
          kind: 'environment',
          editable: false,
          key: { set: true, storage: 'environment', note: null },
        }),
      ],
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Environment');
    expect(within(dialog).getByText(/AGENT_EXPLORER_\* environment variables/)).toBeInTheDocument();
    expect(within(dialog).getByText('From the environment. From AGENT_EXPLORER_API_KEY; never saved.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).queryByLabelText('API key')).toBeNull();
  });
});

/** Production plus a second editable profile, Staging. */
function fakeWithTwo() {
  const fake = fakeWithProduction();
  fake.profiles = {
    ...fake.profiles,
    profiles: [...fake.profiles.profiles, customProfile('stage', { name: 'Staging', baseUrl: 'https://staging.example.com' })],
  };
  return fake;
}

describe('unsaved profile settings', () => {
  it('keeps what was typed for a profile while another one is looked at, and marks it in the list', async () => {
    const { user, fake } = await renderReady(fakeWithTwo());
    const dialog = await openProfile(user, 'Production');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Production EU');
    expect(within(dialog).getByRole('button', { name: 'Production' })).toHaveAccessibleDescription(
      expect.stringContaining('Unsaved changes'),
    );
    expect(within(dialog).getByRole('button', { name: 'Staging' })).not.toHaveAccessibleDescription(
      expect.stringContaining('Unsaved changes'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Staging' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Staging');
    await user.click(within(dialog).getByRole('button', { name: 'Production' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Production EU');
    expect(fake.callsOf('updateProfile')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Production EU' })).not.toHaveAccessibleDescription(
      expect.stringContaining('Unsaved changes'),
    );
  });

  it('keeps a half-typed new profile too', async () => {
    const { user } = await renderReady(fakeWithTwo());
    const dialog = await openProfile(user, 'Staging');
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'QA');
    await user.click(within(dialog).getByRole('button', { name: 'Staging' }));
    expect(within(dialog).getByRole('button', { name: 'New profile' })).toHaveAccessibleDescription('Unsaved changes');
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('QA');
  });

  it('asks before closing over unsaved settings; Keep editing keeps them, Discard closes', async () => {
    const { user, fake } = await renderReady(fakeWithTwo());
    const dialog = await openProfile(user, 'Staging');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), '/v2');
    await user.click(within(dialog).getByRole('button', { name: 'New profile' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'QA');

    await user.keyboard('{Escape}');
    const confirm = within(dialog).getByRole('group', { name: 'Confirm close' });
    expect(confirm).toHaveTextContent('Unsaved changes to Staging and the new profile will be lost.');
    expect(within(confirm).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Profiles' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Confirm close' })).toBeNull();
    // Back in the field the person was typing in.
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('QA');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard and close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsOf('updateProfile')).toEqual([]);
    expect(fake.callsOf('createProfile')).toEqual([]);

    // Reopened, it shows what is saved.
    const reopened = await openProfile(user, 'Staging');
    expect(within(reopened).getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://staging.example.com');
  });

  it('asks before closing over a key typed and not saved, without showing the key', async () => {
    const { user } = await renderReady(fakeWithTwo());
    const dialog = await openProfile(user, 'Production');
    await user.type(within(dialog).getByLabelText('API key'), 'sk-typed-not-saved');
    await user.keyboard('{Escape}');
    const confirm = within(dialog).getByRole('group', { name: 'Confirm close' });
    expect(confirm).toHaveTextContent('The API key typed for Production is not saved.');
    expect(confirm).not.toHaveTextContent('sk-typed');
  });

  it('closes at once when nothing typed would be lost, even after typing it back', async () => {
    const { user } = await renderReady(fakeWithTwo());
    const dialog = await openProfile(user, 'Staging');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'x');
    await user.type(name, '{Backspace}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
