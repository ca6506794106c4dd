import { createContext, useContext, type ReactNode } from 'react';
import type { ExchangeRecord } from '../../electron/shared/api';
import { formatBytes, formatMs } from '../lib/format';
import { prettyJson } from '../lib/payload';
import { formatCount } from '../lib/textChunks';
import { CopyButton } from './CopyButton';
import { Disclosure } from './Disclosure';
import { LongText } from './LongText';
import { ReceivedDump, receivedText } from './ReceivedBytes';

/** "200 OK", or "no response" when nothing came back. */
function statusText(exchange: ExchangeRecord): string {
  return exchange.status === null ? 'No response' : `${exchange.status} ${exchange.statusText}`.trim();
}

/** The badge colour of a status: 2xx passes, everything else (or none) fails. */
function statusTone(status: number | null): 'badge-pass' | 'badge-fail' {
  return status !== null && status >= 200 && status < 300 ? 'badge-pass' : 'badge-fail';
}

/** The path the request took, when the record says: "Direct", or "Through proxy scheme://host:port". */
function viaText(exchange: ExchangeRecord): string | null {
  if (exchange.via === undefined) return null;
  return exchange.via === null ? 'Direct' : `Through proxy ${exchange.via}`;
}

/**
 * One line saying what was called and what came of it: status, method and URL, round trip,
 * size, and the path taken (direct or which proxy: a 502 may be the proxy's, not the
 * platform's). The URL is shown as text only; it never becomes a link (it is the platform's).
 */
export function ExchangeSummary({ exchange }: { exchange: ExchangeRecord }) {
  const via = viaText(exchange);
  return (
    <p className="exchange-summary">
      <span className={`status ${statusTone(exchange.status)}`}>{statusText(exchange)}</span>
      <span className="mono exchange-url" title={exchange.url}>
        {exchange.method} {exchange.url}
      </span>
      <span className="exchange-facts">
        <span title="Round trip, measured by Agent Explorer">
          <span className="exchange-fact-label">round trip</span> {formatMs(exchange.roundTripMs)}
        </span>
        {exchange.responseBody !== null && <span>{formatBytes(exchange.responseBytes)}</span>}
        {via !== null && <span title="How the request reached the platform">{via}</span>}
      </span>
    </p>
  );
}

/** Bodies past this size are not pretty-printed here (parsing them would stall the page). */
const PRETTY_MAX_CHARS = 1024 * 1024;

/**
 * A body as literal text: pretty-printed when `pretty` and it is JSON (and not huge), else as
 * received. A long body shows its start and reveals the rest on demand; Copy copies it exactly
 * as received.
 */
export function BodyBlock({
  body,
  pretty,
  label,
  note,
}: {
  body: string | null;
  pretty: boolean;
  label: string;
  /** A fact beside the label, e.g. the body's declared content type. */
  note?: string | undefined;
}) {
  const shown = body === null ? null : pretty && body.length <= PRETTY_MAX_CHARS ? (prettyJson(body) ?? body) : body;
  return (
    <div className="body-block">
      <div className="body-block-head">
        <span className="body-block-label">{label}</span>
        {note && <span className="mono small body-block-note">{note}</span>}
        {body !== null && body !== '' && (
          <>
            <span className="muted small">{formatCount(body.length, 'character')}</span>
            <CopyButton text={body} label={`Copy ${label.split(',')[0]?.toLowerCase() ?? 'body'}`} />
          </>
        )}
      </div>
      <BodyText shown={shown} />
    </div>
  );
}

/** A body as shown: its text in a code block, or a line saying there was none or it was empty. */
export function BodyText({ shown, className = 'code-block' }: { shown: string | null; className?: string }) {
  if (shown === null) return <p className="muted">No body arrived.</p>;
  if (shown === '') return <p className="muted">Empty body.</p>;
  return <LongText text={shown} className={className} />;
}

/** Collapsible request and header details, for when a person needs to see exactly what went over. */
/** Response headers as received, name and value; untrusted, so plain text. */
export function HeaderList({ headers, className }: { headers: [string, string][]; className?: string }) {
  if (headers.length === 0) return <p className="muted">None recorded.</p>;
  return (
    <dl className={`header-list mono${className ? ` ${className}` : ''}`}>
      {headers.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What a view offers for getting a cut body whole (a "save to a file" action), provided by the
 * view that knows the request; ExchangeExtras shows it beside the note that the body was cut.
 */
export const WholeBodyActionContext = createContext<ReactNode>(null);

/**
 * Says that the body above holds only its start, and offers the whole of it in a file. Shown
 * for error bodies (the host cuts them at 256 KB so a 40 MB error page does not cross whole).
 */
function CutBodyNote({ exchange }: { exchange: ExchangeRecord }) {
  const action = useContext(WholeBodyActionContext);
  if (!exchange.responseBodyTruncated || exchange.responseBody === null || action === null) return null;
  const shown = formatCount(exchange.responseBody.length, 'character');
  return (
    <div className="cut-body-note">
      <p className="muted small" role="note">
        The body is cut: showing its first {shown}
        {exchange.responseReadStopped
          ? `; Agent Explorer stopped reading after ${formatBytes(exchange.responseBytes)}, so the rest was not read.`
          : ` of ${formatBytes(exchange.responseBytes)}.`}
      </p>
      {action}
    </div>
  );
}

export function ExchangeExtras({ exchange }: { exchange: ExchangeRecord }) {
  const headers = Object.entries(exchange.responseHeaders);
  return (
    <>
      <CutBodyNote exchange={exchange} />
      {exchange.received && (
        <Disclosure
          summary={`Bytes as received (${receivedText(exchange.received, exchange.responseBody === null ? null : exchange.responseBytes)})`}
        >
          <ReceivedDump received={exchange.received} body={exchange.responseBody} />
        </Disclosure>
      )}
      <Disclosure summary={`Response headers (${headers.length})`}>
        <HeaderList headers={headers} />
      </Disclosure>
      <Disclosure summary="Request">
        <RequestDetails exchange={exchange} />
      </Disclosure>
    </>
  );
}

/** What was sent: method, URL (never with the key), when, and the body. */
export function RequestDetails({ exchange }: { exchange: ExchangeRecord }) {
  return (
    <>
      <p className="mono small">
        {exchange.method} {exchange.url}
      </p>
      <p className="muted small">Started {exchange.startedAt}</p>
      {exchange.requestBody !== null && <BodyBlock body={exchange.requestBody} pretty label="Body as sent" />}
    </>
  );
}
