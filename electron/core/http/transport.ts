import type { ExchangeTls } from '../../shared/api';

/**
 * One HTTP exchange, below the platform client: the interface, and its implementation on the
 * standard stack in http/httpTransport.ts. Redirects are never followed there: a 3xx comes
 * back as it is.
 */

export interface TransportTls {
  verify: boolean;
  /** PEM text of extra trusted CA certificates, added to the operating system's and Node's roots. */
  extraCa: string | null;
  /** Presented when a server asks for one during the handshake; absent or null: none. */
  clientCert?: ClientCertificate | null;
}

/** A client certificate and its private key, as read from the files the person named. */
export type ClientCertificate =
  { kind: 'pem'; cert: string; key: string; passphrase: string | null } | { kind: 'pkcs12'; pfx: Uint8Array; passphrase: string | null };

/**
 * How one request reaches its origin, decided per URL before it is sent (a profile's proxy
 * setting, the environment's *_PROXY variables or the system's settings). Through a proxy, an
 * https origin is reached with CONNECT, so the proxy never sees the request or its key.
 */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: URL; username: string | null; password: string | null };

export interface TransportRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal;
  tls: TransportTls;
  /** Absent: direct. */
  route?: ProxyRoute;
  /** Called once the request's last byte has been handed to the socket. */
  onSent?: () => void;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
  /** For a body with content codings, which `body` undoes: the bytes as they came, noted as it is read. */
  wire?: WireCapture;
}

/**
 * A compressed body as it came over the wire, filled in while its decoded form is read: no copy
 * of the body, only a count and its first bytes (the Raw view's "bytes as received").
 */
export interface WireCapture {
  /** The Content-Encoding as sent. */
  encoding: string;
  /** Bytes received so far. */
  bytes: number;
  /** The first of them, up to RECEIVED_HEAD_BYTES. */
  head: Uint8Array;
  /** Decoded bytes handed on so far: 0 after a failure means nothing of the body could be decoded. */
  decodedBytes: number;
}

/**
 * When each step of the exchange happened (monotonic ms), filled in as socket events arrive.
 * Absent marks are steps that did not happen: no `lookup` for an IP address, no `connect`
 * or `secureConnect` on a reused keep-alive connection.
 */
export interface TimingMarks {
  start: number;
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  /** The request's last byte was handed to the socket. */
  sent?: number;
  /** The response's status line and headers arrived. */
  firstByte?: number;
  reusedConnection: boolean;
  /** On https: what the connection's handshake agreed (a reused connection's too). */
  tls?: ExchangeTls;
}

/** Sends one request; `marks` is filled in as the exchange goes, even when it fails. */
export type Transport = (request: TransportRequest, marks: TimingMarks) => Promise<TransportResponse>;

/**
 * A failure below HTTP, with Node's error code (ECONNREFUSED, CERT_HAS_EXPIRED, …) when known.
 * An `explained` error's message is whole and meant for the person (what failed and what to do),
 * so it is shown as it is rather than as a cause picked by its code.
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly explained = false,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}
