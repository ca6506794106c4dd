import type { SecureContextOptions } from 'node:tls';
import { TransportError, type ClientCertificate, type TimingMarks, type TransportRequest } from './transport';
import { certificateName } from './certificateNames';

/**
 * A client certificate in the stack: the secure context's options that present it, the digest
 * that keys its dispatcher (never the key or passphrase themselves), and the errors a server
 * that wants one gives, said in words with what to do.
 */

/** The options that make a secure context present `cert` when a server asks for one. */
export function clientCertContextOptions(cert: ClientCertificate | null | undefined): SecureContextOptions {
  if (!cert) return {};
  const passphrase = cert.passphrase === null ? {} : { passphrase: cert.passphrase };
  return cert.kind === 'pem' ? { cert: cert.cert, key: cert.key, ...passphrase } : { pfx: Buffer.from(cert.pfx), ...passphrase };
}

const digests = new WeakMap<ClientCertificate, string>();

/**
 * A SHA-256 digest of the material, for the dispatcher's key: a connection made with one
 * certificate (or passphrase) never carries a request made with another, and the key map holds
 * no secret text. Computed once per certificate object.
 */
export function clientCertDigest(cert: ClientCertificate | null | undefined): string {
  if (!cert) return 'no-client-cert';
  const known = digests.get(cert);
  if (known) return known;
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  const field = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.byteLength}:`);
    hash.update(bytes);
  };
  field(cert.kind);
  if (cert.kind === 'pem') {
    field(cert.cert);
    field(cert.key);
  } else {
    field(cert.pfx);
  }
  field(cert.passphrase === null ? '' : `+${cert.passphrase}`);
  const digest = `client-cert:${hash.digest('hex')}`;
  digests.set(cert, digest);
  return digest;
}

/** The certificate presented, named for an error message; null when it cannot be read. */
function presentedName(cert: ClientCertificate): string | null {
  try {
    if (cert.kind === 'pem') return certificateName(new (process.getBuiltinModule('node:crypto').X509Certificate)(cert.cert));
    // Loaded only when a PKCS#12 certificate was refused: it reads the file's certificate.
    const der = (
      process.getBuiltinModule('node:tls').createSecureContext(clientCertContextOptions(cert)).context as {
        getCertificate?: () => Buffer | null;
      }
    ).getCertificate?.();
    return der ? certificateName(new (process.getBuiltinModule('node:crypto').X509Certificate)(der)) : null;
  } catch {
    return null;
  }
}

/** The alert's name from Node's code for it: ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED is certificate_required. */
function tlsAlertOf(code: string | null): string | null {
  const match = code === null ? null : /^ERR_SSL_.*ALERT_([A-Z0-9_]+)$/.exec(code);
  return match ? match[1]!.toLowerCase() : null;
}

/** Alerts a server sends when it does not accept the certificate it was given. */
const REFUSED = new Set([
  'bad_certificate',
  'unsupported_certificate',
  'certificate_revoked',
  'certificate_expired',
  'certificate_unknown',
  'unknown_ca',
  'access_denied',
  'certificate_required',
]);

const GIVE_ONE =
  "To present one, give the client certificate and key the platform's administrators issued you (on the command line: " +
  '--cert FILE --key FILE, or --cert FILE.p12 alone, with any passphrase in AGENT_EXPLORER_CERT_PASSPHRASE).';

const CHECK_IT =
  'Check that it is the certificate this platform expects (issued by a CA it trusts, not expired or revoked); ' +
  "the platform's administrators can say which one it takes.";

/**
 * The error for an https exchange that failed the way a server that wants a client certificate
 * fails it, or null for any other failure: an alert refusing the handshake (certificate_required,
 * handshake_failure, bad_certificate, unknown_ca…), or a connection closed during or right after
 * the handshake, before any answer.
 */
export function clientCertError(error: TransportError, request: TransportRequest, marks: TimingMarks): TransportError | null {
  if (request.url.protocol !== 'https:' || error.explained) return null;
  const host = request.url.host;
  const given = request.tls.clientCert ?? null;
  const alert = tlsAlertOf(error.code);
  const explained = (message: string) => new TransportError(message, error.code, true);
  if (alert !== null) {
    if (given === null && (alert === 'certificate_required' || alert === 'handshake_failure')) {
      const asked =
        alert === 'certificate_required'
          ? `The server asked for a client certificate and none was given: ${host} ended the TLS handshake with the alert certificate_required.`
          : `${host} ended the TLS handshake with the alert handshake_failure, and no client certificate was given: ` +
            'a server that asks for one and gets none ends it so (so does one that shares no TLS version or cipher with this app).';
      return explained(`${asked} ${GIVE_ONE}`);
    }
    if (given !== null && (REFUSED.has(alert) || alert === 'handshake_failure')) {
      const name = presentedName(given);
      return explained(
        `The server refused the client certificate${name ? ` (${name})` : ''}: ${host} ended the TLS handshake with the alert ${alert}. ${CHECK_IT}`,
      );
    }
    return null;
  }
  // A server that closes without an alert (Node's own servers do, for a certificate they refuse):
  // during the handshake, or right after it on a new connection, before any answer.
  const duringHandshake = error.code === 'ECONNRESET' && /before secure TLS connection/i.test(error.message);
  const rightAfter =
    (error.code === 'UND_ERR_SOCKET' || error.code === 'ECONNRESET') &&
    marks.secureConnect !== undefined &&
    !marks.reusedConnection &&
    marks.firstByte === undefined;
  if (!duringHandshake && !rightAfter) return null;
  const when = duringHandshake ? 'during the TLS handshake' : 'right after the TLS handshake, without answering';
  if (given === null)
    return explained(
      `${host} closed the connection ${when}, and no client certificate was given: ` +
        `a server that asks for one and gets none may end the connection so. ${GIVE_ONE}`,
    );
  const name = presentedName(given);
  return explained(
    `${host} closed the connection ${when}: it may have refused the client certificate${name ? ` (${name})` : ''}. ${CHECK_IT}`,
  );
}
