import type { ExchangeTls } from '../../../electron/shared/api';

/**
 * The TLS facts of an https exchange, as a row of a facts list: the version agreed and the
 * server certificate's subject and issuer (the issuer tells a company's inspecting gateway from
 * the platform's own CA). The names are the server's text, shown as text.
 */
export function TlsFact({ tls }: { tls: ExchangeTls }) {
  const certificate =
    tls.subject === null
      ? 'no server certificate'
      : `server certificate ${tls.subject}${tls.issuer === null ? '' : `, issued by ${tls.issuer}`}`;
  return (
    <div>
      <dt>TLS</dt>
      <dd>
        <span className="fact-value">{tls.protocol ?? 'version unknown'}</span> <span className="fact-note">{certificate}</span>
      </dd>
    </div>
  );
}
