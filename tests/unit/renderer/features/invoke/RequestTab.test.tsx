import { screen, waitFor, within } from '@testing-library/react';
import type { InvokeRequest, InvokeResult } from '../../../../../electron/shared/api';
import { cancelledInvoke, FakeApi, okInvoke } from '../../../../support/fakeApi';
import { deferred, renderReady, responseRegion } from '../../renderApp';

/** A host whose invokes hang until the test answers them, as a slow agent would. */
function slowHost() {
  const fake = new FakeApi();
  const answer = deferred<InvokeResult>();
  /** The signal the core handed the platform with each invoke: a cancel aborts it. */
  const signals: (AbortSignal | undefined)[] = [];
  fake.invokeResponder = (_request: InvokeRequest, signal) => {
    signals.push(signal);
    return answer.promise;
  };
  return { fake, answer, signals };
}

describe('cancelling an invoke', () => {
  it('shows Cancel while in flight, cancels by the invoke’s requestId, and shows the cancelled answer', async () => {
    const { fake, answer, signals } = slowHost();
    const { user } = await renderReady(fake);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'slow-agent');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));

    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    expect(screen.getByRole('status')).toHaveTextContent('Invoking…');
    await user.click(cancel);

    const [sent] = fake.callsOf('invokeAgent') as InvokeRequest[];
    expect(sent?.requestId).toEqual(expect.any(String));
    expect(fake.callsOf('cancelRequest')).toEqual([{ requestId: sent?.requestId }]);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toBeDisabled();

    answer.resolve(cancelledInvoke());
    const alert = await within(responseRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('The request was cancelled');
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The request was cancelled.');
    expect(screen.getByRole('button', { name: 'Invoke' })).toBeEnabled();
  });

  it('gives every invoke its own requestId', async () => {
    const fake = new FakeApi();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'agent');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await within(responseRegion()).findByText('Hello there');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(2));
    const [first, second] = fake.callsOf('invokeAgent') as InvokeRequest[];
    expect(first?.requestId).not.toBe(second?.requestId);
  });

  it('cancels a request in flight when its tab is closed', async () => {
    const { fake } = slowHost();
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'slow-agent');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await screen.findByRole('button', { name: 'Cancel' });
    screen.getByRole('tab', { name: /^slow-agent/ }).focus();
    await user.keyboard('{Delete}');
    const [sent] = fake.callsOf('invokeAgent') as InvokeRequest[];
    await waitFor(() => expect(fake.callsOf('cancelRequest')).toEqual([{ requestId: sent?.requestId }]));
  });
});

describe('an answer that shows a placeholder unfilled', () => {
  it('says so, and one click adds the key to this tab’s payload with the caret in its value', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = (request) => okInvoke(`Hi {customer_name}, thanks for writing to ${String(request.payload['company'])}.`);
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'drafter');
    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await user.clear(payload);
    await user.click(payload);
    await user.paste('{"company": "Acme"}');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));

    const unfilled = await within(responseRegion()).findByRole('list', { name: 'Unfilled placeholders' });
    expect(unfilled).toHaveTextContent('The answer shows {customer_name} unfilled: add it to the payload.');
    await user.click(within(unfilled).getByRole('button', { name: 'Add customer_name to the payload' }));
    expect(payload).toHaveValue('{"company": "Acme", "customer_name": ""}');
    expect(payload).toHaveFocus();
    expect((payload as HTMLTextAreaElement).selectionStart).toBe('{"company": "Acme", "customer_name": "'.length);
    expect(unfilled).toHaveTextContent('It is in the payload now: invoke again to fill it.');
    expect(within(unfilled).queryByRole('button')).toBeNull();
  });
});

describe('a press of Invoke that sends nothing', () => {
  it('says why beside the button, focuses the payload, and marks the answer shown as the previous one until a new one arrives', async () => {
    const { user, fake } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await within(responseRegion()).findByText('200 OK');
    expect(within(responseRegion()).queryByText('Previous answer')).toBeNull();

    const payload = screen.getByRole('textbox', { name: 'Payload' });
    await user.clear(payload);
    await user.click(payload);
    await user.paste('{"customer_name": ');
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const form = screen.getByRole('form', { name: 'Request' });
    expect(within(form).getByRole('alert')).toHaveTextContent(/^Not sent: Invalid JSON at line 1/);
    expect(payload).toHaveFocus();
    expect(within(responseRegion()).getByText('Previous answer')).toBeInTheDocument();
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);

    // Editing the payload takes the reason away; the mark stays until the next answer.
    await user.clear(payload);
    await user.paste('{"customer_name": "Ada"}');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(responseRegion()).getByText('Previous answer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(2));
    await waitFor(() => expect(within(responseRegion()).queryByText('Previous answer')).toBeNull());
  });

  it('says so beside the button when there is no agent id, and marks nothing when no answer is shown', async () => {
    const { user } = await renderReady();
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    expect(within(screen.getByRole('form', { name: 'Request' })).getByRole('alert')).toHaveTextContent(
      'Not sent: enter an agent id first.',
    );
    expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveFocus();
    expect(within(responseRegion()).queryByText('Previous answer')).toBeNull();
  });
});
