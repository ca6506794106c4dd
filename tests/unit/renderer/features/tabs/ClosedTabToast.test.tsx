import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOAST_MS } from '../../../../../renderer/features/tabs/ClosedTabToast';
import type { InvokeRequest } from '../../../../../electron/shared/api';
import { FakeApi, okInvoke } from '../../../../support/fakeApi';
import { renderReady, responseRegion } from '../../renderApp';

/** Request tabs come back with their last answer (from the history), and a closed tab can be reopened. */

/** A host whose agent numbers its answers; the core keeps each invoke in its history with the tab it came from. */
function recordingFake(): FakeApi {
  const fake = new FakeApi();
  let count = 0;
  fake.invokeResponder = (request: InvokeRequest) => {
    count += 1;
    return okInvoke(`answer ${count} for ${request.text}`);
  };
  return fake;
}

describe("a request tab's last answer", () => {
  it('shows again in its Response region after a reload, marked as restored from history', async () => {
    const fake = recordingFake();
    const first = await renderReady(fake);
    await first.user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent-1');
    await first.user.type(screen.getByRole('textbox', { name: 'Text' }), 'where is it');
    await first.user.click(screen.getByRole('button', { name: 'Invoke' }));
    expect(await within(responseRegion()).findByText('answer 1 for where is it')).toBeInTheDocument();
    expect(within(responseRegion()).queryByText(/restored from history/)).toBeNull();
    await waitFor(() => expect(fake.workspace.tabs[0]?.text).toBe('where is it'), { timeout: 2000 });
    expect((fake.callsOf('invokeAgent')[0] as InvokeRequest).tabId).toBe(fake.workspace.tabs[0]!.id);
    first.unmount();

    // A reload: a new page (new query cache) on the same host.
    await renderReady(fake);
    expect(await within(responseRegion()).findByText('answer 1 for where is it')).toBeInTheDocument();
    expect(within(responseRegion()).getByText(/restored from history/)).toHaveTextContent(/^From .+, restored from history\.$/);
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('where is it');
  });
});

describe('closing a request tab', () => {
  function tabNames() {
    return within(screen.getByRole('tablist', { name: 'Requests' }))
      .getAllByRole('tab')
      .map((tab) => tab.querySelector('.request-tab-label')?.textContent);
  }

  it('can be undone from the toast: the tab comes back at its place with its text', async () => {
    const fake = new FakeApi();
    fake.workspace = {
      tabs: [
        { id: 'a', title: 'First', agentId: '', text: 'one', payloadText: '{}' },
        { id: 'b', title: 'Second', agentId: '', text: 'typed with care', payloadText: '{}' },
        { id: 'c', title: 'Third', agentId: '', text: 'three', payloadText: '{}' },
      ],
      activeTabId: 'b',
    };
    const { user } = await renderReady(fake);
    const second = screen.getByRole('tab', { name: /^Second/ });
    await user.click(within(second).getByTitle('Close Second'));
    expect(tabNames()).toEqual(['First', 'Third']);

    const toast = screen.getByText('Closed Second').closest('[role="status"]')!;
    expect(toast).toHaveAttribute('aria-live', 'polite');
    await user.click(within(toast as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(tabNames()).toEqual(['First', 'Second', 'Third']);
    expect(screen.getByRole('tab', { name: /^Second/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('typed with care');
    expect(screen.queryByText('Closed Second')).toBeNull();
    // And the host has it again, so a reload keeps it.
    await waitFor(() => expect(fake.workspace.tabs.map((tab) => tab.id).sort()).toEqual(['a', 'b', 'c']), { timeout: 2000 });
  });

  it('Reopen closed tab brings back the most recently closed ones in turn, the last one with its answer', async () => {
    const fake = recordingFake();
    const { user } = await renderReady(fake);
    expect(screen.getByRole('button', { name: 'Reopen closed tab' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'alpha');
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent-a');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    expect(await within(responseRegion()).findByText('answer 1 for alpha')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ New request' }));
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent-b');
    await user.type(screen.getByRole('textbox', { name: 'Text' }), 'beta');

    // Close both (beta first, then alpha): only a blank tab is left.
    await user.click(within(screen.getByRole('tab', { name: /^agent-b/ })).getByTitle('Close agent-b'));
    await user.click(within(screen.getByRole('tab', { name: /^agent-a/ })).getByTitle('Close agent-a'));
    expect(tabNames()).toEqual(['New request']);

    await user.click(screen.getByRole('button', { name: 'Reopen closed tab' }));
    expect(tabNames()).toEqual(['agent-a']);
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('alpha');
    expect(await within(responseRegion()).findByText('answer 1 for alpha')).toBeInTheDocument();
    expect(within(responseRegion()).getByText(/restored from history/)).toBeInTheDocument();

    await user.keyboard('{Alt>}{Shift>}T{/Shift}{/Alt}');
    expect(tabNames()).toEqual(['agent-a', 'agent-b']); // each at its place when closed
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('beta');
    expect(screen.getByRole('button', { name: 'Reopen closed tab' })).toBeDisabled();
  });
});

describe('the "Closed …" notice', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes after a few seconds, but not while the keyboard is on its Undo', async () => {
    const fake = new FakeApi();
    fake.workspace = {
      tabs: [
        { id: 'a', title: 'First', agentId: '', text: 'one', payloadText: '{}' },
        { id: 'b', title: 'Second', agentId: '', text: 'two', payloadText: '{}' },
      ],
      activeTabId: 'a',
    };
    await renderReady(fake);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(within(screen.getByRole('tab', { name: /^Second/ })).getByTitle('Close Second'));
    const undo = screen.getByRole('button', { name: 'Undo' });
    act(() => undo.focus());
    act(() => vi.advanceTimersByTime(TOAST_MS * 2));
    expect(screen.getByText('Closed Second')).toBeInTheDocument();
    act(() => undo.blur());
    act(() => vi.advanceTimersByTime(TOAST_MS + 10));
    expect(screen.queryByText('Closed Second')).toBeNull();
  });
});
