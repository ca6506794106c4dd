import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvokeResult } from '../../../../../../electron/shared/api';
import { HostUnavailableError } from '../../../../../../renderer/host/httpApi';
import { exchange, FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { deferred, renderReady, responseRegion } from '../../../renderApp';

const AGENT_ID = '11111111-1111-4111-8111-111111111111';
/** Every invoke carries a fresh UUID chosen by the renderer, so it can be cancelled. */
const REQUEST_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

function fields() {
  return {
    agent: screen.getByRole('combobox', { name: 'Agent' }),
    text: screen.getByRole('textbox', { name: 'Text' }),
    payload: screen.getByRole('textbox', { name: 'Payload' }),
    invoke: screen.getByRole('button', { name: 'Invoke' }),
  };
}

async function setPayload(user: Awaited<ReturnType<typeof renderReady>>['user'], text: string) {
  const { payload } = fields();
  await user.clear(payload);
  await user.click(payload);
  await user.paste(text);
}

describe('invoking an agent', () => {
  it('sends the sample agent with its example and shows answer, status, timing and an absent token', async () => {
    const { user, fake } = await renderReady();
    expect(within(responseRegion()).getByText('Nothing sent yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));
    expect(fields().agent).toHaveValue(AGENT_ID);
    expect(fields().text).toHaveValue('My parcel is late.');
    await user.click(fields().invoke);

    // The request names the profile its tab belongs to: the host refuses it if another is active by then.
    expect(fake.callsOf('invokeAgent')).toEqual([
      {
        agentId: AGENT_ID,
        text: 'My parcel is late.',
        payload: { customer_name: 'Ada', company: 'Acme' },
        requestId: REQUEST_ID,
        profileId: 'sandbox',
        tabId: expect.any(String),
      },
    ]);
    const response = responseRegion();
    // Payload values are highlighted, so the answer is matched as one text, marks and all.
    await waitFor(() => expect(response.querySelector('.answer')).toHaveTextContent('Hello Ada'));
    expect(within(response).getByText('200 OK')).toBeInTheDocument();
    const timing = within(response).getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('Server').nextElementSibling).toHaveTextContent('850 ms sent as "850ms"');
    expect(within(timing).getByText('Round trip').nextElementSibling).toHaveTextContent('871 ms');
    expect(within(timing).getByText('Overhead').nextElementSibling).toHaveTextContent('21.4 ms');
    expect(within(response).getByText('Token').nextElementSibling).toHaveTextContent('absent (allowed by the contract)');

    await user.click(within(response).getByText('Raw response'));
    expect(within(response).getByText(/"answer": "Hello Ada",/)).toBeInTheDocument();
    expect(screen.getByText('Answer received.')).toBeInTheDocument();
  });

  it('shows the token when the platform sends one, and "unparsed" for a duration it cannot read', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => okInvoke('Done.', { token: 'tok-123', duration: '2 fortnights', ms: null });
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'any-agent');
    await user.click(fields().invoke);

    const response = responseRegion();
    await within(response).findByText('Done.');
    expect(within(response).getByText('Token').nextElementSibling).toHaveTextContent(/^tok-123$/);
    const timing = within(response).getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('Server').nextElementSibling).toHaveTextContent('unparsed sent as "2 fortnights"');
    expect(within(timing).queryByText('Overhead')).toBeNull();
  });

  it('renders the answer as text, never as HTML', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => okInvoke('<img src=x onerror="alert(1)"> and\nline two');
    const { user, container } = await renderReady(fake);
    await user.type(fields().agent, 'a');
    await user.click(fields().invoke);
    expect(await screen.findByText(/<img src=x onerror="alert\(1\)"> and/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('invokes with Ctrl+Enter from inside the form', async () => {
    const { user, fake } = await renderReady();
    await user.type(fields().agent, 'typed-agent');
    await user.type(fields().text, 'hi');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(fake.callsOf('invokeAgent')).toEqual([
      { agentId: 'typed-agent', text: 'hi', payload: {}, requestId: REQUEST_ID, profileId: 'sandbox', tabId: expect.any(String) },
    ]);
    expect(fields().text).toHaveValue('hi');
    expect(await within(responseRegion()).findByText('Hello there')).toBeInTheDocument();
  });

  it('does not invoke on a plain Enter in the Agent field', async () => {
    const { user, fake } = await renderReady();
    await user.type(fields().agent, 'typed-agent{Enter}');
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('sends nothing when the agent id is empty, and says so at the field', async () => {
    const { user, fake } = await renderReady();
    await user.type(fields().agent, '   ');
    await user.click(fields().invoke);
    expect(fake.callsOf('invokeAgent')).toEqual([]);
    expect(screen.getByText('Enter an agent id, or pick a known agent.')).toBeInTheDocument();
    expect(fields().agent).toHaveFocus();
    expect(fields().agent).toHaveAccessibleDescription('Enter an agent id, or pick a known agent.');
  });

  it('sends nothing for invalid JSON and shows the line and column', async () => {
    const { user, fake } = await renderReady();
    await user.type(fields().agent, 'agent');
    await setPayload(user, '{\n  "a": 1,\n  "b" 2\n}');
    expect(screen.getByText(/^Invalid JSON at line 3, column 7: expected ':'/)).toBeInTheDocument();
    await user.click(fields().invoke);
    expect(fake.callsOf('invokeAgent')).toEqual([]);
    expect(fields().payload).toHaveFocus();
    expect(fields().payload).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing for JSON that is not an object', async () => {
    const { user, fake } = await renderReady();
    await user.type(fields().agent, 'agent');
    await setPayload(user, '[1, 2]');
    expect(screen.getByText('Payload must be a JSON object')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('sends once on a double click while the first call is in flight', async () => {
    const fake = new FakeApi();
    const answer = deferred<InvokeResult>();
    fake.invokeResponder = () => answer.promise;
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'slow-agent');
    await user.dblClick(fields().invoke);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
    await waitFor(() => expect(fields().invoke).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Invoking…');

    answer.resolve(okInvoke('finally'));
    expect(await within(responseRegion()).findByText('finally')).toBeInTheDocument();
    expect(fields().invoke).toBeEnabled();
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });

  it('sends once when two presses land in the same tick, before the button can disable', async () => {
    const fake = new FakeApi();
    const answer = deferred<InvokeResult>();
    fake.invokeResponder = () => answer.promise;
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'slow-agent');
    const form = screen.getByRole('form', { name: 'Request' });
    // Two submits dispatched back to back, with no chance for a re-render in between.
    fireEvent.submit(form);
    fireEvent.keyDown(fields().text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(1));
    answer.resolve(okInvoke('once'));
    expect(await within(responseRegion()).findByText('once')).toBeInTheDocument();
    expect(fake.callsOf('invokeAgent')).toHaveLength(1);
  });

  it('offers the example again once the draft was edited', async () => {
    const { user } = await renderReady();
    await user.type(fields().text, 'my own words');
    await user.click(screen.getByRole('button', { name: 'Support reply drafter' }));
    expect(fields().text).toHaveValue('my own words');
    await user.click(screen.getByRole('button', { name: 'Use example' }));
    expect(fields().text).toHaveValue('My parcel is late.');
  });
});

describe('invoke errors', () => {
  it('shows an http_status error as an alert with the status and the body as literal text', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'http_status',
        message: 'The platform answered 404.',
        exchange: exchange({ status: 404, statusText: 'Not Found', responseBody: 'No agent <b>bold</b> here' }),
      },
    });
    const { user, container } = await renderReady(fake);
    await user.type(fields().agent, 'missing');
    await user.click(fields().invoke);

    const alert = await within(responseRegion()).findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: `Agent “${AGENT_ID}” is unknown to this server (HTTP 404 Not Found)` }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The platform answered 404.');
    expect(within(alert).getByText('No agent <b>bold</b> here')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(within(responseRegion()).queryByText('Answer')).toBeNull();
  });

  it('shows a not_json error with the raw body', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => ({
      ok: false,
      error: {
        code: 'not_json',
        message: 'The body is not valid JSON.',
        exchange: exchange({ status: 200, responseBody: '<html>gateway page</html>' }),
      },
    });
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'agent');
    await user.click(fields().invoke);

    const alert = await within(responseRegion()).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "The server's answer is not JSON" })).toBeInTheDocument();
    expect(alert).toHaveTextContent('not_json');
    expect(within(alert).getByText('<html>gateway page</html>')).toBeInTheDocument();
  });

  it('shows a network error without an exchange body', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => ({
      ok: false,
      error: { code: 'network', message: 'Connection refused.', exchange: exchange({ status: null, statusText: '', responseBody: null }) },
    });
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'agent');
    await user.click(fields().invoke);
    const alert = await within(responseRegion()).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Could not reach the server' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('No response');
    expect(alert).toHaveTextContent('No body arrived.');
  });

  it('shows a thrown host failure as an error instead of crashing', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = () => {
      throw new HostUnavailableError('The Agent Explorer host answered 500.', 500);
    };
    const { user } = await renderReady(fake);
    await user.type(fields().agent, 'agent');
    await user.click(fields().invoke);
    const alert = await within(responseRegion()).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: "Agent Explorer's host did not answer" })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The Agent Explorer host answered 500.');
    expect(fields().invoke).toBeEnabled();
  });
});
