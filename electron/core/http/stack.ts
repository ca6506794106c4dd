import diagnostics from 'node:diagnostics_channel';
import type net from 'node:net';
import type { Dispatcher } from 'undici';
import buildConnector from 'undici/lib/core/connect.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import { TransportError, type TimingMarks, type TransportRequest, type TransportResponse, type TransportTls } from '../transport';
import { Exchange } from './exchange';
import { StrayGuard } from './strayAnswers';
import { secureContextFor } from './trust';

/**
 * The exchange on undici: one keep-alive dispatcher per set of connection settings, so a
 * connection made one way never carries a request that asked for another. The settings are
 * the TLS ones today; a proxy and a client certificate join the key (and choose the kind of
 * dispatcher) without changing the rest.
 *
 * Loaded on the first request (httpTransport.ts imports it lazily): the command line's --help
 * and a run that fails before sending load none of undici.
 */

/** What a connection depends on beyond its origin. */
export interface ConnectionSettings {
  tls: TransportTls;
}

function settingsKey(settings: ConnectionSettings): string {
  return `${settings.tls.verify ? 'verify' : 'no-verify'}\n${settings.tls.extraCa ?? ''}`;
}

/** When a connection's own steps happened, and whether a request has used it yet. */
interface SocketTimes {
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  used: boolean;
}

const socketTimes = new WeakMap<object, SocketTimes>();

/**
 * The request undici is about to write. undici calls the handler's onRequestStart and then, in
 * the same synchronous step, publishes the socket it writes on (the `undici:client:sendHeaders`
 * channel): that pairs the request's marks with its connection's steps.
 */
let writing: TimingMarks | null = null;

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  const marks = writing;
  writing = null;
  if (!marks) return;
  const times = socketTimes.get((message as { socket: object }).socket);
  if (!times) return;
  if (times.used) {
    marks.reusedConnection = true;
    return;
  }
  times.used = true;
  marks.reusedConnection = false;
  if (times.lookup !== undefined) marks.lookup = times.lookup;
  if (times.connect !== undefined) marks.connect = times.connect;
  if (times.secureConnect !== undefined) marks.secureConnect = times.secureConnect;
});

/**
 * Largest response head (and trailer section) read: what http-parser-js allowed before, more
 * than node:http's 16 KB, for gateways that add many headers.
 */
const MAX_HEADER_BYTES = 80 * 1024;

function createDispatcher(settings: ConnectionSettings, now: () => number, guard: StrayGuard): Dispatcher {
  // HTTP/1.1 only, as before: the timing marks and the checks here are made for it.
  const plain = buildConnector({ allowH2: false });
  let secure: buildConnector.connector | null = null;
  const connect = (options: buildConnector.Options, callback: buildConnector.Callback) => {
    const connector =
      options.protocol === 'https:'
        ? (secure ??= buildConnector({ allowH2: false, secureContext: secureContextFor(settings.tls), rejectUnauthorized: settings.tls.verify }))
        : plain;
    // buildConnector's function returns the socket it made (its type says void).
    const socket = (connector as unknown as (o: buildConnector.Options, c: buildConnector.Callback) => net.Socket | undefined)(options, callback);
    if (!socket) return;
    const times: SocketTimes = { used: false };
    socketTimes.set(socket, times);
    // Before undici's own listeners: undici writes the first request as soon as it hears of the
    // connection, and the marks must say the connection came first.
    socket.prependOnceListener('lookup', () => (times.lookup = now()));
    socket.prependOnceListener('connect', () => (times.connect = now()));
    socket.prependOnceListener('secureConnect', () => (times.secureConnect = now()));
    guard.watch(socket, `${options.protocol}//${options.host}`);
  };
  return new Agent({
    connect,
    allowH2: false,
    // The platform client's time-out covers the whole exchange; undici's own would cut it short.
    headersTimeout: 0,
    bodyTimeout: 0,
    maxHeaderSize: MAX_HEADER_BYTES,
  });
}

export interface Stack {
  send(request: TransportRequest, headers: Record<string, string>, marks: TimingMarks): Promise<TransportResponse>;
  close(): Promise<void>;
}

export function createStack(now: () => number, onProblem: (message: string) => void = () => undefined): Stack {
  const dispatchers = new Map<string, Dispatcher>();
  const guard = new StrayGuard(onProblem);
  // Requests made in one turn of the event loop are handed to undici at its end. A connection
  // whose answer just ended is free again only after undici's own end-of-turn step; a request
  // handed over before then would open a new connection instead of reusing it. A request
  // cancelled before its turn ends is never handed over (nothing is sent).
  let due: Array<() => void> = [];
  const flush = () => {
    const batch = due;
    due = [];
    for (const dispatch of batch) dispatch();
  };
  return {
    send(request, headers, marks) {
      const { url } = request;
      const settings: ConnectionSettings = { tls: request.tls };
      // An origin that sent an answer nobody asked for: a fresh connection each, closed after its answer.
      const fresh = guard.fresh(url.origin);
      const key = `${fresh ? 'fresh\n' : ''}${settingsKey(settings)}`;
      let dispatcher = dispatchers.get(key);
      if (!dispatcher) {
        dispatcher = createDispatcher(settings, now, guard);
        dispatchers.set(key, dispatcher);
      }
      const target = dispatcher;
      return new Promise<TransportResponse>((resolve, reject) => {
        const onWriting = (written: TimingMarks) => {
          writing = written;
          guard.willWrite(exchange);
        };
        const exchange = new Exchange(url, marks, now, request.signal, onWriting, resolve, reject);
        exchange.confirmEnd = (release, fail) => guard.hold(exchange, url, release, fail);
        if (request.signal.aborted) {
          exchange.onResponseError(null, new TransportError('The exchange was aborted.', 'ABORT_ERR'));
          return;
        }
        if (due.length === 0) setImmediate(flush);
        due.push(() => {
          if (exchange.settled) return;
          target.dispatch({ origin: url.origin, path: `${url.pathname}${url.search}`, method: request.method, headers, body: request.body, reset: fresh }, exchange);
        });
      });
    },
    async close() {
      await Promise.all([...dispatchers.values()].map((dispatcher) => dispatcher.close()));
      dispatchers.clear();
      guard.close();
    },
  };
}
