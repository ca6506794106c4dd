import { screen, waitFor, within } from '@testing-library/react';
import { customProfile, exchange, type FakeApi } from '../../../support/fakeApi';
import { fakeWithProduction, headerSelect } from '../profileDialog';
import { renderReady, responseRegion } from '../renderApp';
import type { InvokeResult } from '../../../../electron/shared/api';
import { answered, renderResponse, response } from '../responseHarness';

/**
 * An error's "Set a key" and "Detect how the key is sent" are about the
 * profile the refused request went to. A 401 in a tab made for Staging, read while Production is
 * active, must not lead the person to type Staging's key into Production (it would go there).
 */
const AGENT_ID = '11111111-1111-4111-8111-111111111111';

function refusedKey(fake: FakeApi) {
  fake.invokeResponder = () => ({
    ok: false,
    error: {
      code: 'http_status',
      message: 'The platform answered 401.',
      exchange: exchange({
        status: 401,
        statusText: 'Unauthorized',
        responseBody: '{"detail":"bad key"}',
        responseHeaders: { 'content-type': 'application/json' },
      }),
    },
  });
}

/** A 401 received in the first tab, then Production made active. */
async function refusedThenSwitched(fake: FakeApi) {
  refusedKey(fake);
  const rendered = await renderReady(fake);
  await rendered.user.type(screen.getByRole('combobox', { name: 'Agent' }), AGENT_ID);
  await rendered.user.click(screen.getByRole('button', { name: 'Invoke' }));
  const alert = await within(responseRegion()).findByRole('alert');
  expect(within(alert).getByRole('heading', { name: /The key was refused/ })).toBeInTheDocument();
  await rendered.user.selectOptions(headerSelect(), 'prod');
  await waitFor(() => expect(headerSelect()).toHaveValue('prod'));
  return { ...rendered, alert };
}

function withStaging() {
  const fake = fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } });
  fake.profiles = {
    activeProfileId: 'staging',
    profiles: [
      ...fake.profiles.profiles,
      customProfile('staging', {
        name: 'Staging',
        baseUrl: 'https://staging.example.com',
        key: { set: true, storage: 'keychain', note: null },
      }),
    ],
  };
  return fake;
}

describe("a refused key's advice in a tab whose profile is no longer active", () => {
  it('"Set a key" opens the profile the refused request went to, not the active one', async () => {
    const { user, alert } = await refusedThenSwitched(withStaging());
    await user.click(within(alert).getByRole('button', { name: 'Set a key' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    expect(within(dialog).getByRole('heading', { name: 'Staging' })).toBeInTheDocument();
  });

  it('"Detect how the key is sent" opens that profile too', async () => {
    const { user, alert } = await refusedThenSwitched(withStaging());
    await user.click(within(alert).getByRole('button', { name: 'Detect how the key is sent' }));
    const dialog = screen.getByRole('dialog', { name: 'Profiles' });
    expect(within(dialog).getByRole('heading', { name: 'Staging' })).toBeInTheDocument();
  });

  it("says where the Sandbox's key comes from, rather than offering to set Production's", async () => {
    const { alert } = await refusedThenSwitched(fakeWithProduction({ key: { set: true, storage: 'keychain', note: null } }));
    expect(within(alert).getByText('The Sandbox makes its own key at each start: restart Agent Explorer.')).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Set a key' })).toBeNull();
  });
});

function failure(code: 'contract' | 'not_json', message: string, responseBody: string, contentType: string): InvokeResult {
  return { ok: false, error: { code, message, exchange: exchange({ responseBody, responseHeaders: { 'content-type': contentType } }) } };
}

describe('contract and not_json errors', () => {
  it('shows a contract error with the body indented right under the message', () => {
    const body = '{"answer":42,"duration":"1s"}';
    renderResponse(
      answered(
        failure('contract', 'The answer does not match the contract: "answer" is a number, not a string.', body, 'application/json'),
      ),
    );
    const alert = within(response()).getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The answer does not match the contract' })).toBeInTheDocument();
    expect(within(alert).getByText('Response body, indented')).toBeInTheDocument();
    expect(within(alert).getByText(/"answer": 42,/)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Copy response body' })).toBeInTheDocument();
    expect(within(response()).queryByRole('tablist')).toBeNull();
  });

  it('shows a not_json body exactly as received, with its declared content type, as text', () => {
    const body = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const { container } = renderResponse(answered(failure('not_json', 'The body is not valid JSON.', body, 'text/html')));
    const alert = within(response()).getByRole('alert');
    expect(within(alert).getByText('Response body, as received')).toBeInTheDocument();
    expect(within(alert).getByText('content-type: text/html')).toBeInTheDocument();
    expect(within(alert).getByText(body)).toBeInTheDocument();
    expect(container.querySelector('h1')).toBeNull();
  });

  it('offers the failed request as code and a repeat, since it was sent', async () => {
    const { user } = renderResponse(answered(failure('not_json', 'Not JSON.', 'oops', 'text/plain')));
    await user.click(within(response()).getByText('Request as code'));
    expect(await within(response()).findByText(/^curl /)).toBeInTheDocument();
    expect(within(response()).getByRole('region', { name: 'Repeat' })).toBeInTheDocument();
  });
});
