import { waitFor, within } from '@testing-library/react';
import { exchange } from '../../../../../support/fakeApi';
import { answered, renderResponse, response, sent } from '../../../responseHarness';

function tooLarge() {
  return {
    ok: false as const,
    error: {
      code: 'too_large' as const,
      message: 'The response is larger than the 50 MB limit, so it was not read.',
      exchange: exchange({ responseBody: null, responseBytes: 52 * 1024 * 1024 + 1 }),
    },
  };
}

describe('an answer over the size cap', () => {
  it('offers to save it to a file, and sends again only after the person confirms', async () => {
    const request = sent({ customer_name: 'Ada' });
    const { user, fake } = renderResponse(answered(tooLarge(), request));
    const alert = within(response()).getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Save the answer to a file…' }));
    expect(fake.callsOf('saveResponseToFile')).toEqual([]);
    const confirm = within(alert).getByRole('group', { name: 'Confirm saving to a file' });
    expect(confirm).toHaveTextContent(/runs the agent again \(it may be billed\)/);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('saveResponseToFile')).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Save the answer to a file…' }));
    await user.click(within(alert).getByRole('button', { name: 'Send again and save' }));
    expect(fake.callsOf('saveResponseToFile')).toEqual([{ kind: 'invoke', request }]);
    // The status first says the answer is being sent again; wait for the one that says where it went.
    await waitFor(() =>
      expect(within(alert).getByRole('status')).toHaveTextContent(
        /Saved 60(\.0)? MB \(HTTP 200\) to \/home\/user\/Downloads\/agent-explorer-invoke-x\.json/,
      ),
    );
  });

  it('says plainly when saving failed', async () => {
    const { user, fake } = renderResponse(answered(tooLarge()));
    fake.saveToFileResponder = () => ({
      ok: false,
      error: { code: 'internal', message: 'Could not write /home/user/Downloads/x.json: no space left on device', exchange: null },
    });
    const alert = within(response()).getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Save the answer to a file…' }));
    await user.click(within(alert).getByRole('button', { name: 'Send again and save' }));
    expect(await within(alert).findByText(/Not saved: Could not write .* no space left on device/)).toBeInTheDocument();
  });

  it('is not offered for other errors', () => {
    renderResponse(
      answered({
        ok: false,
        error: { code: 'http_status', message: 'The server answered HTTP 500.', exchange: exchange({ status: 500 }) },
      }),
    );
    expect(within(response()).queryByRole('button', { name: 'Save the answer to a file…' })).toBeNull();
  });
});

describe('an error body cut by the host', () => {
  function cutError() {
    return {
      ok: false as const,
      error: {
        code: 'http_status' as const,
        message: 'The server answered HTTP 500 Internal Server Error.',
        exchange: exchange({
          status: 500,
          statusText: 'Internal Server Error',
          responseBody: 'e'.repeat(1000),
          responseBodyTruncated: true,
          responseReadStopped: true,
          responseBytes: 300 * 1024,
        }),
      },
    };
  }

  it('says the body is cut and offers to save the whole of it, after confirming', async () => {
    const request = sent({ customer_name: 'Ada' });
    const { user, fake } = renderResponse(answered(cutError(), request));
    const alert = within(response()).getByRole('alert');
    expect(within(alert).getByRole('note')).toHaveTextContent(
      /The body is cut: showing its first 1,000 characters; .* the rest was not read/,
    );
    await user.click(within(alert).getByRole('button', { name: 'Save the whole body to a file…' }));
    expect(fake.callsOf('saveResponseToFile')).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Send again and save' }));
    expect(fake.callsOf('saveResponseToFile')).toEqual([{ kind: 'invoke', request }]);
    expect(await within(alert).findByText(/Saved 60(\.0)? MB \(HTTP 200\) to/)).toHaveAttribute('role', 'status');
  });

  it('is not offered when the error body arrived whole', () => {
    renderResponse(
      answered({
        ok: false,
        error: { code: 'http_status', message: 'The server answered HTTP 500.', exchange: exchange({ status: 500 }) },
      }),
    );
    expect(within(response()).queryByRole('button', { name: 'Save the whole body to a file…' })).toBeNull();
  });
});

describe('a saved file cut at the save-to-file limit', () => {
  it('says it was cut, and at which size', async () => {
    const { user, fake } = renderResponse(answered(tooLarge()));
    fake.saveToFileResponder = () => ({
      ok: true,
      value: {
        path: '/home/user/Downloads/a.json',
        bytes: 256 * 1024 * 1024,
        limitReached: true,
        limitBytes: 256 * 1024 * 1024,
        exchange: exchange({ responseBody: null }),
      },
    });
    const alert = within(response()).getByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Save the answer to a file…' }));
    await user.click(within(alert).getByRole('button', { name: 'Send again and save' }));
    await waitFor(() =>
      expect(within(alert).getByRole('status')).toHaveTextContent(
        /The file is cut: the answer was longer, and saving stopped at the 256(\.0)? MB save-to-file limit \(Settings\)\./,
      ),
    );
  });
});
