import { screen, waitFor, within } from '@testing-library/react';
import { fakeWithProduction, headerSelect } from './profileDialog';
import { renderReady } from './renderApp';

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

/** The app with Sandbox active, a draft written in its first tab, then Production made active. */
async function draftThenSwitch() {
  const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
  const rendered = await renderReady(fake);
  await rendered.user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
  await rendered.user.selectOptions(headerSelect(), 'prod');
  await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
  return rendered;
}

function requestTab() {
  return within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab')[0]!;
}

describe('request tabs belong to a profile', () => {
  it('show the profile a tab was made for once another is active, and send nothing before asking', async () => {
    const { user, fake } = await draftThenSwitch();
    expect(requestTab()).toHaveAccessibleName('Support reply drafter');
    expect(requestTab()).toHaveAccessibleDescription('For profile Sandbox, not the active profile');
    expect(requestTab()).toHaveTextContent('Sandbox');

    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const ask = screen.getByRole('group', { name: 'Which profile to send to' });
    expect(ask).toHaveTextContent('This request was written for the profile Sandbox, but Production is active. Where should it go?');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fake.callsOf('invokeAgent')).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Which profile to send to' })).toBeNull();
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('switch to their own profile and send, when asked to', async () => {
    const { user, fake } = await draftThenSwitch();
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await user.click(screen.getByRole('button', { name: 'Switch to Sandbox and send' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(fake.callsOf('selectProfile')).toEqual([{ profileId: 'prod' }, { profileId: 'sandbox' }]);
    // The invoke went out after the switch: the host sends it to the active profile, Sandbox.
    expect(fake.calls.findIndex((call) => call.method === 'invokeAgent')).toBeGreaterThan(
      fake.calls.findLastIndex((call) => call.method === 'selectProfile'),
    );
    await waitFor(() => expect(headerSelect()).toHaveValue('sandbox'));
    expect(requestTab()).not.toHaveAccessibleDescription(/not the active profile/);
  });

  it('or send to the active profile, which the tab then belongs to', async () => {
    const { user, fake } = await draftThenSwitch();
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await user.click(screen.getByRole('button', { name: 'Send to Production' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(fake.callsOf('selectProfile')).toEqual([{ profileId: 'prod' }]);
    expect(requestTab()).not.toHaveAccessibleDescription(/not the active profile/);
    await waitFor(() => expect(fake.callsOf('saveWorkspace').at(-1)).toMatchObject({ tabs: [{ profileId: 'prod' }] }));
  });

  it('a new tab is made for the active profile, and each tab then shows its own', async () => {
    const { user, fake } = await draftThenSwitch();
    await user.click(screen.getByRole('button', { name: '+ New request' }));
    const tabs = within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab');
    expect(tabs[1]).toHaveAccessibleDescription('For profile Production');
    expect(tabs[1]).toHaveTextContent('Production');
    await user.type(
      screen.getAllByRole('combobox', { name: 'Agent' }).find((field) => field.closest('[hidden]') === null)!,
      AGENT_ID,
    );
    await user.click(screen.getAllByRole('button', { name: 'Invoke' }).find((button) => button.closest('[hidden]') === null)!);
    // Its own profile is the active one: sent at once, nothing asked.
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Which profile to send to' })).toBeNull();
  });
});

describe('a blank request tab', () => {
  it('follows the active profile: nothing in it was written for a server, so nothing is asked', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    const { user } = await renderReady(fake);
    await user.selectOptions(headerSelect(), 'prod');
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    expect(requestTab()).not.toHaveAccessibleDescription(/not the active profile/);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Which profile to send to' })).toBeNull();
  });
});
