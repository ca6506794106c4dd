import { within } from '@testing-library/react';
import { exchange } from '../../support/fakeApi';
import { answered, renderResponse, response, sent } from './responseHarness';

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
    expect(await within(alert).findByRole('status')).toHaveTextContent(
      /Saved 60(\.0)? MB \(HTTP 200\) to \/home\/user\/Downloads\/agent-explorer-invoke-x\.json/,
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
      answered({ ok: false, error: { code: 'http_status', message: 'The server answered HTTP 500.', exchange: exchange({ status: 500 }) } }),
    );
    expect(within(response()).queryByRole('button', { name: 'Save the answer to a file…' })).toBeNull();
  });
});
