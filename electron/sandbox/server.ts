/**
 * The built-in Sandbox: a real local HTTP server that speaks the platform contract.
 *
 * It lets a new user try the app with no account, and the app's tests run against it, so it
 * answers the way a real server would, including its failures: 401 for a missing or wrong
 * key, 404 for unknown ids and paths, 405 with `Allow`, 400 for malformed bodies, 413 for
 * oversized ones. The error body is always `{"detail": "..."}` (the common Django REST
 * Framework shape), because the spec leaves errors undefined and clients must handle some
 * shape.
 *
 * Order of checks, as in a typical framework: authentication first for every /api/ path (so
 * a caller without a key learns nothing about which ids exist), then the route, then the
 * method, then the resource, then the body.
 *
 * The server never logs, so the key cannot leak through it. It listens on 127.0.0.1 by
 * default; the key is still required there, which also makes DNS-rebinding pages harmless.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { findAgent, findGuideline, answerFor, formatDuration, type SandboxAgent, type SandboxGuideline } from './catalog';
import { describePresentation } from '../shared/keyPresentation';
import type { KeyPresentation } from '../shared/api';
import { checkPresentedKey, keyDigest, readBody, sendDetail, sendJson } from './http';
import { parseInvokeBody } from './validate';

/** 'realistic' simulates per-agent processing time; 'none' answers at once (tests, benchmarks). */
export type SandboxLatency = 'realistic' | 'none';

export interface SandboxOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /**
   * A port to try first (the one the last start used, so a copied snippet keeps working);
   * when it cannot be had, a free one is picked instead. Ignored when `port` is given.
   */
  preferredPort?: number;
  /** Interface to listen on; defaults to 127.0.0.1 so nothing outside this machine can reach it. */
  host?: string;
  /** The API key callers must present; random by default. */
  apiKey?: string;
  /** How callers must present it; `Authorization: Bearer <key>` by default. */
  auth?: KeyPresentation;
  latency?: SandboxLatency;
}

/** A running Sandbox. */
export interface SandboxServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:8787`. */
  url: string;
  port: number;
  apiKey: string;
  /** Stops listening and drops every connection, idle or busy; safe to call twice. */
  close(): Promise<void>;
}

const NOT_FOUND = 'Not found.';
const INVOKE_PATH = /^\/api\/agent\/([^/]+)\/invoke\/?$/;
const GUIDELINE_PATH = /^\/api\/guideline\/([^/]+)\/?$/;

/** Jitter added to an agent's base latency, so repeated calls do not look canned. */
const MAX_JITTER_MS = 60;

/** The path part of a request target, percent-decoding nothing (ids are matched as sent). */
function pathOf(req: IncomingMessage): string {
  const target = req.url ?? '/';
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function methodNotAllowed(res: ServerResponse, allow: string, method: string): void {
  sendDetail(res, 405, `Method "${method}" not allowed.`, { Allow: allow });
}

/** Starts a Sandbox and resolves once it is listening. Rejects if the port cannot be bound. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? randomBytes(32).toString('base64url');
  const latency = options.latency ?? 'realistic';
  const expected = keyDigest(apiKey);
  const auth: KeyPresentation = options.auth ?? { kind: 'bearer' };
  const challenge: Record<string, string> =
    auth.kind === 'bearer' ? { 'WWW-Authenticate': 'Bearer' } : auth.kind === 'scheme' ? { 'WWW-Authenticate': auth.scheme } : {};
  // Aborted on close, so simulated processing stops at once instead of outliving the server.
  const shutdown = new AbortController();

  async function invoke(req: IncomingMessage, res: ServerResponse, agent: SandboxAgent): Promise<void> {
    const body = await readBody(req);
    if (!body.ok) {
      if (body.reason === 'too_large') sendDetail(res, 413, 'Request body is larger than 1 MiB.');
      return; // aborted: the client is gone, there is no one to answer
    }
    const parsed = parseInvokeBody(req.headers['content-type'], body.bytes);
    if (!parsed.ok) {
      sendDetail(res, parsed.status, parsed.detail);
      return;
    }
    // Measured, not invented: `duration` is the time this request actually spent here.
    const started = performance.now();
    if (latency === 'realistic') {
      try {
        await delay(agent.baseLatencyMs + randomInt(MAX_JITTER_MS + 1), undefined, { signal: shutdown.signal });
      } catch {
        return; // the server is closing
      }
    }
    const answer = answerFor(agent, parsed.value.text, parsed.value.payload);
    const duration = formatDuration(performance.now() - started, agent.durationFormat);
    const response: Record<string, string> = { answer, duration };
    if (agent.includesToken) response.token = `tok_${randomBytes(12).toString('hex')}`;
    sendJson(res, 200, response);
  }

  // Reads of each changing guideline so far: each GET answers its next version (HEAD moves nothing).
  const reads = new Map<string, number>();
  function nextVersion(guideline: SandboxGuideline, method: string | undefined): string {
    const versions = [guideline.content, ...(guideline.laterVersions ?? [])];
    const read = reads.get(guideline.id) ?? 0;
    if (method === 'GET') reads.set(guideline.id, read + 1);
    return versions[read % versions.length]!;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    if (!path.startsWith('/api/')) {
      sendDetail(res, 404, NOT_FOUND);
      return;
    }
    const outcome = checkPresentedKey(req, auth, expected);
    if (outcome !== 'ok') {
      const detail =
        outcome === 'missing'
          ? `Authentication credentials were not provided. Send the key as "${describePresentation(auth).replace('<key>', '<API key>')}".`
          : 'Invalid API key.';
      sendDetail(res, 401, detail, challenge);
      return;
    }
    const invokeMatch = INVOKE_PATH.exec(path);
    if (invokeMatch !== null) {
      if (method !== 'POST') return methodNotAllowed(res, 'POST', method);
      const agent = findAgent(invokeMatch[1] ?? '');
      if (agent === undefined) return sendDetail(res, 404, NOT_FOUND);
      return invoke(req, res, agent);
    }
    const guidelineMatch = GUIDELINE_PATH.exec(path);
    if (guidelineMatch !== null) {
      if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD', method);
      const guideline = findGuideline(guidelineMatch[1] ?? '');
      if (guideline === undefined) return sendDetail(res, 404, NOT_FOUND);
      // Node sends no body for HEAD by itself; the headers (and Content-Length) match GET.
      const { name, description } = guideline;
      return sendJson(res, 200, { name, description, content: nextVersion(guideline, method) });
    }
    sendDetail(res, 404, NOT_FOUND);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // A bug must cost one request, never the server. No detail: it could echo input.
      sendDetail(res, 500, 'Internal server error.');
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (options.port === undefined && options.preferredPort !== undefined && options.preferredPort > 0) {
    // Taken (or not ours to take): any free port does, the snippet just has to be copied again.
    await listen(options.preferredPort).catch(() => listen(0));
  } else {
    await listen(options.port ?? 0);
  }

  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostForUrl(host)}:${String(port)}`,
    port,
    apiKey,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        shutdown.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // server.close() only stops accepting; without this, keep-alive sockets (and any
        // request mid-flight) would hold it open until they time out.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
