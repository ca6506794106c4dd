import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvokeRequest, InvokeResult, JsonObject } from '../../../electron/shared/api';
import type { InvokeState } from '../../../renderer/features/invoke/ResponseView';
import { ResponseView } from '../../../renderer/features/invoke/ResponseView';
import { HostProvider } from '../../../renderer/host/HostContext';
import { createQueryClient } from '../../../renderer/host/client';
import { FakeApi, okInvoke } from '../../support/fakeApi';

/**
 * The Response region on its own, with the providers it needs (the host for Code's active
 * profile, and for Repeat with the run progress it pushes). The request side is being rebuilt separately; these tests go
 * through the region's one input, `InvokeState`, exactly as the Agents tab renders it.
 */
export function renderResponse(state: InvokeState, fake: FakeApi = new FakeApi()) {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  const tree = (next: InvokeState) => (
    <QueryClientProvider client={queryClient}>
      <HostProvider api={fake} events={fake.events}>
        <ResponseView state={next} />
      </HostProvider>
    </QueryClientProvider>
  );
  const view = render(tree(state));
  return { user, fake, queryClient, ...view, show: (next: InvokeState) => view.rerender(tree(next)) };
}

/** Waits until the page has read the profiles (Repeat names the active one in the run it starts). */
export async function profilesRead(queryClient: QueryClient) {
  await waitFor(() =>
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['listProfiles'] })
        .map((query) => query.state.status),
    ).toContain('success'),
  );
}

/** What was sent, as the invoke mutation's variables. */
export function sent(payload: JsonObject = {}, text = 'Where is my parcel?'): InvokeRequest {
  return { agentId: '11111111-1111-4111-8111-111111111111', text, payload };
}

/** The state after the host answered. */
export function answered(data: InvokeResult, variables: InvokeRequest = sent()): InvokeState {
  return { status: 'success', data, error: null, variables };
}

/** A success with this answer, its raw body matching. */
export function answerState(answer: string, payload: JsonObject = {}, options: Parameters<typeof okInvoke>[1] = {}) {
  return answered(okInvoke(answer, options), sent(payload));
}

/** The Response region. */
export function response() {
  return screen.getByRole('region', { name: 'Response' });
}

/** The panel of the selected view. */
export function activePanel() {
  const panels = within(response()).getAllByRole('tabpanel');
  const shown = panels.find((panel) => !panel.hidden);
  if (!shown) throw new Error('no view is shown');
  return shown;
}

/** Waits until the active profile has loaded (the Code view needs it). */
export async function profileLoaded(fake: FakeApi) {
  await waitFor(() => expect(fake.callsOf('listProfiles').length).toBeGreaterThan(0));
}
