import { within } from '@testing-library/react';
import type { InvokeResult } from '../../../../electron/shared/api';
import { exchange, okInvoke } from '../../../support/fakeApi';
import { answered, renderResponse, response } from '../responseHarness';

/** The path a request took, beside its round trip: direct, or which proxy (never credentials). */
function withVia(via: string | null | undefined, failed = false) {
  const record = exchange(via === undefined ? {} : { via });
  if (failed) {
    const result: InvokeResult = {
      ok: false,
      error: {
        code: 'http_status',
        message: 'The server answered HTTP 502 Bad Gateway.',
        exchange: { ...record, status: 502, statusText: 'Bad Gateway' },
      },
    };
    return answered(result);
  }
  const result = okInvoke('ok');
  if (result.ok) result.value.exchange = record;
  return answered(result);
}

describe('the path taken', () => {
  it('says "Through proxy" and which one', () => {
    renderResponse(withVia('http://proxy.corp:3128'));
    expect(within(response()).getByText('Through proxy http://proxy.corp:3128')).toBeInTheDocument();
  });

  it('says "Direct" when no proxy was used', () => {
    renderResponse(withVia(null));
    expect(within(response()).getByText('Direct')).toBeInTheDocument();
  });

  it('says it for a failure too, where a gateway may have answered', () => {
    renderResponse(withVia('https://gateway.corp', true));
    expect(within(response()).getByText('Through proxy https://gateway.corp')).toBeInTheDocument();
  });

  it('says nothing for a record that does not know (kept before the path was recorded)', () => {
    renderResponse(withVia(undefined));
    expect(within(response()).queryByText(/^Direct$|^Through proxy/)).toBeNull();
  });
});
