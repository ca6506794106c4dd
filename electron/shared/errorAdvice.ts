import type { ExchangeRecord, PlatformError } from './api';
import { isPlainObject } from './check';

/**
 * What an HTTP error means for the person and what they can do about it, read from the
 * status, the URL that was called and the server's own answer. Pure, so it is tested without
 * rendering; ErrorPanel shows it. Everything taken from the response is untrusted: it is
 * returned as plain strings (React renders them as text), cut to a readable length.
 */

/** Something the person can do right from the error. */
export type ErrorAction = 'set-key' | 'detect';

export interface ErrorAdvice {
  /** The headline, replacing the generic "HTTP 401 Unauthorized". */
  title: string;
  /** The server's own explanation (`detail`, `message` or `error` of a JSON body), cut, or null. */
  serverMessage: string | null;
  /** When to try again, from Retry-After ("retry after 30 s", "retry after 14:05:30"), or null. */
  retryAfter: string | null;
  /** A sentence on what to check, or null. */
  hint: string | null;
  actions: ErrorAction[];
}

/** How much of the server's message the headline shows. */
export const SERVER_MESSAGE_MAX = 200;

/** A message from an untrusted body: control characters and runs of whitespace made single spaces, cut. */
function tidy(text: string): string | null {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  if (flat === '') return null;
  return flat.length > SERVER_MESSAGE_MAX ? `${flat.slice(0, SERVER_MESSAGE_MAX)}…` : flat;
}

/**
 * The server's own message: a JSON object's `detail`, `message` or `error` (the names
 * FastAPI, Express-style and many gateways use), or `error.message` one level down.
 */
export function serverMessageOf(body: string | null): string | null {
  if (body === null || body.length > 1_000_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isPlainObject(parsed)) return null;
  const record = parsed;
  for (const name of ['detail', 'message', 'error']) {
    const value = record[name];
    if (typeof value === 'string') return tidy(value);
    if (isPlainObject(value) && typeof value['message'] === 'string') {
      return tidy(value['message']);
    }
  }
  return null;
}

/** "14:05:30" in the person's own clock; a function so tests can use the same formatting. */
export function clockTime(date: Date): string {
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Retry-After as words: delta-seconds ("30") or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterOf(headers: Readonly<Record<string, string>>): string | null {
  const value = headers['retry-after']?.trim();
  if (!value) return null;
  if (/^\d{1,10}$/.test(value)) return `retry after ${Number(value)} s`;
  // Only something that looks like an HTTP date: Date.parse accepts too much on its own.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : `retry after ${clockTime(new Date(time))}`;
}

/** Which kind of id the URL was about, and the id, from the platform's paths (/api/agent/{id}/…, /api/guideline/{id}/). */
function calledId(url: string): { kind: 'agent' | 'guideline'; id: string } | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\/api\/(agent|guideline)\/([^/]+)\//.exec(path);
  if (!match) return null;
  let id = match[2]!;
  try {
    id = decodeURIComponent(id);
  } catch {
    // Shown as sent.
  }
  return { kind: match[1] as 'agent' | 'guideline', id: tidy(id) ?? id };
}

const STATUS_LINE = (exchange: ExchangeRecord) => `HTTP ${exchange.status} ${exchange.statusText}`.trim();

/** Advice for an `http_status` error (the status line as title for statuses without advice); null for other codes. */
export function errorAdvice(error: PlatformError): ErrorAdvice | null {
  const exchange = error.exchange;
  if (error.code !== 'http_status' || !exchange || exchange.status === null) return null;
  const status = exchange.status;
  const serverMessage = serverMessageOf(exchange.responseBody);
  const line = STATUS_LINE(exchange);
  if (status === 401 || status === 403) {
    return {
      title: `The key was refused (${line})`,
      serverMessage,
      retryAfter: null,
      hint:
        status === 401
          ? 'The server did not accept the key: it may be missing, wrong, or sent in a form this server does not read.'
          : 'The server knows the key but does not allow this request with it, or expects the key in another form.',
      actions: ['set-key', 'detect'],
    };
  }
  if (status === 404) {
    const called = calledId(exchange.url);
    const what = called ? `${called.kind === 'agent' ? 'Agent' : 'Guideline'} “${called.id}”` : 'This address';
    return {
      title: `${what} is unknown to this server (${line})`,
      serverMessage,
      retryAfter: null,
      hint: `Check the id, and that the active profile's base URL points at the server that has this ${called?.kind ?? 'resource'}.`,
      actions: [],
    };
  }
  if (status === 429 || status === 503) {
    return {
      title: status === 429 ? `Too many requests (${line})` : `The server is unavailable for now (${line})`,
      serverMessage,
      retryAfter: retryAfterOf(exchange.responseHeaders),
      hint: null,
      actions: [],
    };
  }
  return { title: line, serverMessage, retryAfter: null, hint: null, actions: [] };
}
