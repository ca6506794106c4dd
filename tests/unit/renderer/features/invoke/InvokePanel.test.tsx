import { screen, waitFor, within } from '@testing-library/react';
import type { InvokeResult, Workspace } from '../../../../../electron/shared/api';
import { FakeApi, okInvoke } from '../../../../support/fakeApi';
import { deferred, renderReady, responseRegion } from '../../renderApp';
import { fakeWithProduction, headerSelect } from '../../profileDialog';

function textField() {
  return screen.getByRole('textbox', { name: 'Text' });
}

describe('request tabs', () => {
  it('start with one tab on a first run', async () => {
    await renderReady();
    const tabs = within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['New request×']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('keep separate drafts and separate responses', async () => {
    const fake = new FakeApi();
    const slow = deferred<InvokeResult>();
    fake.invokeResponder = (request) => (request.agentId === 'slow' ? slow.promise : okInvoke(`answer for ${request.agentId}`));
    const { user } = await renderReady(fake);

    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'slow');
    await user.type(textField(), 'first draft');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));

    await user.click(screen.getByRole('button', { name: '+ New request' }));
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveFocus();
    expect(textField()).toHaveValue('');
    expect(within(responseRegion()).getByText('Nothing sent yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'fast');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    expect(await within(responseRegion()).findByText('answer for fast')).toBeInTheDocument();

    // The background tab says its request is still in flight; the answered one does not.
    const slowTab = screen.getByRole('tab', { name: /^slow/ });
    expect(slowTab).toHaveAccessibleDescription('Waiting for the agent');
    expect(slowTab).toHaveAccessibleName(expect.not.stringContaining('Waiting'));
    expect(screen.getByRole('tab', { name: /^fast/ })).not.toHaveAccessibleDescription(/Waiting/);

    await user.click(screen.getByRole('tab', { name: /^slow/ }));
    expect(textField()).toHaveValue('first draft');
    expect(within(responseRegion()).queryByText('answer for fast')).toBeNull();
    slow.resolve(okInvoke('answer for slow'));
    expect(await within(responseRegion()).findByText('answer for slow')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^slow/ })).not.toHaveAccessibleDescription(/Waiting/);

    await user.click(screen.getByRole('tab', { name: /^fast/ }));
    expect(within(responseRegion()).getByText('answer for fast')).toBeInTheDocument();
  });

  it('save drafts (never responses) shortly after typing, and at once on a tab switch', async () => {
    const { user, fake } = await renderReady();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent-1');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await within(responseRegion()).findByText('Hello there');
    await waitFor(() => expect(fake.workspace.tabs[0]?.agentId).toBe('agent-1'), { timeout: 2000 });

    await user.click(screen.getByRole('button', { name: '+ New request' }));
    await user.type(textField(), 'second');
    await user.click(screen.getByRole('tab', { name: /^agent-1/ }));
    await waitFor(() => expect(fake.workspace.tabs.map((tab) => tab.text)).toEqual(['', 'second']));
    expect(fake.workspace.activeTabId).toBe(fake.workspace.tabs[0]?.id);
    for (const saved of fake.callsOf('saveWorkspace') as Workspace[]) {
      for (const tab of saved.tabs) expect(Object.keys(tab).sort()).toEqual(['agentId', 'id', 'payloadText', 'profileId', 'text', 'title']);
    }
  });

  it('restore the saved drafts and the tab that was in front', async () => {
    const fake = new FakeApi();
    const saved: Workspace = {
      tabs: [
        { id: 'a', title: '', agentId: '11111111-1111-4111-8111-111111111111', text: 'one', payloadText: '{"company": "Acme"}' },
        { id: 'b', title: 'Scratch', agentId: '', text: 'two', payloadText: '{"broken": ' },
      ],
      activeTabId: 'b',
    };
    fake.workspace = structuredClone(saved);
    const { user } = await renderReady(fake);
    const tabs = within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Support reply drafter×', 'Scratch×']);
    expect(screen.getByRole('tab', { name: /^Scratch/ })).toHaveAttribute('aria-selected', 'true');
    expect(textField()).toHaveValue('two');
    expect(screen.getByRole('textbox', { name: 'Payload' })).toHaveValue('{"broken": ');

    expect(fake.callsOf('saveWorkspace')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: /^Support reply drafter/ }));
    expect(textField()).toHaveValue('one');
    // Switching tabs saves at once; the drafts come back exactly as they were restored. Saved
    // before tabs carried a profile, they now belong to the profile that was active (Sandbox).
    await waitFor(() =>
      expect(fake.callsOf('saveWorkspace')).toEqual([
        {
          baseRevision: 0,
          writer: expect.any(String),
          tabs: saved.tabs.map((tab) => ({ ...tab, profileId: 'sandbox' })),
          closed: [],
          activeTabId: 'a',
        },
      ]),
    );
  });

  it('start fresh, and say so, when the saved tabs cannot be loaded', async () => {
    const fake = new FakeApi();
    fake.loadWorkspace = async () => {
      throw new Error('The Agent Explorer host answered 500.');
    };
    await renderReady(fake);
    expect(screen.getByText(/Your saved requests could not be restored \(The Agent Explorer host answered 500\.\)/)).toBeInTheDocument();
    expect(textField()).toHaveValue('');
  });

  it('close with Delete, rename with F2, and open with Alt+N', async () => {
    const { user } = await renderReady();
    await user.type(textField(), 'keep me');
    await user.keyboard('{Alt>}n{/Alt}');
    expect(within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab')).toHaveLength(2);
    expect(textField()).toHaveValue('');

    const second = screen.getByRole('tab', { name: /^New request 2/ });
    second.focus();
    await user.keyboard('{F2}');
    await user.keyboard('{Control>}a{/Control}Billing run{Enter}');
    expect(screen.getByRole('tab', { name: /^Billing run/ })).toHaveFocus();

    await user.keyboard('{Delete}');
    const tabs = within(screen.getByRole('tablist', { name: 'Requests' })).getAllByRole('tab');
    expect(tabs).toHaveLength(1);
    expect(textField()).toHaveValue('keep me');
  });

  it("keep the agent's name in a tab's title after a switch to a profile that does not know the agent", async () => {
    const fake = fakeWithProduction();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), fake.agents[0]!.id);
    const strip = screen.getByRole('tablist', { name: 'Requests' });
    await waitFor(() => expect(within(strip).getByRole('tab', { name: /^Support reply drafter/ })).toBeInTheDocument());
    // Production's known list is empty: the name comes from what was read while the Sandbox was active.
    fake.agents = [];
    await user.selectOptions(headerSelect(), 'prod');
    await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
    await waitFor(() => expect(within(strip).getByRole('tab', { name: /^Support reply drafter/ })).toHaveAccessibleDescription(/Sandbox/));
  });
});
