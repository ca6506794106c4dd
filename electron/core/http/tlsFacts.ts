import type tls from 'node:tls';
import type { ExchangeTls } from '../../shared/api';
import { TransportError } from './transport';
import { distinguishedName } from './certificateNames';

/**
 * What an https connection's handshake agreed, read once when it completes (the stack's
 * `secureConnect`) and shown with each exchange made on it: the protocol version, and the
 * server certificate's subject and issuer (the issuer is what tells a company's inspecting
 * gateway from the platform's own CA).
 */
export function tlsFactsOf(socket: tls.TLSSocket): ExchangeTls {
  let protocol: string | null = null;
  let subject: string | null = null;
  let issuer: string | null = null;
  try {
    protocol = socket.getProtocol();
    // Without the chain: only the certificate's own names are read.
    const certificate = socket.getPeerCertificate(false);
    if (certificate && Object.keys(certificate).length > 0) {
      subject = distinguishedName(certificate.subject);
      issuer = distinguishedName(certificate.issuer);
    }
  } catch {
    // A socket closed in between: the facts stay unknown rather than failing the exchange.
  }
  return { protocol, subject, issuer };
}

/**
 * The first TLS error a connection met (an alert from the server, by Node's code), so the
 * request on it fails with that code: undici reports such a connection as "other side closed"
 * when the server's alert arrives after the handshake (TLS 1.3's certificate_required).
 */
export function withTlsFailure(error: Error, tlsFailure: string | undefined): Error {
  if (tlsFailure === undefined || !(error instanceof TransportError) || error.explained) return error;
  if (error.code !== 'UND_ERR_SOCKET' && error.code !== 'ECONNRESET') return error;
  return new TransportError(`${error.message} (${tlsFailure})`, tlsFailure);
}
