import { screen, waitFor, within } from '@testing-library/react';
import { fakeWithProduction, headerSelect } from '../../profileDialog';
import { renderReady, responseRegion } from '../../renderApp';
import { exchange } from '../../../../support/fakeApi';

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

/**
 * Beyond the Invoke button: Repeat and "Save the answer to a file" send a tab's
 * request again, and a profile may be switched behind this page (another browser tab). None of
 * them sends the tab's draft to another profile's server without asking first.
 */
const ASKED = { name: 'Which profile to send to' };

/** Sandbox active, one invoke sent from the first tab (to Sandbox), then Production made active. */
async function sentThenSwitched(fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } })) {
  const rendered = await renderReady(fake);
  await rendered.user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
  await rendered.user.click(screen.getByRole('button', { name: 'Invoke' }));
  await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
  await within(responseRegion()).findByRole('heading', { name: /Response from/ });
  return rendered;
}

async function switchToProduction(user: Awaited<ReturnType<typeof renderReady>>['user']) {
  await user.selectOptions(headerSelect(), 'prod');
  await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
}

describe("a tab's request sent again after another profile was made active", () => {
  it('Repeat asks which profile first, and sends nothing to the now-active one unasked', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    // An error with an exchange offers Repeat: every run is answered with a 503.
    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 503.',
        exchange: exchange({ status: 503, statusText: 'Service Unavailable' }),
      },
    });
    const { user } = await sentThenSwitched(fake);
    const repeat = within(await screen.findByRole('region', { name: 'Repeat' }));
    await switchToProduction(user);

    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '2');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    await user.click(repeat.getByRole('button', { name: 'Send 2 runs' }));
    const ask = screen.getByRole('group', ASKED);
    expect(ask).toHaveTextContent('This request was written for the profile Sandbox, but Production is active.');
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
    expect(fake.callsOf('startRun')).toEqual([]);

    // Switching back starts the run (Repeat is a run on the host), naming the tab's profile.
    await user.click(within(ask).getByRole('button', { name: 'Switch to Sandbox and send' }));
    await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
    expect(fake.callsOf('startRun')).toEqual([expect.objectContaining({ kind: 'repeat', profileId: 'sandbox', iterations: 2 })]);
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });

  it('"Save the answer to a file" asks first, and sends nothing to the now-active one unasked', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.invokeResponder = () => ({
      ok: false,
      error: { code: 'too_large', message: 'The response is larger than the 50 MB limit, so it was not read.', exchange: null },
    });
    const { user } = await sentThenSwitched(fake);
    const region = responseRegion();
    await switchToProduction(user);

    await user.click(within(region).getByRole('button', { name: 'Save the answer to a file…' }));
    await user.click(within(region).getByRole('button', { name: 'Send again and save' }));
    const ask = within(region).getByRole('group', ASKED);
    expect(fake.callsOf('saveResponseToFile')).toEqual([]);

    await user.click(within(ask).getByRole('button', { name: 'Send to Production' }));
    await waitFor(() => expect(fake.callsOf('saveResponseToFile')).toHaveLength(1));
    expect(fake.callsOf('saveResponseToFile')[0]).toMatchObject({ kind: 'invoke', request: { agentId: AGENT_ID, profileId: 'prod' } });
  });

  it('a profile switched behind this page (the host answers profile_changed) is refetched and asked about', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    // Another browser tab makes Production active: this page's cached profiles still say Sandbox.
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
    let answered = 0;
    fake.invokeResponder = (request) => {
      answered += 1;
      return { ok: false, error: { code: 'network', message: `sent to ${request.profileId ?? 'nobody'}`, exchange: null } };
    };

    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const ask = await screen.findByRole('group', ASKED);
    expect(ask).toHaveTextContent('This request was written for the profile Sandbox, but Production is active.');
    // The one call named Sandbox, and the host refused it: nothing reached Production.
    expect(fake.callsOf('invokeAgent')).toEqual([expect.objectContaining({ profileId: 'sandbox' })]);
    expect(answered).toBe(0);
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    expect(within(responseRegion()).getByRole('heading', { name: 'The active profile changed: nothing was sent' })).toBeInTheDocument();
  });

  it('Repeat after a profile switched behind this page is refused by the host, and asks', async () => {
    const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 503.',
        exchange: exchange({ status: 503, statusText: 'Service Unavailable' }),
      },
    });
    const { user } = await sentThenSwitched(fake);
    const repeat = within(await screen.findByRole('region', { name: 'Repeat' }));
    // Another browser tab makes Production active: this page still shows Sandbox. A host that
    // holds runs to the active profile refuses the run, as it refuses an invoke.
    fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };

    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '5');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    await user.click(repeat.getByRole('button', { name: 'Send 5 runs' }));
    const ask = await screen.findByRole('group', ASKED);
    expect(ask).toHaveTextContent('This request was written for the profile Sandbox, but Production is active.');
    // The run named Sandbox and was refused by the host: nothing was sent, and no invoke of the page's own.
    expect(fake.callsOf('startRun')).toEqual([expect.objectContaining({ profileId: 'sandbox', iterations: 5 })]);
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });
});
