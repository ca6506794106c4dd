import diagnostics from 'node:diagnostics_channel';
import type net from 'node:net';
import type tls from 'node:tls';
import type { Dispatcher } from 'undici';
import buildConnector from 'undici/lib/core/connect.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import {
  TransportError,
  type ProxyRoute,
  type TimingMarks,
  type TransportRequest,
  type TransportResponse,
  type TransportTls,
} from './transport';
import { Exchange } from './exchange';
import { clientCertDigest } from './clientCert';
import { createProxyDispatcher, proxyKey } from './proxy';
import type { SocketTimes, TimedConnect } from './socketTimes';
import { StrayGuard } from './strayAnswers';
import { tlsFactsOf, withTlsFailure } from './tlsFacts';
import { secureContextFor } from './trust';

/**
 * The exchange on undici: one keep-alive dispatcher per set of connection settings, so a
 * connection made one way never carries a request that asked for another. The settings are
 * the TLS ones and the proxy route (which chooses the kind of dispatcher: proxy.ts); a client
 * certificate joins the key without changing the rest.
 *
 * Loaded on the first request (httpTransport.ts imports it lazily): the command line's --help
 * and a run that fails before sending load none of undici.
 */

/** What a connection depends on beyond its origin. */
interface ConnectionSettings {
  tls: TransportTls;
  route: ProxyRoute;
}

function settingsKey(settings: ConnectionSettings): string {
  // A client certificate by its digest: the key map holds no key or passphrase.
  const { verify, clientCert, extraCa } = settings.tls;
  return [verify ? 'verify' : 'no-verify', clientCertDigest(clientCert), extraCa ?? '', proxyKey(settings.route)].join('\n');
}

const socketTimes = new WeakMap<object, SocketTimes>();
/** The connection each request was written on, for its failure's TLS alert. */
const connectionOf = new WeakMap<TimingMarks, SocketTimes>();

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
  connectionOf.set(marks, times);
  if (times.tls) marks.tls = times.tls;
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

/** The stack's TimedConnect (socketTimes.ts says what it does). */
function timedConnector(tls: TransportTls, now: () => number, guard: StrayGuard): TimedConnect {
  // HTTP/1.1 only, as before: the timing marks and the checks here are made for it.
  const plain = buildConnector({ allowH2: false });
  let secure: buildConnector.connector | null = null;
  return (options, callback, times = { used: false }) => {
    let connector: buildConnector.connector;
    try {
      connector =
        options.protocol === 'https:'
          ? (secure ??= buildConnector({ allowH2: false, secureContext: secureContextFor(tls), rejectUnauthorized: tls.verify }))
          : plain;
    } catch (error) {
      // The client certificate's material is checked when it is read; this is the last guard.
      callback(unusableContext(error), null);
      return undefined;
    }
    // buildConnector's function returns the socket it made (its type says void).
    const socket = (connector as unknown as (o: buildConnector.Options, c: buildConnector.Callback) => net.Socket | undefined)(
      options,
      callback,
    );
    if (!socket) return undefined;
    socketTimes.set(socket, times);
    // Before undici's own listeners: undici writes the first request as soon as it hears of the
    // connection, and the marks must say the connection came first.
    socket.prependOnceListener('lookup', () => (times.lookup = now()));
    socket.prependOnceListener('connect', () => (times.connect = now()));
    socket.prependOnceListener('secureConnect', () => {
      times.secureConnect = now();
      times.tls = tlsFactsOf(socket as tls.TLSSocket);
    });
    socket.prependListener('error', (error: { code?: unknown }) => {
      if (times.tlsFailure === undefined && typeof error.code === 'string' && error.code.startsWith('ERR_SSL_'))
        times.tlsFailure = error.code;
    });
    guard.watch(socket, `${options.protocol}//${options.host}`);
    return socket;
  };
}

/** A keep-alive dispatcher that opens its connections with `connect`. */
function agentWith(connect: buildConnector.connector): Dispatcher {
  return new Agent({
    connect,
    allowH2: false,
    // The platform client's time-out covers the whole exchange; undici's own would cut it short.
    headersTimeout: 0,
    bodyTimeout: 0,
    maxHeaderSize: MAX_HEADER_BYTES,
  });
}

