import http from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Dispatcher } from 'undici';
import type buildConnector from 'undici/lib/core/connect.js';
import { printable } from '../../shared/printable';
import { TransportError, type ProxyRoute } from './transport';
import { networkCause } from './networkCauses';
import type { SocketTimes, TimedConnect } from './socketTimes';

/**
 * Requests through a proxy, on undici's dispatchers with a connector of our own:
 *
 * - An https origin is reached through a tunnel: the proxy is asked to CONNECT host:port, and
 *   the TLS handshake with the origin runs inside the tunnel, verified as a direct one is. The
 *   proxy sees the host and port it connects to and nothing else: not the request, not the key.
 * - An http origin is sent to the proxy as an absolute-form request (`GET http://host/path`),
 *   as HTTP proxies expect: the proxy sees the whole request, key included, as anyone on the
 *   path would over http.
 * - Credentials go to the proxy as `Proxy-Authorization: Basic`, on the CONNECT or on each
 *   forwarded request; never to the origin, never into a message or a record.
 *
 * Each route (proxy, credentials) with each TLS setting has its own keep-alive dispatcher (the
 * stack's key), so a tunnel opened one way never carries a request that asked for another.
 *
 * This is instead of undici's ProxyAgent, which does the same two things, because its CONNECT
 * failure says only "Proxy response (407) !== 200": here the proxy's own status line is quoted,
 * a 407 says whether credentials were given, and the timing marks say what happened when.
 *
 * The timing marks through a proxy: DNS is the proxy's name looked up; Connect runs until the
 * tunnel is open (TCP to the proxy, TLS with an https proxy, and the CONNECT answered 200); TLS is
 * the handshake with the origin inside the tunnel. For an http origin (no tunnel), Connect is
 * the TCP connection to the proxy and TLS the handshake with an https proxy.
 */

type ProxyVia = Extract<ProxyRoute, { kind: 'proxy' }>;

export interface ProxyDispatcherDeps {
  /** The stack's connector: TCP or TLS (the profile's trust), with the timing marks noted. */
  connect: TimedConnect;
  /** A keep-alive dispatcher with the stack's limits, opening connections with `connect`. */
  agent: (connect: buildConnector.connector) => Dispatcher;
  now: () => number;
}

/** How long the proxy has to answer a CONNECT, as undici allows for a TCP connection. */
const CONNECT_ANSWER_MS = 10_000;

