import http from 'node:http';
import type https from 'node:https';
import type { Duplex } from 'node:stream';

/**
 * One HTTP exchange, below the platform client. Built on node:http and node:https rather than
 * fetch because a profile needs per-request TLS settings (verification off, an extra CA for a
 * corporate proxy), which Node's fetch cannot take without a dispatcher from a separate
 * package, and because the sockets are where connection timings come from.
 *
 * Redirects are never followed here: a 3xx comes back as it is.
 */

export interface TransportTls {
  verify: boolean;
  /** PEM text of extra trusted CA certificates, added to the system roots. */
  extraCa: string | null;
}

export interface TransportRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal;
  tls: TransportTls;
}

export interface TransportResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: AsyncIterable<Uint8Array>;
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
}

/** Sends one request; `marks` is filled in as the exchange goes, even when it fails. */
export type Transport = (request: TransportRequest, marks: TimingMarks) => Promise<TransportResponse>;

/** A failure below HTTP, with Node's error code (ECONNREFUSED, CERT_HAS_EXPIRED, …) when known. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * node:https (with TLS) and node:crypto, loaded on the first https request. Loading TLS costs
 * about 15 ms of CPU, a fifth of the command line's start, and a run against a loopback server
 * over http never needs it. getBuiltinModule is synchronous and works the same in the
 * Electron main process (CommonJS) and in the ES module bundles.
 */
function httpsModules() {
  return {
    https: process.getBuiltinModule('node:https'),
    createHash: process.getBuiltinModule('node:crypto').createHash,
    rootCertificates: process.getBuiltinModule('node:tls').rootCertificates,
  };
}

export function createNodeTransport(now: () => number = () => performance.now()): Transport {
  const httpAgent = new http.Agent({ keepAlive: true });
  // One keep-alive agent per TLS setting, so a connection verified one way is never reused
  // for a profile that asked for another.
  const httpsAgents = new Map<string, https.Agent>();
  function httpsAgent(tls: TransportTls): https.Agent {
    const { https: httpsModule, createHash, rootCertificates } = httpsModules();
    const id = `${tls.verify}:${tls.extraCa ? createHash('sha256').update(tls.extraCa).digest('hex') : ''}`;
    let agent = httpsAgents.get(id);
    if (!agent) {
      agent = new httpsModule.Agent({
        keepAlive: true,
        rejectUnauthorized: tls.verify,
        ...(tls.extraCa ? { ca: [...rootCertificates, tls.extraCa] } : {}),
      });
      httpsAgents.set(id, agent);
    }
    return agent;
  }

  return (request, marks) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const secure = request.url.protocol === 'https:';
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== null) headers['content-length'] = String(Buffer.byteLength(request.body));
      const options = {
        method: request.method,
        headers,
        signal: request.signal,
        agent: secure ? httpsAgent(request.tls) : httpAgent,
      };
      const req = secure ? httpsModules().https.request(request.url, options) : http.request(request.url, options);
      let response: http.IncomingMessage | null = null;
      // An abort ends the body too: Node ends the request, and the response is destroyed here so
      // a body that never ends cannot keep a reader waiting.
      request.signal.addEventListener('abort', () => response?.destroy(new TransportError('The exchange was aborted.', 'ABORT_ERR')), {
        once: true,
      });
      // A 101 (or any upgrade) never becomes a 'response': Node hands over the socket, or
      // destroys it when no one listens, and without these two the promise waited for ever.
      req.on('upgrade', (res: http.IncomingMessage, socket: Duplex) => {
        socket.destroy();
        reject(new TransportError(`The server switched protocols (HTTP ${res.statusCode ?? 101}), which this API does not use.`, 'UPGRADE'));
      });
      // Every request closes; only one closed before its answer is a failure (and building an
      // error, with its stack, for each of a run's thousand requests was a measurable cost).
      req.on('close', () => {
        if (response === null) reject(new TransportError('The connection closed before an answer arrived.', 'ECONNRESET'));
      });
      req.on('socket', (socket) => {
        // A socket handed over already connected is a reused keep-alive connection.
        if (!socket.connecting) {
          marks.reusedConnection = true;
          return;
        }
        socket.once('lookup', () => (marks.lookup = now()));
        socket.once('connect', () => (marks.connect = now()));
        socket.once('secureConnect', () => (marks.secureConnect = now()));
      });
      req.on('finish', () => (marks.sent = now()));
      req.on('error', (error: NodeJS.ErrnoException) => reject(new TransportError(error.message, error.code ?? null)));
      req.on('response', (res) => {
        marks.firstByte = now();
        if (res.statusCode === 101) {
          // Without an Upgrade header Node treats a 101 as an ordinary answer and would keep
          // the socket for the next request, though it now speaks another protocol.
          res.socket.destroy();
          reject(new TransportError('The server switched protocols (HTTP 101), which this API does not use.', 'UPGRADE'));
          return;
        }
        response = res;
        // Errors reach the reader through the body's iterator; this keeps a destroy after the
        // reader has stopped (a cut body, an abort) from becoming an uncaught 'error' event.
        res.on('error', () => undefined);
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          headers: responseHeaders,
          body: readBody(res),
        });
      });
      req.end(request.body ?? undefined);
    });
}

/** The body as chunks; a failure mid-body becomes a TransportError like one before it. */
async function* readBody(res: http.IncomingMessage): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of res) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? null;
    throw new TransportError((error as Error).message, code);
  }
}
