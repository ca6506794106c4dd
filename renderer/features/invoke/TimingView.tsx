import type { ExchangeTiming, ExchangeTls, ServerDuration } from '../../../electron/shared/api';
import { formatMs } from '../../lib/format';
import { TlsFact } from '../response/TlsFact';
import { Waterfall } from '../response/Waterfall';
import { formatRounding, overheadOf, type Overhead } from './overhead';

/** A thin bar whose length is `ms` as a share of the longer of the two times; decoration only. */
function Bar({ ms, longest, accent }: { ms: number; longest: number; accent?: boolean }) {
  const share = longest > 0 ? Math.max(0, Math.min(100, (ms / longest) * 100)) : 0;
  return (
    <span className="timing-track" aria-hidden="true">
      <span className={accent ? 'timing-fill timing-fill-server' : 'timing-fill'} style={{ width: `${share}%` }} />
    </span>
  );
}

/** The Overhead row: a figure, or "within the server's rounding" when the difference is smaller than it. */
function OverheadRow({ overhead, raw }: { overhead: Overhead; raw: string }) {
  return (
    <div>
      <dt>Overhead</dt>
      <dd>
        {overhead.kind === 'rounding' ? (
          <>
            <span className="fact-value">within the server’s rounding</span>{' '}
            <span className="fact-note">
              at most {formatMs(overhead.atMostMs)}: the server sent {JSON.stringify(raw)}, exact only to{' '}
              {formatRounding(overhead.roundingMs)}
            </span>
          </>
        ) : (
          <>
            <span className="fact-value">{formatMs(overhead.ms)}</span>{' '}
            <span className="fact-note">
              {overhead.kind === 'measured'
                ? `round trip − server: network and queueing outside the server’s own time${
                    overhead.roundingMs > 0 ? ` (${formatRounding(overhead.roundingMs)}, as the server rounds its time)` : ''
                  }`
                : 'the server reports more than the round trip, even allowing for its rounding: the two are not measured alike'}
            </span>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * The two times a person compares: what the server says it spent (its own `duration`, in a
 * format that varies, so shown normalised *and* as sent), and the round trip measured in
 * the host; the difference is the overhead outside the server. The server's figure is never
 * guessed: an unrecognised format reads "unparsed" and no overhead is computed from it; a
 * coarse one ("0.4s") is read with its rounding, so a round trip shorter than the rounded
 * figure reads "within the server's rounding", never as a negative overhead.
 * Beside them, the waterfall of the round trip's phases, when the host measured them, and for
 * https the TLS version and the server certificate.
 */
export function TimingView({
  server,
  roundTripMs,
  timing = null,
  tls,
}: {
  server: ServerDuration;
  roundTripMs: number;
  timing?: ExchangeTiming | null;
  tls?: ExchangeTls | undefined;
}) {
  const serverMs = server.ms;
  const overhead = overheadOf(server, roundTripMs);
  const longest = Math.max(roundTripMs, serverMs ?? 0);
  return (
    <section aria-label="Timing" className="timing">
      <h3 className="section-title">Timing</h3>
      <div className="timing-grid">
        <dl className="facts">
          <div>
            <dt>Server</dt>
            <dd>
              {serverMs === null ? (
                <span className="fact-value fact-unparsed">unparsed</span>
              ) : (
                <span className="fact-value">{formatMs(serverMs)}</span>
              )}{' '}
              <span className="fact-note">sent as {JSON.stringify(server.raw)}</span>
              {serverMs !== null && <Bar ms={serverMs} longest={longest} accent />}
            </dd>
          </div>
          <div>
            <dt>Round trip</dt>
            <dd>
              <span className="fact-value">{formatMs(roundTripMs)}</span> <span className="fact-note">measured by Agent Explorer</span>
              {serverMs !== null && <Bar ms={roundTripMs} longest={longest} />}
            </dd>
          </div>
          {overhead !== null && <OverheadRow overhead={overhead} raw={server.raw} />}
          {tls && <TlsFact tls={tls} />}
        </dl>
        {timing && <Waterfall timing={timing} />}
      </div>
    </section>
  );
}
