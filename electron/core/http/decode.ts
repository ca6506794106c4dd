import type { Readable, Transform } from 'node:stream';
import type zlib from 'node:zlib';
import { RECEIVED_HEAD_BYTES } from '../../shared/api';
import { TransportError, type WireCapture } from './transport';

/**
 * Content codings: what the request offers (`Accept-Encoding`) and how an answer in one is read.
 *
 * Decoding streams, chunk by chunk, at the reader's pace: the platform client counts the decoded
 * bytes against its size cap and stops reading past it, so a small compressed body that inflates
 * to gigabytes (a "bomb") is refused after at most the cap, never held whole. Response headers
 * are kept as received (Content-Encoding and the compressed Content-Length included), so the
 * exchange view shows how the answer travelled. node:zlib is loaded only for an encoded answer.
 */

/** Offered on every request; zstd where this runtime's zlib has it (Node 23.8 and later). */
export const ACCEPT_ENCODING = process.versions['zstd'] ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';

/** More codings than this on one body is refused (each stage is another buffer to fill). */
const MAX_CODINGS = 5;

/** The codings to undo, outermost first, or an error naming the one this client cannot read. */
function codingsOf(header: string): string[] | TransportError {
  const codings = header
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '' && part !== 'identity');
  if (codings.length > MAX_CODINGS) {
    return new TransportError(
      `The server applied ${codings.length} content codings to the body (Content-Encoding: ${header.slice(0, 80)}); at most ${MAX_CODINGS} are read.`,
      'BAD_CONTENT_ENCODING',
      true,
    );
  }
  const unknown = codings.find((coding) => !['gzip', 'x-gzip', 'deflate', 'br', 'zstd'].includes(coding));
  if (unknown !== undefined) {
    return new TransportError(
      `The server sent the body in a content coding this client does not read (Content-Encoding: ${header.slice(0, 80)}).`,
      'BAD_CONTENT_ENCODING',
      true,
    );
  }
  return codings.reverse();
}

function decoderFor(api: typeof zlib, coding: string): Transform {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      // As curl and browsers do: a gzip body cut just before its trailer still decodes.
      return api.createGunzip({ finishFlush: api.constants.Z_SYNC_FLUSH });
    case 'deflate':
      // zlib-wrapped, as RFC 9110 defines it; a raw deflate stream fails with the message below.
      return api.createInflate({ finishFlush: api.constants.Z_SYNC_FLUSH });
    case 'br':
      return api.createBrotliDecompress();
    default:
      // RFC 9659: a zstd window of at most 8 MB, so one answer cannot make the decoder hold more.
      return api.createZstdDecompress({ params: { [api.constants.ZSTD_d_windowLogMax]: 23 } });
  }
}

/**
 * The body with its content codings undone, and what came over the wire (`wire`: counted, and
 * its first bytes kept, as the body is read). A body with no coding is returned as it is, with
 * no `wire`: its bytes are the body's own. A body that says it is compressed and is not fails
 * with an error that says so; a failure of the exchange itself (the connection, an abort)
 * passes through unchanged.
 */
export function decodedBody(
  contentEncoding: string,
  body: AsyncIterable<Uint8Array>,
): { body: AsyncIterable<Uint8Array>; wire?: WireCapture } {
  const codings = codingsOf(contentEncoding);
  if (Array.isArray(codings) && codings.length === 0) return { body };
  const wire: WireCapture = { encoding: contentEncoding, bytes: 0, head: new Uint8Array(0), decodedBytes: 0 };
  if (codings instanceof TransportError) {
    const refused: AsyncIterable<Uint8Array> = {
      [Symbol.asyncIterator]: () => {
        // The exchange is ended: nothing of the body will be read.
        void body[Symbol.asyncIterator]().return?.();
        return { next: () => Promise.reject(codings) };
      },
    };
    return { body: refused, wire };
  }
  return { body: decode(wire, codings, body), wire };
}

/** Counts a chunk as received and keeps what of it falls in the first RECEIVED_HEAD_BYTES. */
function note(wire: WireCapture, chunk: Uint8Array, kept: { buffer: Uint8Array | null }): void {
  const filled = wire.head.byteLength;
  wire.bytes += chunk.byteLength;
  if (filled >= RECEIVED_HEAD_BYTES) return;
  kept.buffer ??= new Uint8Array(RECEIVED_HEAD_BYTES);
  const part = chunk.subarray(0, RECEIVED_HEAD_BYTES - filled);
  kept.buffer.set(part, filled);
  wire.head = kept.buffer.subarray(0, filled + part.byteLength);
}

async function* decode(wire: WireCapture, codings: string[], body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const header = wire.encoding;
  const source = body[Symbol.asyncIterator]();
  const first = await source.next();
  // No bytes at all: nothing to decode (some servers label an empty body).
  if (first.done) return;
  const kept = { buffer: null as Uint8Array | null };
  note(wire, first.value, kept);
  const api = process.getBuiltinModule('node:zlib');
  const { Readable: ReadableStream, pipeline } = process.getBuiltinModule('node:stream');
  async function* all(): AsyncIterable<Uint8Array> {
    yield first.value as Uint8Array;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      note(wire, next.value, kept);
      yield next.value;
    }
  }
  const input = ReadableStream.from(all(), { objectMode: false });
  const decoders = codings.map((coding) => decoderFor(api, coding));
  let failure: Error | null = null;
  const output = pipeline([input, ...decoders] as [Readable, ...Transform[]], (error) => {
    if (error) failure = error;
  }) as unknown as Readable;
  try {
    for await (const chunk of output) {
      wire.decodedBytes += (chunk as Uint8Array).byteLength;
      yield chunk as Uint8Array;
    }
  } catch (error) {
    const cause = failure ?? error;
    if (cause instanceof TransportError) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new TransportError(
      `The server said the body is compressed (Content-Encoding: ${header.slice(0, 80)}), but it could not be decoded as such: ${message}.`,
      'BAD_CONTENT_ENCODING',
      true,
    );
  } finally {
    // Stopped early (the size cap, an abort): the decoders and the exchange end with it.
    output.destroy();
    input.destroy();
    void source.return?.();
  }
}
