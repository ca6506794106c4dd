import type { ServerDuration } from '../../../electron/shared/contract';
import { formatMs } from '../../lib/format';

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
 * the host. The server's figure is never guessed: an unrecognised format reads "unparsed".
 */
export function TimingView({ server, roundTripMs }: { server: ServerDuration; roundTripMs: number }) {
  const serverMs = server.ms;
  const overhead = serverMs === null ? null : roundTripMs - serverMs;
  const longest = Math.max(roundTripMs, serverMs ?? 0);
  return (
    <section aria-label="Timing" className="timing">
      <h3 className="section-title">Timing</h3>
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
                  ? 'network and queueing outside the server’s own time'
                  : 'the server reports more than the round trip: the two are not measured alike'}
              </span>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
