import { render, screen, waitFor, within } from '@testing-library/react';
import type { InvokeResult } from '../../../electron/shared/api';
import { clockTime, errorAdvice, retryAfterOf, SERVER_MESSAGE_MAX, serverMessageOf } from '../../../electron/shared/errorAdvice';
import { RepeatResults } from '../../../renderer/features/response/RepeatResults';
import { tallyOf } from '../../../renderer/features/response/repeatSummary';
import { customProfile, exchange, FakeApi } from '../../support/fakeApi';
import { runRow } from '../../support/runRows';
import { renderReady, responseRegion } from '../renderer/renderApp';
import { fakeWithProduction, openProfile } from '../renderer/profileDialog';
import { answered, renderResponse, response } from '../renderer/responseHarness';

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

function httpFailure(status: number, statusText: string, responseBody: string, headers: Record<string, string> = {}): InvokeResult {
  return {
    ok: false,
    error: {
      code: 'http_status',
      message: `The platform answered ${status}.`,
      exchange: exchange({ status, statusText, responseBody, responseHeaders: { 'content-type': 'application/json', ...headers } }),
    },
  };
}

/** The app with Production active (it has a key field), answering every invoke with `result`. */
async function invokeFailingWith(result: InvokeResult) {
  const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
  fake.profiles = { ...fake.profiles, activeProfileId: 'prod' };
  fake.invokeResponder = () => result;
  const rendered = await renderReady(fake);
  await rendered.user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
  await rendered.user.click(screen.getByRole('button', { name: 'Invoke' }));
  const alert = await within(responseRegion()).findByRole('alert');
  return { ...rendered, alert };
}

