import { within } from '@testing-library/react';
import type { InvokeResult } from '../../../electron/shared/api';
import { exchange } from '../../support/fakeApi';
import { answered, renderResponse, response } from './responseHarness';

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
