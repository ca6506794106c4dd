import { screen, waitFor, within } from '@testing-library/react';
import { KeyInTransit } from '../../../../../../renderer/features/profile/queries/profileKey';
import { everythingOnScreen, fakeWithProduction, headerSelect, openProfile } from '../../../profileDialog';
import { deferred, renderReady } from '../../../renderApp';

const SECRET = 'sk-live-7f3a9c1e5b2d4f60';

describe('the API key, write-only', () => {
  it('sets a key, empties the field, says where it is kept, and shows it nowhere', async () => {
    const { user, fake, queryClient } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    expect(within(dialog).getByText('No key')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('API key');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');

    await user.type(input, SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));

    expect(fake.callsOf('setProfileKey')).toEqual([{ profileId: 'prod', key: SECRET, forBaseUrl: expect.stringMatching(/^https?:/) }]);
    expect(await within(dialog).findByText('Key set — stored encrypted in the OS keychain')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Replace key' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Production' })).toHaveAccessibleDescription(expect.stringContaining('Key set'));
    expect(everythingOnScreen()).not.toContain(SECRET);
    // Nor in the query layer: no query key or data, and no mutation still holding it.
    const cached = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryKey, query.state.data]),
    );
    expect(cached).not.toContain(SECRET);
    for (const mutation of queryClient.getMutationCache().getAll()) {
      const variables = mutation.state.variables as { key?: unknown } | undefined;
      if (variables?.key instanceof KeyInTransit) expect(variables.key.take()).toBe('');
      else expect(JSON.stringify(variables ?? null)).not.toContain(SECRET);
    }
  });

  it('says when the key is kept in memory only, and why', async () => {
    const fake = fakeWithProduction();
    fake.setProfileKey = async (request) => {
      fake.calls.push({ method: 'setProfileKey', argument: request });
      const key = { set: true, storage: 'memory' as const, note: 'The OS cannot encrypt it, so it is not saved.' };
      fake.profiles = {
        ...fake.profiles,
        profiles: fake.profiles.profiles.map((profile) => (profile.id === 'prod' ? { ...profile, key } : profile)),
      };
      return { ok: true, value: key };
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    await user.type(within(dialog).getByLabelText('API key'), SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(
      await within(dialog).findByText('Key set — kept in memory for this session only. The OS cannot encrypt it, so it is not saved.'),
    ).toBeInTheDocument();
  });

  it('empties the field after a refusal too, and shows why next to it', async () => {
    const fake = fakeWithProduction();
    fake.setProfileKey = async (request) => {
      fake.calls.push({ method: 'setProfileKey', argument: request });
      return { ok: false, error: { code: 'invalid_argument', message: 'The key contains a line break.', field: 'key' } };
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    const input = within(dialog).getByLabelText('API key');
    await user.type(input, SECRET);
    await user.keyboard('{Enter}');
    expect(fake.callsOf('setProfileKey')).toEqual([{ profileId: 'prod', key: SECRET, forBaseUrl: expect.stringMatching(/^https?:/) }]);
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('The key contains a line break.')));
    expect(input).toHaveValue('');
    expect(within(dialog).getByText('No key')).toBeInTheDocument();
    expect(everythingOnScreen()).not.toContain(SECRET);
  });

  it('asks for a key instead of sending an empty one', async () => {
    const { user, fake } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Save key' }));
    expect(within(dialog).getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('Paste the key first.'));
    expect(fake.callsOf('setProfileKey')).toEqual([]);
  });

  it('clears a key only after a second step that names the profile', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    const { user } = await renderReady(fake);
    const header = screen.getByRole('banner');
    expect(within(header).queryByText('No API key')).toBeNull();
    const dialog = await openProfile(user, 'Production');
    expect(within(dialog).getByText('Key set — stored encrypted in the OS keychain')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    const confirm = within(dialog).getByRole('group', { name: 'Confirm clear key' });
    expect(confirm).toHaveTextContent('Clear the key of Production?');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fake.callsOf('clearProfileKey')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, clear key' }));
    expect(fake.callsOf('clearProfileKey')).toEqual([{ profileId: 'prod' }]);
    expect(await within(dialog).findByText('No key')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Clear key' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save key' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toHaveFocus();
    expect(within(header).getByText('No API key')).toBeInTheDocument();
  });

  it('keeps the key when the clear is cancelled, by button or by Escape, and the dialog stays open', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Confirm clear key' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Clear key' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('group', { name: 'Confirm clear key' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('group', { name: 'Confirm clear key' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Profiles' })).toBeInTheDocument();
    expect(fake.callsOf('clearProfileKey')).toEqual([]);
    expect(within(dialog).getByText('Key set — stored encrypted in the OS keychain')).toBeInTheDocument();
  });

  it('offers Set a key in the header when the active profile has none, and opens on the key field', async () => {
    const fake = fakeWithProduction();
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    const { user } = await renderReady(fake);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('No API key')).toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Set a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    expect(within(dialog).getByRole('heading', { name: 'Production' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('API key')).toHaveFocus());

    await user.type(within(dialog).getByLabelText('API key'), SECRET);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(header).queryByText('No API key')).toBeNull());
    await user.keyboard('{Escape}');
    // "Set a key" has gone with the missing key: focus lands on Manage profiles instead.
    expect(within(header).getByRole('button', { name: 'Manage profiles' })).toHaveFocus();
    expect(headerSelect()).toHaveValue('prod');
  });
});

describe('Detect', () => {
  it('tries the presentations, shows each attempt, and puts the chosen one in the form', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    // The platform takes the key as `Token <key>` only: Detect tries Bearer first, then finds it.
    fake.acceptedAuth = { kind: 'scheme', scheme: 'Token' };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    expect(within(dialog).getByText(/a GET has no side effects/)).toBeInTheDocument();
    const guideline = within(dialog).getByRole('combobox', { name: 'Guideline id for Detect' });
    expect(guideline).toHaveValue('22222222-2222-4222-8222-222222222222');
    expect(within(dialog).getByRole('combobox', { name: 'Key presentation' })).toHaveDisplayValue('Authorization: Bearer <key>');

    await user.click(within(dialog).getByRole('button', { name: 'Detect' }));
    expect(fake.callsOf('detectKeyPresentation')).toEqual([{ profileId: 'prod', guidelineId: '22222222-2222-4222-8222-222222222222' }]);

    const table = await within(dialog).findByRole('table', { name: 'Detect attempts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Authorization: Bearer <key>');
    expect(rows[0]).toHaveTextContent('401');
    expect(rows[0]).toHaveTextContent('Rejected');
    expect(rows[0]).not.toHaveTextContent('Chosen');
    expect(rows[1]).toHaveTextContent('Authorization: Token <key>');
    expect(rows[1]).toHaveTextContent('Accepted');
    expect(rows[1]).toHaveTextContent('Chosen');

    expect(within(dialog).getByRole('combobox', { name: 'Key presentation' })).toHaveDisplayValue('Authorization: <scheme> <key>');
    expect(within(dialog).getByRole('textbox', { name: 'Scheme' })).toHaveValue('Token');
  });

  it('works without a guideline id: the host then probes the invoke endpoint on a made-up agent', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    fake.guidelines = [];
    fake.acceptedAuth = { kind: 'scheme', scheme: 'Token' };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    const guideline = within(dialog).getByRole('combobox', { name: 'Guideline id for Detect' });
    expect(guideline).toHaveValue('');
    expect(guideline).toHaveAccessibleDescription(/Optional\. Leave it empty when you know no guideline of this platform yet\./);
    expect(within(dialog).getByText(/Without a guideline id it invokes an agent id made up for the purpose/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Detect' }));
    expect(fake.callsOf('detectKeyPresentation')).toEqual([{ profileId: 'prod', guidelineId: '' }]);
    const table = await within(dialog).findByRole('table', { name: 'Detect attempts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Authorization: Bearer <key> 401RejectedRefused with HTTP 401.',
      'Authorization: Token <key> Chosen200AcceptedAccepted: the server answered HTTP 200 to the made-up agent, not 401/403.',
    ]);
    expect(guideline).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByRole('textbox', { name: 'Scheme' })).toHaveValue('Token');
  });

  it('keeps what was typed while Detect ran when it puts the chosen presentation in', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    const release = deferred<void>();
    // The platform takes the key as `Token <key>` only: Detect tries Bearer first, then finds it.
    fake.acceptedAuth = { kind: 'scheme', scheme: 'Token' };
    // The platform's answers wait until the test has typed.
    const original = fake.guidelineResponder;
    fake.guidelineResponder = async (request, target) => {
      await release.promise;
      return original(request, target);
    };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    await user.click(within(dialog).getByRole('button', { name: 'Detect' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' EU');
    release.resolve();
    await within(dialog).findByRole('table', { name: 'Detect attempts' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Scheme' })).toHaveValue('Token'));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Production EU');
  });

  it('says so plainly when no presentation was accepted, and changes nothing', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    // The platform takes the key in a form Detect does not try: every attempt is refused.
    fake.acceptedAuth = { kind: 'header', header: 'X-Platform-Secret' };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Production');
    // Production is not the active profile, so no known guideline is suggested: one is typed.
    const guideline = within(dialog).getByRole('combobox', { name: 'Guideline id for Detect' });
    expect(guideline).toHaveValue('');
    await user.type(guideline, 'prod-guideline');
    await user.click(within(dialog).getByRole('button', { name: 'Detect' }));
    expect(fake.callsOf('detectKeyPresentation')).toEqual([{ profileId: 'prod', guidelineId: 'prod-guideline' }]);
    expect(await within(dialog).findByText(/None was accepted/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Chosen')).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Key presentation' })).toHaveDisplayValue('Authorization: Bearer <key>');
  });

  it('is not offered until the profile has a key', async () => {
    const { user } = await renderReady(fakeWithProduction());
    const dialog = await openProfile(user, 'Production');
    expect(within(dialog).queryByRole('button', { name: 'Detect' })).toBeNull();
    expect(within(dialog).getByText(/Save a key first/)).toBeInTheDocument();
  });
});

describe('a key belongs to the server it was saved for', () => {
  const withKey = () => fakeWithProduction({ key: { set: true, storage: 'keychain', note: null, origin: 'https://api.example.com' } });

  it('warns before saving another server, then says the key was cleared and asks for it again', async () => {
    const { user, fake } = await renderReady(withKey());
    const dialog = await openProfile(user, 'Production');
    expect(within(dialog).getByText(/^Sent only to/)).toHaveTextContent(
      'Sent only to https://api.example.com, the server it was saved for.',
    );
    const baseUrl = within(dialog).getByLabelText('Base URL');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://elsewhere.example.net');
    expect(
      within(dialog).getByText(/The key was saved for https:\/\/api\.example\.com: saving another server clears it/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(fake.callsOf('updateProfile')).toHaveLength(1);
    expect(await within(dialog).findByText('Saved. The key was cleared because the server changed; set it again.')).toBeInTheDocument();
    expect(within(dialog).getByText('No key. The key was cleared because the server changed; set it again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save key' })).toBeInTheDocument();
  });

  it('another path on the same server keeps the key and says nothing about it', async () => {
    const { user } = await renderReady(withKey());
    const dialog = await openProfile(user, 'Production');
    const baseUrl = within(dialog).getByLabelText('Base URL');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://api.example.com:443/v2');
    expect(within(dialog).queryByText(/saving another server clears it/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Saved.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Replace key' })).toBeInTheDocument();
  });
});
