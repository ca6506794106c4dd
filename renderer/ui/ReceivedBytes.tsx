import { useMemo } from 'react';
import { RECEIVED_HEAD_BYTES, type ReceivedBody } from '../../electron/shared/api';
import { formatBytes } from '../lib/format';
import { bytesOfBase64, hexDump } from '../lib/hexDump';
import { Disclosure } from './Disclosure';

/** A Content-Encoding is the server's text: shown as text, and only its start. */
const ENCODING_MAX_CHARS = 80;

function compressed(encoding: string | null): encoding is string {
  return encoding !== null && encoding.trim() !== '' && encoding.trim().toLowerCase() !== 'identity';
}

/**
 * How the body arrived, in one line: "gzip · 312 B received · 1.2 KB decoded", or
 * "not compressed · 1.2 KB". `decodedBytes` is null when no decoded body was kept.
 */
export function receivedText(received: ReceivedBody, decodedBytes: number | null): string {
  if (!compressed(received.encoding)) return `not compressed · ${formatBytes(received.bytes)}`;
  const encoding = received.encoding.length > ENCODING_MAX_CHARS ? `${received.encoding.slice(0, ENCODING_MAX_CHARS)}…` : received.encoding;
  return `${encoding} · ${formatBytes(received.bytes)} received${decodedBytes === null ? '' : ` · ${formatBytes(decodedBytes)} decoded`}`;
}

const WITHHELD: Record<NonNullable<ReceivedBody['withheld']>, string> = {
  key: 'Not kept: the compressed body held the API key, and compressed bytes cannot be redacted.',
  unread: 'Not kept: the body was not read whole here, so its bytes could not be checked for the API key.',
};

/**
 * The first bytes of the body as they came over the wire, as a hex dump (offset, hex, ASCII
 * with anything not printable as '.'), saying when only the start is shown. Inert text.
 */
export function ReceivedDump({ received, body }: { received: ReceivedBody; body: string | null }) {
  const bytes = useMemo(() => {
    if (received.inBody) return body === null ? null : new TextEncoder().encode(body).subarray(0, RECEIVED_HEAD_BYTES);
    return received.head === null ? null : bytesOfBase64(received.head);
  }, [received.head, received.inBody, body]);
  if (bytes === null) {
    return (
      <p className="muted small" role="note">
        {received.head === null && !received.inBody
          ? WITHHELD[received.withheld ?? 'unread']
          : 'The bytes as received could not be read from this record.'}
      </p>
    );
  }
  return (
    <>
      <p className="muted small" role="note">
        {received.headTruncated
          ? `Showing only the first ${formatBytes(bytes.length)} of the ${formatBytes(received.bytes)} received.`
          : `All ${formatBytes(received.bytes)} as received.`}
      </p>
      <pre className="code-block hex-dump" tabIndex={0} aria-label="Bytes as received, in hex">
        {hexDump(bytes)}
      </pre>
    </>
  );
}

/** The Raw view's account of the body as it travelled: one line, and the bytes on request. */
export function ReceivedBytes({
  received,
  decodedBytes,
  body,
}: {
  received: ReceivedBody;
  decodedBytes: number | null;
  body: string | null;
}) {
  return (
    <div className="received-bytes">
      <p className="muted small">Over the wire: {receivedText(received, decodedBytes)}</p>
      <Disclosure summary="Bytes as received">
        <ReceivedDump received={received} body={body} />
      </Disclosure>
    </div>
  );
}
