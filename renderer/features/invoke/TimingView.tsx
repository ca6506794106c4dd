import type { ExchangeTiming, ServerDuration } from '../../../electron/shared/contract';
import { formatMs } from '../../lib/format';
import { Waterfall } from '../response/Waterfall';

/** A thin bar whose length is `ms` as a share of the longer of the two times; decoration only. */
function Bar({ ms, longest, accent }: { ms: number; longest: number; accent?: boolean }) {
  const share = longest > 0 ? Math.max(0, Math.min(100, (ms / longest) * 100)) : 0;
  return (
    <span className="timing-track" aria-hidden="true">
      <span className={accent ? 'timing-fill timing-fill-server' : 'timing-fill'} style={{ width: `${share}%` }} />
    </span>
  );
}

/**
 * The two times a person compares: what the server says it spent (its own `duration`, in a
 * format that varies, so shown normalised *and* as sent), and the round trip measured in
 * the host; the difference is the overhead outside the server. The server's figure is never
 * guessed: an unrecognised format reads "unparsed" and no overhead is computed from it.
 * Beside them, the waterfall of the round trip's phases, when the host measured them.
 */
export function TimingView({
  server,
  roundTripMs,
  timing = null,
}: {
  server: ServerDuration;
  roundTripMs: number;
  timing?: ExchangeTiming | null;
}) {
  const serverMs = server.ms;
  const overhead = serverMs === null ? null : roundTripMs - serverMs;
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
              <span className="fact-value">{formatMs(roundTripMs)}</span>{' '}
              <span className="fact-note">measured by Agent Explorer</span>
              {serverMs !== null && <Bar ms={roundTripMs} longest={longest} />}
            </dd>
          </div>
          {overhead !== null && (
            <div>
              <dt>Overhead</dt>
              <dd>
                <span className="fact-value">{formatMs(overhead)}</span>{' '}
                <span className="fact-note">
                  {overhead >= 0
                    ? 'round trip − server: network and queueing outside the server’s own time'
                    : 'the server reports more than the round trip: the two are not measured alike'}
                </span>
              </dd>
            </div>
          )}
        </dl>
        {timing && <Waterfall timing={timing} />}
      </div>
    </section>
  );
}
