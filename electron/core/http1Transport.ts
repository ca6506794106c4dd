import { HTTPParser, type OnHeadersCompleteParser } from 'http-parser-js';
import net from 'node:net';
import type tls from 'node:tls';
import { createConnectionPool, type PooledSocket } from './connectionPool';
import { TransportError, type TimingMarks, type Transport, type TransportRequest, type TransportResponse, type TransportTls } from './transport';

/**
 * HTTP/1.1 over a socket we hold, with keep-alive connections kept in a pool.
 *
 * Why not node:http: a run of a thousand invokes spends most of its time in node:http's
 * request and response machinery (ClientRequest, IncomingMessage, their streams), about
 * 170 µs of CPU per exchange here against 30 µs for writing the request and reading the
 * answer ourselves; that machinery alone made the 50× target out of reach. Why not undici:
 * measured slower than node:http on the same run (its 1 MB bundle also doubles the command
 * line's start). The response is read by http-parser-js (a maintained HTTP/1 parser in plain
 * JavaScript, no dependencies), made stricter at this boundary: a Content-Length that is not
 * a number, a protocol switch or a response past the end of the message is refused.
 *
 * What the exchange still gives the platform client, as before: per-request TLS settings
 * (verification off, an extra CA) with connections never shared across them, timing marks from
 * the socket's own events, the body as chunks read as they come (the reader's pace holds the
 * socket back), an abort that ends it at any point, and no redirect followed.
 */

// Header text is read byte for byte (latin1), as node:http reads it, so a key echoed in a
// header in UTF-8 arrives in the form the platform client's byte redactor looks for. The
// library's default ('ascii') would clear each byte's high bit and hide such an echo.
HTTPParser.encoding = 'latin1';

/** RFC 9110 token characters: what a header name may hold. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Header names already checked: the same few are sent on every request. */
const VALID_NAMES = new Set<string>();
/** A header value may not end the line or the header block early. */
const BREAKS_HEADER = /[\r\n\0]/;
/** Past this much unread body, the socket waits for the reader. */
const BODY_HIGH_WATER = 256 * 1024;

/** node:tls with the system roots, loaded on the first https request (about 15 ms of start a loopback run never needs). */
function tlsModule(): typeof tls {
  return process.getBuiltinModule('node:tls');
}

function tlsKey(settings: TransportTls): string {
  if (!settings.extraCa) return `${settings.verify}`;
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update(settings.extraCa).digest('hex');
  return `${settings.verify}:${hash}`;
}