/** The proxy as shown to a person: scheme://host:port, never its credentials. */
function shownProxy(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** The part of the stack's dispatcher key that a route makes: credentials only as a digest. */
export function proxyKey(route: ProxyRoute): string {
  if (route.kind === 'direct') return 'direct';
  // node:crypto loaded here, not with the stack: a run without a proxy never needs it to start sending.
  const credentials = process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(`${route.username ?? ''}\u0000${route.password ?? ''}`)
    .digest('hex');
  return `${shownProxy(route.url)} ${route.username === null ? '-' : credentials}`;
}

function authorization(route: ProxyVia): Record<string, string> {
  if (route.username === null) return {};
  return { 'proxy-authorization': `Basic ${Buffer.from(`${route.username}:${route.password ?? ''}`).toString('base64')}` };
}

/** undici's connection options for the proxy itself. */
function proxyOptions(url: URL): buildConnector.Options {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return {
    hostname,
    host: url.host,
    protocol: url.protocol,
    port: url.port || (url.protocol === 'https:' ? '443' : '80'),
    ...(isIP(hostname) === 0 ? { servername: hostname } : {}),
  };
}

function unreachable(route: ProxyVia, error: Error): TransportError {
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? code : null;
  const cause = known ? `${networkCause(known) ?? 'it failed'} (${known})` : error.message;
  return new TransportError(
    `Could not reach the proxy ${shownProxy(route.url)}: ${cause}. Check the proxy's address (the proxy setting, --proxy, ` +
      'or HTTPS_PROXY / HTTP_PROXY) and that it is running; nothing was sent to the platform.',
    'PROXY_UNREACHABLE',
    true,
  );
}

function authError(route: ProxyVia, statusLine: string): TransportError {
  const shown = shownProxy(route.url);
  if (route.username === null) {
    return new TransportError(
      `The proxy ${shown} asks for credentials (${statusLine}) and none were given: ` +
        'put them in the proxy URL (http://user:password@host:port) or in the proxy setting.',
      'PROXY_AUTH_REQUIRED',
      true,
    );
  }
  // A user name alone (the password not set yet) is sent as curl -U user: does; a 407 then says what is missing.
  if (route.password === null) {
    return new TransportError(
      `The proxy ${shown} asks for credentials (${statusLine}) ` +
        `and no password was given for the user ${printable(route.username).slice(0, 80)}: ` +
        `set the proxy password (in the profile's Proxy password, or in the proxy URL).`,
      'PROXY_AUTH_REQUIRED',
      true,
    );
  }
  return new TransportError(
    `The proxy ${shown} refused the credentials given (${statusLine}): check the proxy user name and password.`,
    'PROXY_AUTH_REFUSED',
    true,
  );
}

/** A status line as the proxy sent it, one line, at most 200 characters. */
function statusLineOf(response: http.IncomingMessage): string {
  const line = `HTTP/${response.httpVersion} ${response.statusCode ?? ''} ${response.statusMessage ?? ''}`.trim();
  return printable(line).slice(0, 200);
}

/**
 * Asks the proxy, on `socket`, for a tunnel to `authority` (host:port); the callback gets the
 * tunnel's socket or an error that says what the proxy answered.
 */
function openTunnel(
  route: ProxyVia,
  socket: Socket,
  authority: string,
  callback: (error: Error | null, tunnel: Socket | null) => void,
): void {
  let done = false;
  const finish = (error: Error | null, tunnel: Socket | null) => {
    if (done) return;
    done = true;
    socket.setTimeout(0);
    if (error) socket.destroy();
    callback(error, tunnel);
  };
  const request = http.request({
    method: 'CONNECT',
    path: authority,
    headers: { host: authority, ...authorization(route) },
    createConnection: () => socket,
  });
  socket.setTimeout(CONNECT_ANSWER_MS, () =>
    finish(
      new TransportError(
        `The proxy ${shownProxy(route.url)} did not answer the CONNECT to ${authority} within ${CONNECT_ANSWER_MS / 1000} s.`,
        'PROXY_TIMEOUT',
        true,
      ),
      null,
    ),
  );
  request.once('connect', (response: http.IncomingMessage, tunnel: Socket, head: Buffer) => {
    const status = response.statusCode ?? 0;
    if (status === 200) {
      // Bytes the proxy sent past its answer belong to the tunnel.
      if (head.byteLength > 0) tunnel.unshift(head);
      finish(null, tunnel);
      return;
    }
    const line = statusLineOf(response);
    if (status === 407) return finish(authError(route, line), null);
    finish(
      new TransportError(
        `The proxy ${shownProxy(route.url)} refused to open a tunnel to ${authority}: it answered "${line}". ` +
          `Ask whoever runs the proxy to allow ${authority}, or, if the platform can be reached without the proxy, ` +
          'add its host to the proxy bypass list (NO_PROXY, --noproxy).',
        'PROXY_REFUSED',
        true,
      ),
      null,
    );
  });
  request.once('error', (error) => {
    const closed = (error as { code?: unknown }).code === 'ECONNRESET';
    finish(
      closed
        ? new TransportError(
            `The proxy ${shownProxy(route.url)} closed the connection before answering the CONNECT to ${authority}.`,
            'PROXY_CLOSED',
            true,
          )
        : unreachable(route, error),
      null,
    );
  });
  request.end();
}

/**
 * The connector for https origins through the proxy: a connection to the proxy, the CONNECT,
 * then the origin's TLS inside the tunnel, all three noted in one set of timing marks.
 */
function tunnelConnector(route: ProxyVia, deps: ProxyDispatcherDeps): buildConnector.connector {
  return (options, callback) => {
    const times: SocketTimes = { used: false };
    const port = options.port || (options.protocol === 'https:' ? '443' : '80');
    const authority = `${isIP(options.hostname) === 6 ? `[${options.hostname}]` : options.hostname}:${port}`;
    return deps.connect(
      proxyOptions(route.url),
      (error, socket) => {
        if (error || !socket) return callback(unreachable(route, error ?? new Error('no connection')), null);
        openTunnel(route, socket, authority, (tunnelError, tunnel) => {
          if (tunnelError || !tunnel) return callback(tunnelError ?? unreachable(route, new Error('no tunnel')), null);
          // Connect ends with the tunnel open; TLS, if any, is the origin's, from here on.
          times.connect = deps.now();
          delete times.secureConnect;
          if (options.protocol !== 'https:') return callback(null, tunnel);
          deps.connect({ ...options, httpSocket: tunnel }, callback, times);
        });
      },
      times,
    );
  };
}

/**
 * The dispatcher for one proxy route: https origins through tunnels, http origins as
 * absolute-form requests on keep-alive connections to the proxy.
 */
export function createProxyDispatcher(route: ProxyVia, deps: ProxyDispatcherDeps): Pick<Dispatcher, 'dispatch' | 'close'> {
  const tunnels = deps.agent(tunnelConnector(route, deps));
  const forward = deps.agent((options, callback) =>
    deps.connect(options, (error, socket) => (error ? callback(unreachable(route, error), null) : callback(null, socket!))),
  );
  const proxyOrigin = shownProxy(route.url);
  return {
    dispatch(options, handler) {
      const origin = new URL(String(options.origin));
      if (origin.protocol === 'https:') return tunnels.dispatch(options, handler);
      const headers = { ...(options.headers as Record<string, string>), host: origin.host, ...authorization(route) };
      return forward.dispatch(
        { ...options, origin: proxyOrigin, path: `${origin.origin}${options.path}`, headers },
        proxyAnswerGuard(route, handler),
      );
    },
    async close() {
      await Promise.all([tunnels.close(), forward.close()]);
    },
  } as Pick<Dispatcher, 'dispatch' | 'close'>;
}

/**
 * A forwarded request's handler, with a 407 taken for what it is: the proxy asking for (or
 * refusing) credentials, not the platform's answer.
 */
function proxyAnswerGuard(route: ProxyVia, handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler {
  return {
    onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
    onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
    onResponseStart: (controller, statusCode, headers, statusMessage) => {
      if (statusCode === 407) {
        const error = authError(route, `HTTP/1.1 407 ${statusMessage ?? ''}`.trim());
        handler.onResponseError?.(controller, error);
        controller.abort(error);
        return;
      }
      handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
    },
    onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
    onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
    onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    ...('onRequestSent' in handler ? { onRequestSent: () => (handler as { onRequestSent(): void }).onRequestSent() } : {}),
  };
}
