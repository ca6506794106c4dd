/**
 * Small HTTP building blocks for the Sandbox server: JSON responses, a size-capped body
 * reader and a constant-time bearer-key check. Kept apart from the routes so each piece
 * can be read (and reasoned about for safety) on its own.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { KeyPresentation } from '../shared/api';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body the Sandbox accepts: 1 MiB. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How much of an oversized body we read and throw away before giving up on the connection.
 * Draining (rather than closing at once) lets an ordinary client that is still sending read
 * the 413; the cap stops an endless upload from keeping us busy.
 */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

/** Sends `body` as JSON with the given status and extra headers. A no-op if the client is gone. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** Sends the `{"detail": ...}` error shape every Sandbox error uses. */
export function sendDetail(res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { detail }, headers);
}

export type BodyResult = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_large' } | { ok: false; reason: 'aborted' };

/**
 * Reads a request body, keeping at most `limit` bytes in memory. Over the limit, the rest is
 * read and discarded (up to a cap) so the client can still receive the 413. Never rejects:
 * a client that disconnects or breaks the stream yields `aborted`.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_DRAIN_BYTES) {
        settle({ ok: false, reason: 'too_large' });
        req.destroy();
      } else if (received <= limit) {
        chunks.push(chunk);
      } else {
        chunks.length = 0; // over the limit: stop holding anything
      }
    });
    req.on('end', () => {
      settle(received > limit ? { ok: false, reason: 'too_large' } : { ok: true, bytes: Buffer.concat(chunks) });
    });
    req.on('error', () => settle({ ok: false, reason: 'aborted' }));
    req.on('close', () => settle({ ok: false, reason: 'aborted' }));
  });
}

/** SHA-256 of a string: a fixed-length value, so two keys can be compared in constant time. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export type AuthOutcome = 'ok' | 'missing' | 'invalid';

/**
 * Checks `Authorization: Bearer <key>` against the expected key.
 *
 * Both sides are hashed first so `timingSafeEqual` always compares equal-length buffers: the
 * time taken reveals neither how much of the key matched nor its length. A header that is
 * absent or uses another scheme counts as `missing` (no Bearer credentials were presented);
 * a Bearer header with the wrong or an empty key is `invalid`.
 */
function checkBearer(header: string | undefined, expectedDigest: Buffer): AuthOutcome {
  if (header === undefined) return 'missing';
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  if (match === null) return 'missing';
  const presented = (match[1] ?? '').trim();
  return timingSafeEqual(digest(presented), expectedDigest) && presented !== '' ? 'ok' : 'invalid';
}

/**
 * Checks the key in whichever form the server was told to take it (the platform contract
 * leaves the form open). A request that carries no key in that form is `missing`.
 */
export function checkPresentedKey(req: IncomingMessage, presentation: KeyPresentation, expectedDigest: Buffer): AuthOutcome {
  if (presentation.kind === 'bearer') return checkBearer(req.headers.authorization, expectedDigest);
  let presented: string | undefined;
  if (presentation.kind === 'scheme') {
    const header = req.headers.authorization?.trim() ?? '';
    const prefix = `${presentation.scheme.toLowerCase()} `;
    presented = header.toLowerCase().startsWith(prefix) ? header.slice(prefix.length).trim() : undefined;
  } else if (presentation.kind === 'header') {
    const value = req.headers[presentation.header.toLowerCase()];
    presented = typeof value === 'string' ? value.trim() : undefined;
  } else {
    presented = new URL(req.url ?? '/', 'http://sandbox').searchParams.get(presentation.param) ?? undefined;
  }
  if (presented === undefined) return 'missing';
  return presented !== '' && timingSafeEqual(digest(presented), expectedDigest) ? 'ok' : 'invalid';
}

/** The digest `checkBearer` compares against; computed once per server. */
export function keyDigest(key: string): Buffer {
  return digest(key);
}