/** The request's head and body as one text, or the reason a header cannot be sent. */
function requestText(request: TransportRequest): string {
  const { url } = request;
  let head = `${request.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(request.headers)) {
    if (!VALID_NAMES.has(name)) {
      if (!TOKEN.test(name)) throw new TransportError(`The header name "${name}" is not valid HTTP.`, 'ERR_INVALID_HTTP_TOKEN');
      if (VALID_NAMES.size < 64) VALID_NAMES.add(name);
    }
    if (BREAKS_HEADER.test(value)) throw new TransportError(`The value of the header "${name}" has a line break or NUL in it.`, 'ERR_INVALID_CHAR');
    head += `${name}: ${value}\r\n`;
  }
  if (request.body !== null) head += `Content-Length: ${Buffer.byteLength(request.body)}\r\n`;
  return `${head}\r\n${request.body ?? ''}`;
}

function connect(url: URL, settings: TransportTls, marks: TimingMarks, now: () => number): PooledSocket {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);
  let socket: PooledSocket;
  if (secure) {
    const tlsApi = tlsModule();
    socket = tlsApi.connect({
      host,
      port,
      ...(net.isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: settings.verify,
      ALPNProtocols: ['http/1.1'],
      ...(settings.extraCa ? { ca: [...tlsApi.rootCertificates, settings.extraCa] } : {}),
    });
    socket.once('secureConnect', () => (marks.secureConnect = now()));
  } else {
    socket = net.connect({ host, port });
  }
  socket.setNoDelay(true);
  socket.once('lookup', () => (marks.lookup = now()));
  socket.once('connect', () => (marks.connect = now()));
  return socket;
}

/**
 * The body's chunks as they are parsed, for one reader. Past BODY_HIGH_WATER unread bytes the
 * socket is paused; a reader that stops early (`return`) ends the exchange.
 */
class BodyQueue implements AsyncIterable<Uint8Array> {
  private chunks: Uint8Array[] = [];
  private queued = 0;
  private ended = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly socket: PooledSocket,
    private readonly onStop: () => void,
  ) {}

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    if (this.queued > BODY_HIGH_WATER) this.socket.pause();
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: Error): void {
    this.error ??= error;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    let finished = false;
    try {
      for (;;) {
        const chunk = this.chunks.shift();
        if (chunk !== undefined) {
          this.queued -= chunk.byteLength;
          // Once the answer has ended the socket may serve the next exchange: its pace is not ours to set.
          if (!this.ended && this.queued <= BODY_HIGH_WATER && this.socket.isPaused()) this.socket.resume();
          yield chunk;
          continue;
        }
        if (this.error) throw this.error;
        if (this.ended) {
          finished = true;
          return;
        }
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    } finally {
      if (!finished) this.onStop();
    }
  }
}

/** What http-parser-js keeps about the chunk it is parsing (not in its types): how far it got. */
interface ParserPosition {
  offset: number;
  end: number;
}

/** The parts of http-parser-js's state machine the chunk-size check below replaces (not in its types). */
interface ParserChunkHead {
  state: string;
  body_bytes: number | null;
  consumeLine(): string | undefined;
  BODY_CHUNKHEAD(): void;
}

/** A chunk-size line: hexadecimal digits (at most 13: beyond that a number is no longer exact), then any extension. */
const CHUNK_SIZE_LINE = /^[0-9A-Fa-f]{1,13}[ \t]*(;.*)?$/;

/**
 * http-parser-js reads a chunk size with parseInt and no check: "-5" moves its position
 * backwards (it then loops for ever, and nothing else in the process runs), "zz" reads as the
 * last chunk (the body is silently cut). This reads the same line and refuses anything else.
 */
function strictChunkHead(this: ParserChunkHead): void {
  const line = this.consumeLine();
  if (line === undefined) return;
  if (!CHUNK_SIZE_LINE.test(line)) throw Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_CHUNK_SIZE' });
  this.body_bytes = parseInt(line, 16);
  this.state = this.body_bytes ? 'BODY_CHUNK' : 'BODY_CHUNKTRAILERS';
}

/** The status line and headers as http-parser-js hands them over. */
type HeaderInfo = Parameters<OnHeadersCompleteParser>[0];

/** What one exchange does with its connection's events while it holds the connection. */
interface Exchange {
  onData(chunk: Buffer): void;
  onError(error: NodeJS.ErrnoException): void;
  onEnd(): void;
  onHeaders(info: HeaderInfo): void;
  onBody(chunk: Buffer): void;
  onMessageComplete(): void;
}

/**
 * A connection and its parser, with listeners added once for its whole life and handed to the
 * exchange that holds it. Anything that happens while it idles in the pool (the server closes
 * it, an error, bytes nobody asked for) drops it.
 */
class Connection {
  readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  /** The exchange using the connection; null while it idles. */
  exchange: Exchange | null = null;

  constructor(
    readonly socket: PooledSocket,
    onIdleEvent: (connection: Connection) => void,
  ) {
    socket.on('data', (chunk: Buffer) => (this.exchange ? this.exchange.onData(chunk) : onIdleEvent(this)));
    socket.on('error', (error: NodeJS.ErrnoException) => (this.exchange ? this.exchange.onError(error) : onIdleEvent(this)));
    socket.on('end', () => (this.exchange ? this.exchange.onEnd() : onIdleEvent(this)));
    socket.on('close', () => (this.exchange ? this.exchange.onEnd() : onIdleEvent(this)));
    // http-parser-js starts over by itself after each message, so one parser serves every exchange.
    (this.parser as unknown as ParserChunkHead).BODY_CHUNKHEAD = strictChunkHead;
    this.parser[HTTPParser.kOnHeadersComplete] = (info) => this.exchange?.onHeaders(info);
    this.parser[HTTPParser.kOnBody] = (chunk, offset, length) => this.exchange?.onBody(chunk.subarray(offset, offset + length));
    this.parser[HTTPParser.kOnMessageComplete] = () => this.exchange?.onMessageComplete();
  }
}

export function createNodeTransport(now: () => number = () => performance.now()): Transport {
  const pool = createConnectionPool<Connection>(now);
  const dropIdle = (connection: Connection) => pool.drop(connection);
  // Requests made in one turn of the event loop (a run sends the next few as answers come in
  // together) are written together at its end: the first write wakes the server, the others
  // find it awake. On this machine's loopback that saves about 10 ms of CPU over 1000 invokes;
  // a request waits at most until the end of the current turn.
  let writes: Array<() => void> = [];
  const flushWrites = () => {
    const due = writes;
    writes = [];
    for (const write of due) write();
  };
  const queueWrite = (write: () => void) => {
    if (writes.length === 0) setImmediate(flushWrites);
    writes.push(write);
  };

  return (request, marks) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const abortError = () => new TransportError('The exchange was aborted.', 'ABORT_ERR');
      if (request.signal.aborted) {
        reject(abortError());
        return;
      }
      let text: string;
      try {
        text = requestText(request);
      } catch (error) {
        reject(error);
        return;
      }
      const secure = request.url.protocol === 'https:';
      const key = `${request.url.protocol}//${request.url.host}${secure ? `|${tlsKey(request.tls)}` : ''}`;
      const pooled = pool.take(key);
      marks.reusedConnection = pooled !== null;
      const connection = pooled ?? new Connection(connect(request.url, request.tls, marks, now), dropIdle);
      const { socket, parser } = connection;

      let body: BodyQueue | null = null;
      let done = false;
      /** A 1xx other than 101: informational, the real answer follows. */
      let informational = false;
      let keepAlive = false;
      let keepAliveHeader: string | undefined;

      const cleanup = () => {
        done = true;
        connection.exchange = null;
        request.signal.removeEventListener('abort', onAbort);
      };
      const fail = (error: Error) => {
        if (done) return;
        cleanup();
        socket.destroy();
        if (body) body.fail(error);
        else reject(error);
      };
      const complete = (leftover: boolean) => {
        cleanup();
        body!.end();
        if (socket.isPaused()) socket.resume();
        // Bytes past the answer mean the connection is out of step: it is not reused.
        if (keepAlive && !leftover && !request.signal.aborted) pool.release(key, connection, keepAliveHeader);
        else socket.destroy();
      };
      const onAbort = () => fail(abortError());

      connection.exchange = {
        onHeaders(info) {
          if (done || body) return;
          if (info.statusCode === 101 || info.upgrade) {
            fail(new TransportError(`The server switched protocols (HTTP ${info.statusCode}), which this API does not use.`, 'UPGRADE'));
            return;
          }
          if (info.statusCode >= 100 && info.statusCode < 200) {
            informational = true;
            return;
          }
          // Collected in a Map, then made an object with Object.fromEntries: a header named
          // "constructor" or "__proto__" is a header like any other (an object built by
          // assignment would take those for its own properties).
          const joined = new Map<string, string>();
          for (let i = 0; i < info.headers.length; i += 2) {
            const name = info.headers[i]!.toLowerCase();
            const value = info.headers[i + 1]!;
            // Each Content-Length line must be a number alone: http-parser-js reads "44, 44" as NaN
            // and then takes the answer as empty, leaving its bytes to be read as the next answer.
            if (name === 'content-length' && !/^\d+$/.test(value)) {
              fail(new TransportError(`The server sent a Content-Length that is not a number ("${value.slice(0, 40)}").`, 'HPE_INVALID_CONTENT_LENGTH'));
              return;
            }
            const earlier = joined.get(name);
            joined.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
          }
          const headers: Record<string, string> = Object.fromEntries(joined);
          const coding = headers['transfer-encoding'];
          // As Node's own parser: chunked is the only transfer coding read, and never beside a length.
          if (coding !== undefined && coding.trim().toLowerCase() !== 'chunked') {
            fail(new TransportError(`The server sent a transfer coding this client does not read ("${coding.slice(0, 40)}").`, 'HPE_INVALID_TRANSFER_ENCODING'));
            return;
          }
          if (coding !== undefined && headers['content-length'] !== undefined) {
            fail(new TransportError('The server sent both Transfer-Encoding and Content-Length, which makes the answer\'s length ambiguous.', 'HPE_UNEXPECTED_CONTENT_LENGTH'));
            return;
          }
          marks.firstByte = now();
          keepAlive = info.shouldKeepAlive;
          keepAliveHeader = headers['keep-alive'];
          body = new BodyQueue(socket, () => fail(abortError()));
          resolve({ status: info.statusCode, statusText: info.statusMessage, headers, body });
        },
        onBody(chunk) {
          if (!done && body) body.push(chunk);
        },
        onMessageComplete() {
          if (done) return;
          if (informational) {
            informational = false;
            return;
          }
          const position = parser as unknown as ParserPosition;
          complete(position.offset < position.end);
        },
        onData(chunk) {
          const parsed = parser.execute(chunk);
          if (parsed instanceof Error) fail(new TransportError(`The server's answer is not valid HTTP (${(parsed as NodeJS.ErrnoException).code ?? parsed.message}).`, (parsed as NodeJS.ErrnoException).code ?? 'HPE_INVALID'));
        },
        onError(error) {
          fail(new TransportError(error.message, error.code ?? null));
        },
        onEnd() {
          // An answer without a length ends when the connection does.
          if (!done && body) parser.finish();
          if (done) return;
          fail(body ? new TransportError('The connection closed before the answer was complete.', 'ECONNRESET') : new TransportError('The connection closed before an answer arrived.', 'ECONNRESET'));
        },
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      queueWrite(() => {
        // Ended before its turn came (aborted, say): nothing is sent.
        if (done) return;
        socket.write(text, 'utf8', (error) => {
          if (!error) marks.sent = now();
        });
      });
    });
}