describe('a refused key', () => {
  it('says the key was refused, quotes the server as text, and opens the key field from "Set a key"', async () => {
    const { user, alert, container } = await invokeFailingWith(
      httpFailure(401, 'Unauthorized', '{"detail":"Invalid API key <b>for</b> this tenant"}'),
    );
    expect(within(alert).getByRole('heading', { name: 'The key was refused (HTTP 401 Unauthorized)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server says: “Invalid API key <b>for</b> this tenant”');
    expect(container.querySelector('.alert-server b')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Set a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    expect(within(dialog).getByRole('heading', { name: 'Production' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('API key')).toHaveFocus());
  });

  it('opens Detect for the active profile from "Detect how the key is sent" (403, `message` body)', async () => {
    const { user, alert } = await invokeFailingWith(httpFailure(403, 'Forbidden', '{"message":"Key not allowed here"}'));
    expect(within(alert).getByRole('heading', { name: 'The key was refused (HTTP 403 Forbidden)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server says: “Key not allowed here”');
    await user.click(within(alert).getByRole('button', { name: 'Detect how the key is sent' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Detect the key presentation' })).toHaveFocus());
    expect(within(dialog).getByRole('heading', { name: 'Production' })).toBeInTheDocument();
  });
});

describe('a refused key on a profile whose key is not typed in the app', () => {
  it.each([
    ['environment', 'Environment', /Its key comes from AGENT_EXPLORER_API_KEY: set the right key there and start Agent Explorer again\./],
    ['sandbox', 'Sandbox', /The Sandbox makes its own key at each start: restart Agent Explorer\./],
  ] as const)('says where the %s key comes from instead of offering "Set a key"', async (kind, name, words) => {
    const fake = new FakeApi();
    const fixed = customProfile('fixed', {
      name,
      kind,
      editable: false,
      key: { set: true, storage: kind === 'environment' ? 'environment' : 'memory', note: null },
    });
    fake.profiles = { profiles: [...fake.profiles.profiles, fixed], activeProfileId: 'fixed' };
    fake.invokeResponder = () => httpFailure(401, 'Unauthorized', '{"detail":"Bad key"}');
    const { user } = await renderReady(fake);
    await user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
    await user.click(screen.getByRole('button', { name: 'Invoke' }));
    const alert = await within(responseRegion()).findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(within(alert).queryByRole('button', { name: 'Set a key' })).toBeNull();
    // Detect can change how the Environment key is sent (for this launch); the Sandbox's is fixed.
    expect(within(alert).queryAllByRole('button', { name: 'Detect how the key is sent' })).toHaveLength(kind === 'environment' ? 1 : 0);
  });
});

describe('other statuses', () => {
  it('names the unknown agent on a 404', () => {
    renderResponse(answered(httpFailure(404, 'Not Found', '{"detail":"No such agent"}')));
    const alert = within(response()).getByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: `Agent “${AGENT_ID}” is unknown to this server (HTTP 404 Not Found)` }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server says: “No such agent”');
  });

  it('names the unknown guideline on a 404 of a guideline', () => {
    const advice = errorAdvice({
      code: 'http_status',
      message: '',
      exchange: exchange({
        method: 'GET',
        url: 'http://127.0.0.1:4010/api/guideline/g%201/',
        status: 404,
        statusText: 'Not Found',
        responseBody: '',
      }),
    });
    expect(advice?.title).toBe('Guideline “g 1” is unknown to this server (HTTP 404 Not Found)');
  });

  it('shows Retry-After in seconds and the server message on a 503', () => {
    renderResponse(answered(httpFailure(503, 'Service Unavailable', '{"error":"Down for maintenance"}', { 'retry-after': '30' })));
    const alert = within(response()).getByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'The server is unavailable for now (HTTP 503 Service Unavailable)' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('The server asks to retry after 30 s.');
    expect(alert).toHaveTextContent('The server says: “Down for maintenance”');
  });

  it('shows Retry-After given as an HTTP date as a time, on a 429', () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    renderResponse(answered(httpFailure(429, 'Too Many Requests', '{"error":{"message":"Slow down"}}', { 'retry-after': date })));
    const alert = within(response()).getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Too many requests (HTTP 429 Too Many Requests)' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(`The server asks to retry after ${clockTime(new Date(Date.parse(date)))}.`);
    expect(alert).toHaveTextContent('The server says: “Slow down”');
  });

  it('reads only plain text from the body, flattened and cut', () => {
    expect(serverMessageOf('{"detail":"a\\n\\u0000b\\u001b[31m  c"}')).toBe('a b [31m c');
    expect(serverMessageOf(JSON.stringify({ detail: 'x'.repeat(1000) }))?.length).toBe(SERVER_MESSAGE_MAX + 1);
    expect(serverMessageOf('{"detail":[{"loc":["body"]}]}')).toBeNull();
    expect(serverMessageOf('<html>nope</html>')).toBeNull();
    expect(retryAfterOf({ 'retry-after': 'soon' })).toBeNull();
    expect(retryAfterOf({ 'retry-after': '-1' })).toBeNull();
  });
});

describe('repeat failures', () => {
  it('are listed by HTTP status ("HTTP 503 × 10"), not only as http_status', async () => {
    // The rows a Repeat run's progress brings: ten 503s, a 401, a timeout.
    const rows = Array.from({ length: 12 }, (_, index) =>
      runRow({
        index,
        iteration: index + 1,
        passed: false,
        status: index < 10 ? 503 : index === 10 ? 401 : null,
        errorCode: index < 11 ? 'http_status' : 'timeout',
      }),
    );
    const tally = tallyOf(rows);
    render(<RepeatResults state={{ status: 'done', total: 12, tally }} />);
    const list = screen.getByRole('heading', { name: 'Failures by code' }).nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HTTP 503 × 10', 'HTTP 401 × 1', 'timeout × 1']);
  });
});

describe('Detect on the Environment profile', () => {
  it('is offered, and says the result holds for this launch and which variable keeps it', async () => {
    const fake = new FakeApi();
    fake.profiles = {
      activeProfileId: 'environment',
      profiles: [
        ...fake.profiles.profiles,
        customProfile('environment', {
          name: 'Environment',
          kind: 'environment',
          editable: false,
          key: { set: true, storage: 'environment', note: null },
        }),
      ],
    };
    // The platform takes the key as `Token <key>`: the core keeps that for this launch and names the variable.
    fake.acceptedAuth = { kind: 'scheme', scheme: 'Token' };
    const { user } = await renderReady(fake);
    const dialog = await openProfile(user, 'Environment');
    await user.click(within(dialog).getByRole('button', { name: 'Detect' }));
    expect(fake.callsOf('detectKeyPresentation')).toEqual([
      { profileId: 'environment', guidelineId: '22222222-2222-4222-8222-222222222222' },
    ]);
    expect(await within(dialog).findByText(/^Using .* until Agent Explorer quits/)).toHaveTextContent(
      'Using Authorization: Token <key> until Agent Explorer quits: the Environment profile is never saved. To keep it, set AGENT_EXPLORER_AUTH=scheme:Token before starting.',
    );
  });
});
