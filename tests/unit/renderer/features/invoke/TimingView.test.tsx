import { within } from '@testing-library/react';
import { normaliseDuration } from '../../../../../electron/core/http/duration';
import type { ExchangeTiming } from '../../../../../electron/shared/api';
import { okInvoke, exchange } from '../../../../support/fakeApi';
import { answered, renderResponse, response } from '../../responseHarness';

function withTiming(timing: ExchangeTiming | null, roundTripMs = 120) {
  const result = okInvoke('ok');
  if (result.ok) result.value.exchange = exchange({ timing, roundTripMs });
  return answered(result);
}

/** The waterfall's rows as [phase, time] pairs. */
function phases() {
  const timing = within(response()).getByRole('region', { name: 'Timing' });
  const table = within(timing).getByRole('table', { name: /^Phases/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent, row.querySelector('.wf-ms')?.textContent]);
}

describe('timing waterfall', () => {
  it('shows each phase with its time, in order, and the total', () => {
    renderResponse(
      withTiming({ dns: 3.2, connect: 10.5, tls: 22, send: 0.4, wait: 80, download: 4, total: 120.1, reusedConnection: false }),
    );
    expect(phases()).toEqual([
      ['DNS', '3.2 ms'],
      ['Connect', '10.5 ms'],
      ['TLS', '22 ms'],
      ['Send', '0.4 ms'],
      ['Wait', '80 ms'],
      ['Download', '4 ms'],
      ['Total', '120 ms'],
    ]);
    expect(within(response()).queryByText('reused connection')).toBeNull();
  });

  it('says when the connection was reused, with no DNS, connect or TLS phase', () => {
    renderResponse(
      withTiming({ dns: null, connect: null, tls: null, send: 0.3, wait: 40, download: 2, total: 42.3, reusedConnection: true }),
    );
    expect(within(response()).getByRole('table', { name: /reused connection/ })).toBeInTheDocument();
    expect(phases().slice(0, 3)).toEqual([
      ['DNS', '— reused'],
      ['Connect', '— reused'],
      ['TLS', '— reused'],
    ]);
  });

  it('places each bar where the previous phase ended, on the scale of the total', () => {
    renderResponse(
      withTiming({ dns: null, connect: 25, tls: null, send: 25, wait: 50, download: null, total: 100, reusedConnection: false }),
    );
    const bars = [...response().querySelectorAll<HTMLElement>('.wf-bar')].map((bar) => [bar.style.left, bar.style.width]);
    expect(bars).toEqual([
      ['0%', '25%'],
      ['25%', '25%'],
      ['50%', '50%'],
    ]);
  });

  it('keeps Server, Round trip and Overhead, and shows no waterfall when nothing was measured', () => {
    renderResponse(withTiming(null, 900));
    const timing = within(response()).getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('Server').nextElementSibling).toHaveTextContent('850 ms sent as "850ms"');
    expect(within(timing).getByText('Round trip').nextElementSibling).toHaveTextContent('900 ms');
    expect(within(timing).getByText('Overhead').nextElementSibling).toHaveTextContent('50 ms');
    expect(within(timing).queryByRole('table')).toBeNull();
  });

  it('says "within the server\'s rounding" when a coarse server time ("0.4s") is longer than the round trip', () => {
    const result = okInvoke('ok', { duration: '0.4s' });
    if (result.ok) {
      result.value.serverDuration = normaliseDuration('0.4s');
      result.value.exchange = exchange({ roundTripMs: 380 });
    }
    renderResponse(answered(result));
    const timing = within(response()).getByRole('region', { name: 'Timing' });
    const overhead = within(timing).getByText('Overhead').nextElementSibling;
    expect(overhead).toHaveTextContent('within the server’s rounding at most 30 ms: the server sent "0.4s", exact only to ±50 ms');
    expect(overhead).not.toHaveTextContent(/−|-\s?\d/);
  });

  it("shows the overhead with the server's rounding when it is larger than the rounding", () => {
    const result = okInvoke('ok', { duration: '0.4s' });
    if (result.ok) {
      result.value.serverDuration = normaliseDuration('0.4s');
      result.value.exchange = exchange({ roundTripMs: 700 });
    }
    renderResponse(answered(result));
    const timing = within(response()).getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('Overhead').nextElementSibling).toHaveTextContent(
      '300 ms round trip − server: network and queueing outside the server’s own time (±50 ms, as the server rounds its time)',
    );
  });

  it('shows the TLS version and the server certificate beside the timing of an https exchange, as text', () => {
    const result = okInvoke('ok');
    const tls = { protocol: 'TLSv1.3', subject: 'CN=platform.example.com', issuer: 'CN=<b>Example</b> Inspection Root, O=Example Corp' };
    if (result.ok) result.value.exchange = exchange({ tls });
    renderResponse(answered(result));
    const timing = within(response()).getByRole('region', { name: 'Timing' });
    expect(within(timing).getByText('TLS', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'TLSv1.3 server certificate CN=platform.example.com, issued by CN=<b>Example</b> Inspection Root, O=Example Corp',
    );
    expect(timing.querySelector('b')).toBeNull();
  });

  it('shows no TLS row for an exchange without TLS', () => {
    renderResponse(withTiming(null));
    expect(within(within(response()).getByRole('region', { name: 'Timing' })).queryByText('TLS')).toBeNull();
  });
});
