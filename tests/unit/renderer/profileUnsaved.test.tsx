import { screen, within } from '@testing-library/react';
import { customProfile } from '../../support/fakeApi';
import { fakeWithProduction, openProfile } from './profileDialog';
import { renderReady } from './renderApp';

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
