import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPORT_PATH, LAUNCH_SECRET_HEADER, SESSION_PATH, type Api, type SessionAnswer } from '../shared/api';
import { contentSecurityPolicy } from '../shared/csp';
import type { RunProgressSource } from '../core/runs/runProgress';
import { readStaticFile } from '../core/staticFiles';
import { dispatch } from '../core/validate';
import { EVENTS_PATH } from '../shared/hostEventStream';
import { createEventStreams } from './eventStream';
import { createLaunchSessions, readCookies, sessionCookieHeader, sessionCookieName } from './session';
import { invalid, isPlainObject } from '../shared/check';
import type { ExportTickets } from '../core/reports/runs/exportTickets';
import { sendExport } from './exportDownload';

/**
 * Browser mode: the same contract as Electron's IPC, over HTTP on 127.0.0.1, for running
 * without the Electron binary.
 *
 * A loopback port is reachable by every web page the user opens and by every local user, so
 * the host refuses any contract call that:
 * - lacks a session: its cookie AND its page secret (header), which a page gets once for the
 *   one-time token in the printed address (`session.ts` says why both halves);
 * - names a Host other than 127.0.0.1 or localhost on our port (DNS rebinding);
 * - comes with an Origin, or a Sec-Fetch-Site, that is not our own.
 * Static files need no secret (they hold none), but get the same Host check and a strict CSP.
 * The pushed events (`GET /events`, Server-Sent Events: eventStream.ts) get every check a
 * contract call gets: they carry run results, which are as private as any answer. A run's
 * export (`GET /export`, exportDownload.ts) gets them too, its one-time ticket in the place of
 * the page secret a download cannot send.
 */

const MAX_RPC_BODY_BYTES = 16 * 1024 * 1024;
/** Marks a call already answered (refused or malformed). */
const NO_CALL = Symbol('answered');

export interface WebHostOptions {
  api: Api;
  /** The built renderer (dist/renderer). */
  staticDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Told each time a one-time address has been spent (the CLI then prints a fresh one). */
  onTokenUsed?: () => void;
  /** Run exports held for their download (GET /export?ticket=); without them there is none to download. */
  runExports?: Pick<ExportTickets, 'take'>;
  /** Run progress, streamed on GET /events; without one the stream carries only heartbeats. */
  runProgress?: RunProgressSource;
  /** How often an open event stream gets a comment line; 15 s when absent (tests set less). */
  heartbeatMs?: number;
}