function unusableContext(error: unknown): TransportError {
  const detail = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  return new TransportError(
    `The TLS settings cannot be used (${detail}): check the client certificate, its key and passphrase, and the CA file.`,
    'ERR_TLS_CONTEXT',
    true,
  );
}

/** What a dispatcher is to the stack: where a request is handed, and how it ends. */
type RouteDispatcher = Pick<Dispatcher, 'dispatch' | 'close'>;

function createDispatcher(settings: ConnectionSettings, now: () => number, guard: StrayGuard): RouteDispatcher {
  const connect = timedConnector(settings.tls, now, guard);
  if (settings.route.kind === 'proxy') return createProxyDispatcher(settings.route, { connect, agent: agentWith, now });
  return agentWith((options, callback) => connect(options, callback));
}

export interface Stack {
  send(request: TransportRequest, headers: Record<string, string>, marks: TimingMarks): Promise<TransportResponse>;
  close(): Promise<void>;
}

export function createStack(now: () => number, onProblem: (message: string) => void = () => undefined): Stack {
  const dispatchers = new Map<string, RouteDispatcher>();
  // A run sends every request with the same TLS settings object: its direct route's key is made once.
  const directKeys = new WeakMap<TransportTls, string>();
  const keyOf = (settings: ConnectionSettings): string => {
    if (settings.route.kind !== 'direct') return settingsKey(settings);
    let key = directKeys.get(settings.tls);
    if (key === undefined) {
      key = settingsKey(settings);
      directKeys.set(settings.tls, key);
    }
    return key;
  };
  const guard = new StrayGuard(onProblem);
  // Requests made in one turn of the event loop are handed to undici at its end. A connection
  // whose answer just ended is free again only after undici's own end-of-turn step; a request
  // handed over before then would open a new connection instead of reusing it. A request
  // cancelled before its turn ends is never handed over (nothing is sent).
  let due: Array<Pending> = [];
  const flush = () => {
    const batch = due;
    due = [];
    for (const pending of batch) {
      if (!pending.exchange.settled) pending.dispatcher.dispatch(pending.options, pending.exchange);
    }
  };
  return {
    send(request, headers, marks) {
      const { url } = request;
      const origin = url.origin;
      const settings: ConnectionSettings = { tls: request.tls, route: request.route ?? DIRECT };
      // An origin that sent an answer nobody asked for: a fresh connection each, closed after its answer.
      const fresh = guard.fresh(origin);
      const key = fresh ? `fresh\n${keyOf(settings)}` : keyOf(settings);
      let dispatcher = dispatchers.get(key);
      if (!dispatcher) {
        dispatcher = createDispatcher(settings, now, guard);
        dispatchers.set(key, dispatcher);
      }
      const target = dispatcher;
      return new Promise<TransportResponse>((resolve, reject) => {
        const exchange = new Exchange(url, marks, now, request.signal, onWriting, resolve, (error) =>
          reject(withTlsFailure(error, connectionOf.get(marks)?.tlsFailure)),
        );
        exchange.confirmEnd = (release, fail) => guard.hold(exchange, url, release, fail);
        exchange.onSent = request.onSent;
        if (request.signal.aborted) {
          exchange.onResponseError(null, new TransportError('The exchange was aborted.', 'ABORT_ERR'));
          return;
        }
        if (due.length === 0) setImmediate(flush);
        due.push({
          dispatcher: target,
          exchange,
          options: { origin, path: url.pathname + url.search, method: request.method, headers, body: request.body, reset: fresh },
        });
      });
    },
    async close() {
      await Promise.all([...dispatchers.values()].map((dispatcher) => dispatcher.close()));
      dispatchers.clear();
      guard.close();
    },
  };

  /** Pairs the request undici is about to write with its socket (the sendHeaders channel, in the same step). */
  function onWriting(exchange: Exchange, marks: TimingMarks): void {
    writing = marks;
    guard.willWrite(exchange);
  }
}

/** A request waiting for the end of the turn to be handed to its dispatcher. */
interface Pending {
  dispatcher: RouteDispatcher;
  exchange: Exchange;
  options: Dispatcher.DispatchOptions;
}

const DIRECT: ProxyRoute = { kind: 'direct' };
