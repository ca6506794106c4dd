/** What a socket or TLS error code means, in words, for messages about the platform or a proxy. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be resolved right now',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's certificate chain is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's certificate could not be verified",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate is for another host name",
  UPGRADE: 'the server switched protocols (HTTP 101), which this API does not use',
};

export function networkCause(code: string): string | null {
  return Object.hasOwn(CAUSES, code) ? CAUSES[code]! : null;
}