export interface WebHost {
  /** The first address to open, with a one-time token in its fragment. */
  url: string;
  /** Another one-time address, for another tab or browser. */
  newLink(): string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const sessions = createLaunchSessions();
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const streams = createEventStreams({
    source: options.runProgress ?? { subscribe: () => () => undefined },
    heartbeatMs: options.heartbeatMs ?? 15_000,
    stillAuthorized: (request) => sessionRefusal(request) === null,
    headers: securityHeaders(),
  });

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: { code: 'internal', message: 'The host failed.' } });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!allowedHosts().has(request.headers.host ?? '')) {
      return sendText(response, 403, 'This host name is not allowed.');
    }
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    if (url.pathname.startsWith('/rpc/')) return handleRpc(request, response, url.pathname.slice('/rpc/'.length));
    if (url.pathname === SESSION_PATH) return handleSession(request, response);
    if (url.pathname === EVENTS_PATH) return handleEvents(request, response);
    if (url.pathname === EXPORT_PATH) return handleExport(request, response, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('allow', 'GET, HEAD');
      return sendText(response, 405, 'Method not allowed.');
    }
    const file = await readStaticFile(options.staticDir, url.pathname);
    if (!file) return sendText(response, 404, 'Not found.');
    response.writeHead(200, {
      'content-type': file.contentType,
      'content-length': file.body.byteLength,
      'cache-control': 'no-store',
      ...securityHeaders(),
    });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  }

  /** The checks every POST shares: method, origin, fetch site, JSON; then the parsed body (or null, answered). */
  async function readCall(request: IncomingMessage, response: ServerResponse, authorize: () => string | null): Promise<unknown> {
    if (request.method !== 'POST') {
      response.setHeader('allow', 'POST');
      sendJson(response, 405, { error: { code: 'invalid_argument', message: 'Use POST.' } });
      return NO_CALL;
    }
    const refusal = crossSiteRefusal(request) ?? authorize();
    if (refusal !== null) return refuse(response, refusal);
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      sendJson(response, 415, { error: { code: 'invalid_argument', message: 'Send application/json.' } });
      return NO_CALL;
    }
    const body = await readBody(request, MAX_RPC_BODY_BYTES);
    if (body === null) {
      sendJson(response, 413, { error: { code: 'invalid_argument', message: 'The request is too large.' } });
      return NO_CALL;
    }
    try {
      return JSON.parse(body) as unknown;
    } catch {
      sendJson(response, 400, { error: { code: 'invalid_argument', message: 'The request body is not JSON.' } });
      return NO_CALL;
    }
  }

  /**
   * Spends a one-time token for a session: the cookie is set here; the page secret is answered,
   * with what the first screen waits for (SessionAnswer), so the page's first question costs no
   * second round trip.
   */
  async function handleSession(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const envelope = await readCall(request, response, () => null);
    if (envelope === NO_CALL) return;
    const token = isPlainObject(envelope) ? envelope['token'] : undefined;
    if (typeof token !== 'string' || token.length > 200) {
      return sendJson(response, 400, { error: { code: 'invalid_argument', message: '"token" must be a string.' } });
    }
    const cookieName = sessionCookieName(port);
    const outcome = sessions.exchange(token, readCookies(request.headers.cookie, cookieName));
    if (!outcome.ok) {
      const message = outcome.reason === 'used' ? 'This address was already used.' : 'This address is not one this host gave out.';
      return sendJson(response, 403, { error: { code: outcome.reason === 'used' ? 'token_used' : 'token_unknown', message } });
    }
    // A failed read costs the page nothing but the round trip it would have made anyway: it asks for each part itself.
    const answer: SessionAnswer = { pageSecret: outcome.pageSecret, startup: await options.api.getStartup().catch(() => null) };
    if (outcome.cookie !== null) response.setHeader('set-cookie', sessionCookieHeader(port, outcome.cookie));
    sendJson(response, 200, { value: answer });
    options.onTokenUsed?.();
  }

  /** Why a request comes from somewhere other than our own page (Origin, Sec-Fetch-Site), or null. */
  function crossSiteRefusal(request: IncomingMessage): string | null {
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) return 'This origin may not call the host.';
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'Cross-site requests may not call the host.';
    return null;
  }

  /** Why a request has no session (its cookie and page secret), or null. */
  function sessionRefusal(request: IncomingMessage): string | null {
    const presented = request.headers[LAUNCH_SECRET_HEADER];
    const cookies = readCookies(request.headers.cookie, sessionCookieName(port));
    return sessions.isAuthorized(cookies, typeof presented === 'string' ? presented : undefined)
      ? null
      : 'This page has no session: open a fresh address from Agent Explorer.';
  }

  /** GET /events: the pushed events as Server-Sent Events, with exactly the checks of a contract call. */
  function handleEvents(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET') {
      response.setHeader('allow', 'GET');
      return sendJson(response, 405, { error: { code: 'invalid_argument', message: 'Use GET.' } });
    }
    const refusal = crossSiteRefusal(request) ?? sessionRefusal(request);
    if (refusal !== null) return void refuse(response, refusal);
    if (!streams.open(request, response)) {
      sendJson(response, 429, { error: { code: 'invalid_argument', message: 'Too many event streams are open.' } });
    }
  }

  /**
   * GET /export?ticket=: a held run export as a download. A download sends the cookie but no
   * header, so the one-time ticket, which only a call with the whole session could get, stands
   * in for the page secret; the cookie and the cross-site checks are a contract call's.
   */
  async function handleExport(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    if (request.method !== 'GET') {
      response.setHeader('allow', 'GET');
      return sendJson(response, 405, { error: { code: 'invalid_argument', message: 'Use GET.' } });
    }
    const hasSession = sessions.hasSession(readCookies(request.headers.cookie, sessionCookieName(port)));
    const refusal =
      crossSiteRefusal(request) ?? (hasSession ? null : 'This page has no session: open a fresh address from Agent Explorer.');
    if (refusal !== null) return void refuse(response, refusal);
    const held = options.runExports?.take(url.searchParams.get('ticket')) ?? invalid('This host holds no exports.');
    if (!held.ok) return sendJson(response, 404, { error: held.error });
    await sendExport(response, held.value, securityHeaders());
  }

  async function handleRpc(request: IncomingMessage, response: ServerResponse, method: string): Promise<void> {
    const envelope = await readCall(request, response, () => sessionRefusal(request));
    if (envelope === NO_CALL) return;
    const argument = isPlainObject(envelope) ? envelope['argument'] : undefined;
    const outcome = await dispatch(options.api, method, argument);
    if (!outcome.ok) return sendJson(response, 400, { error: outcome.error });
    return sendJson(response, 200, { value: outcome.value });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const newLink = () => `${origin}/#token=${sessions.mintToken()}`;
  return {
    url: newLink(),
    newLink,
    origin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        streams.closeAll(); // every stream is ended, and its hub listener and heartbeat with it
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy('browser'),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

function refuse(response: ServerResponse, message: string): typeof NO_CALL {
  sendJson(response, 403, { error: { code: 'invalid_argument', message } });
  return NO_CALL;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...securityHeaders(),
  });
  response.end(text);
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders() });
  response.end(text);
}

/** Reads a request body up to `limit` bytes; null when it is larger. */
function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // Stop keeping it, but drain it, so the 413 can still be read by the caller.
        request.removeAllListeners('data');
        request.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
