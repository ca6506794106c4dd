import type { ExchangeRecord } from '../../electron/shared/contract';
import { formatBytes, formatMs } from '../lib/format';
import { prettyJson } from '../lib/payload';
import { Disclosure } from './Disclosure';

/** "200 OK", or "no response" when nothing came back. */
export function statusText(exchange: ExchangeRecord): string {
  return exchange.status === null ? 'No response' : `${exchange.status} ${exchange.statusText}`.trim();
}

/** The class that colours a status: 2xx ok, everything else (or none) a failure. */
export function statusTone(status: number | null): 'ok' | 'bad' {
  return status !== null && status >= 200 && status < 300 ? 'ok' : 'bad';
}

/**
 * One line saying what was called and what came of it: status, method and URL, round trip
 * and size. The URL is shown as text only; it never becomes a link (it is the platform's).
 */
export function ExchangeSummary({ exchange }: { exchange: ExchangeRecord }) {
  return (
    <p className="exchange-summary">
      <span className={`status status-${statusTone(exchange.status)}`}>{statusText(exchange)}</span>
      <span className="mono exchange-url" title={exchange.url}>
        {exchange.method} {exchange.url}
      </span>
      <span className="exchange-facts">
        <span title="Round trip, measured by Agent Explorer">
          <span className="exchange-fact-label">round trip</span> {formatMs(exchange.roundTripMs)}
        </span>
        {exchange.responseBody !== null && <span>{formatBytes(exchange.responseBytes)}</span>}
      </span>
    </p>
  );
}

/** A response body as literal text: pretty-printed when `pretty` and it is JSON, else as received. */
export function BodyBlock({ body, pretty, label }: { body: string | null; pretty: boolean; label: string }) {
  const shown = body === null ? null : pretty ? (prettyJson(body) ?? body) : body;
  return (
    <div className="body-block">
      <div className="body-block-label">{label}</div>
      {shown === null ? (
        <p className="muted">No body arrived.</p>
      ) : shown === '' ? (
        <p className="muted">Empty body.</p>
      ) : (
        <pre className="code-block">{shown}</pre>
      )}
    </div>
  );
}

/** Collapsible request and header details, for when a person needs to see exactly what went over. */
export function ExchangeExtras({ exchange }: { exchange: ExchangeRecord }) {
  const headers = Object.entries(exchange.responseHeaders);
  return (
    <>
      <Disclosure summary={`Response headers (${headers.length})`}>
        {headers.length === 0 ? (
          <p className="muted">None recorded.</p>
        ) : (
          <dl className="header-list mono">
            {headers.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Disclosure>
      <Disclosure summary="Request">
        <p className="mono small">
          {exchange.method} {exchange.url}
        </p>
        <p className="muted small">Started {exchange.startedAt}</p>
        {exchange.requestBody !== null && <BodyBlock body={exchange.requestBody} pretty label="Body as sent" />}
      </Disclosure>
    </>
  );
}
