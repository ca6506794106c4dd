import { screen, waitFor, within } from '@testing-library/react';
import type { InvokeRequest } from '../../../electron/shared/contract';
import { FakeApi, okInvoke } from '../../support/fakeApi';
import { SANDBOX } from '../../support/historyEntries';
import { renderReady, responseRegion } from './renderApp';

/** Request tabs come back with their last answer (from the history), and a closed tab can be reopened (issue 8). */

/** A host whose invokes are kept in its history with the tab they came from, as the real host keeps them. */
function recordingFake(): FakeApi {
  const fake = new FakeApi();
  let count = 0;
  fake.invokeResponder = async (request: InvokeRequest) => {
    count += 1;
    const result = okInvoke(`answer ${count} for ${request.text}`);
    const { agentId, text, payload } = request;
    await fake.history.record({
      exchange: { what: 'invoke', request: { agentId, text, payload }, result },
      profile: SANDBOX,
      recordedAt: new Date(Date.UTC(2026, 2, 1, 9, count)).toISOString(),
      ...(request.tabId === undefined ? {} : { tabId: request.tabId }),
    });
    return result;
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
