import { screen, within } from '@testing-library/react';
import { exchange, okInvoke } from '../../support/fakeApi';
import { activePanel, answered, renderResponse, response } from './responseHarness';

/** A 600 KB answer whose raw copy the host cut to its first 256 KB. */
function bigAnswerWithCutRawCopy() {
  const answer = 'word '.repeat(120_000);
  const raw = JSON.stringify({ answer, duration: '1s', token: 'tok-9' });
  const result = okInvoke(answer, { duration: '1s', token: 'tok-9' });
  if (result.ok) {
    result.value.exchange = exchange({ responseBody: raw.slice(0, 256 * 1024), responseBytes: raw.length, responseBodyTruncated: true });
  }
  return result;
}

describe('a large answer whose raw copy was cut by the host', () => {
  it('says so in Raw response, and builds the JSON view from the parsed answer', async () => {
    const { user } = renderResponse(answered(bigAnswerWithCutRawCopy()));
    const tabs = within(response()).getByRole('tablist', { name: 'Response views' });

    await user.click(within(tabs).getByRole('tab', { name: 'Raw response' }));
    expect(within(activePanel()).getByRole('note')).toHaveTextContent(/Showing the first 262,144 characters of .* as received/);
    expect(within(activePanel()).queryByRole('button', { name: 'Pretty-print' })).toBeNull();

    await user.click(within(tabs).getByRole('tab', { name: 'JSON' }));
    expect(within(activePanel()).getByText(/Built from the parsed answer/)).toBeInTheDocument();
    const tree = within(activePanel()).getByRole('list', { name: 'JSON tree' });
    expect(within(tree).getByText('"tok-9"')).toBeInTheDocument();
    expect(screen.queryByText(/The body is not JSON/)).toBeNull();
  });
});
