import { RECEIVED_HEAD_BYTES, type ReceivedBody } from '../../shared/api';
import { createRedactor, createStreamRedactor } from './redact';
import type { WireCapture } from './transport';

/**
 * How a response body came over the wire, for the exchange record (`ReceivedBody`): its
 * encoding, the bytes received and the first RECEIVED_HEAD_BYTES of them, with the key kept out.
 *
 * The key may be in a body (a server echoing it in an error page). A body sent as it is has
 * its first bytes redacted like its text: the key, in every form the redactor knows, becomes
 * "[redacted key]". Compressed bytes cannot be searched for the key, so they are kept only when
 * the decoded body was read whole and holds no form of it (and the bytes themselves hold none
 * either, e.g. in a gzip file name); otherwise they are withheld and the record says why. A body
 * labelled compressed of which nothing at all could be decoded is not compressed data: its bytes
 * are redacted as they are, like a body sent as it is, so the Raw view shows what really came.
 */

/** What the platform client read of a body. */
export interface BodyRead {
  /** The bytes read, decoded (for a body without a content coding, the bytes as received); null when not kept. */
  data: Uint8Array | null;
  /** How many decoded bytes were read. */
  bytes: number;
  /** True when `data` is the whole body. */
  complete: boolean;
  /** Whether the body's text held the key, when its redaction already found out. */
  holdsKey?: boolean;
}

/** The record's `received`, or undefined when no body arrived. */
export function receivedBody(
  wire: WireCapture | undefined,
  contentEncoding: string | undefined,
  read: BodyRead,
  secret: string | null,
): ReceivedBody | undefined {
  if (wire === undefined) return asSent(contentEncoding ?? null, read, secret);
  if (wire.bytes === 0) return undefined;
  const headTruncated = wire.bytes > wire.head.byteLength;
  const received = { encoding: wire.encoding, bytes: wire.bytes };
  if (read.complete && read.data !== null) {
    const holdsKey = read.holdsKey ?? bytesHoldKey(read.data, true, secret);
    if (holdsKey || bytesHoldKey(wire.head, !headTruncated, secret))
      return { ...received, head: null, headTruncated: false, withheld: 'key' };
    return { ...received, head: base64(wire.head), headTruncated };
  }
  if (wire.decodedBytes === 0) {
    // Nothing decoded: the bytes are not a compressed stream, only labelled as one.
    return { ...received, head: base64(redactedBytes(wire.head, !headTruncated, secret)), headTruncated };
  }
  return { ...received, head: null, headTruncated: false, withheld: 'unread' };
}

/** A body without a content coding: its bytes are the body's, redacted as its text is. */
function asSent(encoding: string | null, read: BodyRead, secret: string | null): ReceivedBody | undefined {
  if (read.bytes === 0) return undefined;
  if (read.data === null) return { encoding, bytes: read.bytes, head: null, headTruncated: false, withheld: 'unread' };
  const redactor = createRedactor(secret, 'bytes');
  // A little past the cut, so a key that straddles it is seen whole (and redacted whole).
  const window = read.data.subarray(0, RECEIVED_HEAD_BYTES + redactor.maxMatchLength);
  const whole = window.byteLength <= RECEIVED_HEAD_BYTES && read.complete;
  // The usual case: a short body whose bytes are its text's own, which the record keeps already
  // (redacted there); the head would be all of it.
  if (whole && isPlainUtf8(window))
    return { encoding, bytes: read.bytes, head: null, headTruncated: read.bytes > window.byteLength, inBody: true };
  const text = latin1(window);
  const { out, consumed } = whole
    ? { out: redactor.redact(text), consumed: text.length }
    : redactor.redactUpTo(text, Math.min(text.length, RECEIVED_HEAD_BYTES));
  const headTruncated = !read.complete || read.bytes > consumed;
  if (isPlainUtf8(window)) return { encoding, bytes: read.bytes, head: null, headTruncated, inBody: true };
  return { encoding, bytes: read.bytes, head: Buffer.from(out, 'latin1').toString('base64'), headTruncated };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Valid UTF-8 with no byte-order mark (a sequence cut at the window's end is allowed): what TextDecoder turns into the body text and back, byte for byte. */
function isPlainUtf8(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  try {
    STRICT_UTF8.decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    STRICT_UTF8.decode();
  }
}

/** `bytes` with the key redacted; `complete` false when more followed, so a key's start at the end goes too. */
function redactedBytes(bytes: Uint8Array, complete: boolean, secret: string | null): Uint8Array {
  const redacting = createStreamRedactor(secret);
  return Buffer.concat([redacting.push(bytes), redacting.end(complete)]);
}

function bytesHoldKey(bytes: Uint8Array, complete: boolean, secret: string | null): boolean {
  return !Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(redactedBytes(bytes, complete, secret));
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
