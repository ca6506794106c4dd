import type tls from 'node:tls';
import { TransportError, type TransportTls } from './transport';
import { distinguishedName } from './certificateNames';
import { clientCertContextOptions } from './clientCert';

/**
 * Which certificates an https exchange trusts, and what it says when a server's is not.
 *
 * Trusted by default: Node's roots (its bundled Mozilla store, plus NODE_EXTRA_CA_CERTS) and the
 * operating system's (`tls.getCACertificates('system')`: the keychain on macOS, the certificate
 * store on Windows, OpenSSL's default file and folder on Linux, which SSL_CERT_FILE and
 * SSL_CERT_DIR override). A company's TLS-inspecting gateway installs its root in the system
 * store, so it is trusted with nothing to set. A profile's extra CA file adds to these; it
 * never replaces them (trusting only it would break every other certificate behind the same
 * gateway).
 */

/** node:tls, loaded on the first https request (a run over http never needs it). */
function tlsModule(): typeof tls {
  return process.getBuiltinModule('node:tls');
}

let defaultRoots: string[] | null = null;

/** Node's roots and the system's, read once: reading the system store costs tens of ms. */
function rootCertificates(): string[] {
  if (defaultRoots) return defaultRoots;
  const api = tlsModule();
  let system: string[] = [];
  try {
    system = api.getCACertificates('system');
  } catch {
    // A system store that cannot be read leaves Node's own roots, as before.
  }
  defaultRoots = [...new Set([...api.getCACertificates('default'), ...system])];
  return defaultRoots;
}

/**
 * One secure context per connection setting, made once: passing the roots as `ca` on each
 * connection would parse several hundred certificates every time. It presents the setting's
 * client certificate, if any, when a server asks for one.
 */
export function secureContextFor(settings: TransportTls): tls.SecureContext {
  const ca = settings.extraCa ? [...rootCertificates(), settings.extraCa] : rootCertificates();
  return tlsModule().createSecureContext({ ca, ...clientCertContextOptions(settings.clientCert) });
}

/** Verification errors that mean "issued by a certificate not trusted here". */
const UNTRUSTED_ISSUER = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

export function isUntrustedIssuer(code: string | null): boolean {
  return code !== null && UNTRUSTED_ISSUER.has(code);
}

/** The chain the server presents, read on a connection that does not verify it and sends nothing. */
function presentedChain(url: URL, context: tls.SecureContext): Promise<tls.DetailedPeerCertificate | null> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const net = process.getBuiltinModule('node:net');
  return new Promise((resolve) => {
    const socket = tlsModule().connect({
      host,
      port: Number(url.port) || 443,
      ...(net.isIP(host) ? {} : { servername: host }),
      secureContext: context,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const done = (certificate: tls.DetailedPeerCertificate | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(certificate);
    };
    const timer = setTimeout(() => done(null), 5000);
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate(true);
      done(certificate && Object.keys(certificate).length > 0 ? certificate : null);
    });
    socket.once('error', () => done(null));
  });
}

/**
 * The error for a certificate whose issuer is not trusted: which certificate, who issued it,
 * and the two ways to trust it. The certificate is read from a second, unverified handshake
 * (the failed one gives nothing to read), on which nothing is sent.
 */
export async function untrustedIssuerError(url: URL, code: string, settings: TransportTls): Promise<TransportError> {
  // Trust only: no client certificate is shown to a server that is not trusted.
  const certificate = await presentedChain(url, secureContextFor({ ...settings, clientCert: null })).catch(() => null);
  let which = "The server's certificate";
  if (certificate) {
    // The top of the chain as sent: the root (or intermediate) that nothing here vouches for.
    let top = certificate;
    while (top.issuerCertificate && top.issuerCertificate !== top) top = top.issuerCertificate;
    const self = top === certificate ? '' : `; its chain ends at ${distinguishedName(top.subject)}`;
    which =
      `The server's certificate (${distinguishedName(certificate.subject)}, ` +
      `issued by ${distinguishedName(certificate.issuer)}${self}; SHA-256 ${certificate.fingerprint256})`;
  }
  const message =
    `${which} is not trusted on ${url.host}: its issuer is not among the trusted root certificates (${code}). ` +
    "If your company's network issues it, trust its root certificate in one of two ways: add it to the operating system's trust store " +
    "(Agent Explorer reads that store), or choose it as this profile's CA certificate file (Profiles; on the command line, --ca FILE).";
  return new TransportError(message, code, true);
}
