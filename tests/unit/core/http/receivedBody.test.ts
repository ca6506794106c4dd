import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../electron/core/http/redact';
import type { ExchangeRecord, GuidelineResult, InvokeResult, ReceivedBody } from '../../../../electron/shared/api';
import { testClient, testTarget } from '../../../support/platformClient';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * The record says how the body came over the wire: its Content-Encoding as sent, the bytes
 * received, and the first 4 KiB of them as they were, with the key kept out of them; against
 * real loopback servers sending gzip, br and plain bodies.
 */

const KEY = 'received-test-key-0123456789abcdef';
const invoke = { agentId: 'agent-1', text: 'hi', payload: {} };
const client = testClient();

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server answering every request with `body`, labelled with `encoding` when given; chunked unless `length`. */
async function serve(status: number, body: Buffer, encoding?: string, options: { length?: boolean } = {}): Promise<TestServer> {
  const server = await startTestServer((_request, response) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...(options.length === false ? {} : { 'content-length': body.byteLength }),
    });
    response.end(body);
  });
  servers.push(server);
  return server;
}

const answer = (text: string) => Buffer.from(JSON.stringify({ answer: text, duration: '12ms' }));
const exchangeOf = (result: InvokeResult | GuidelineResult): ExchangeRecord => (result.ok ? result.value.exchange : result.error.exchange!);
const received = (result: InvokeResult): ReceivedBody | undefined => exchangeOf(result).received;
/** The first bytes as the Raw view shows them: the record's head, or the body text's own bytes when it says they are those. */
const headBytes = (body: ReceivedBody | undefined, result?: InvokeResult) =>
  body?.inBody ? Buffer.from(exchangeOf(result!).responseBody ?? '', 'utf8').subarray(0, 4096) : Buffer.from(body?.head ?? '', 'base64');

describe('the body as received', () => {
  it('a gzip answer: its encoding, the compressed bytes counted, and all of them kept', async () => {
    const plain = answer('compressed hello '.repeat(200));
    const wire = zlib.gzipSync(plain);
    const result = await client.invoke(testTarget((await serve(200, wire, 'gzip')).url, KEY), invoke);
    expect(result.ok).toBe(true);
    expect(received(result)).toMatchObject({ encoding: 'gzip', bytes: wire.byteLength, headTruncated: false });
    expect(headBytes(received(result)).equals(wire)).toBe(true);
    expect(exchangeOf(result).responseBytes).toBe(plain.byteLength);
  });

  it('a br answer longer than 4 KiB, sent chunked: the bytes counted, and only the first 4096 kept', async () => {
    // Random hex hardly compresses, so the wire body is well over 4 KiB.
    const plain = answer(randomBytes(8 * 1024).toString('hex'));
    const wire = zlib.brotliCompressSync(plain);
    expect(wire.byteLength).toBeGreaterThan(8 * 1024);
    const result = await client.invoke(testTarget((await serve(200, wire, 'br', { length: false })).url, KEY), invoke);
    expect(result.ok).toBe(true);
    expect(received(result)).toMatchObject({ encoding: 'br', bytes: wire.byteLength, headTruncated: true });
    expect(headBytes(received(result)).equals(wire.subarray(0, 4096))).toBe(true);
  });

  it('a plain answer: no encoding, and its own bytes, the first 4096 of a long one', async () => {
    const short = answer('plain hello');
    const shortResult = await client.invoke(testTarget((await serve(200, short)).url, KEY), invoke);
    // Valid UTF-8 sent as it is: the record does not keep the bytes twice.
    expect(received(shortResult)).toEqual({ encoding: null, bytes: short.byteLength, head: null, headTruncated: false, inBody: true });
    expect(headBytes(received(shortResult), shortResult).equals(short)).toBe(true);

    const long = answer('x'.repeat(10_000));
    const longResult = await client.invoke(testTarget((await serve(200, long)).url, KEY), invoke);
    expect(received(longResult)).toMatchObject({ encoding: null, bytes: long.byteLength, headTruncated: true, inBody: true });
    expect(headBytes(received(longResult), longResult).equals(long.subarray(0, 4096))).toBe(true);
  });

  it('a plain body that is not UTF-8 (or starts with a byte-order mark): its own bytes are kept, since the text would not give them back', async () => {
    for (const body of [
      Buffer.from('{"answer":"caf\xe9","duration":"1ms"}', 'latin1'),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), answer('bom')]),
    ]) {
      const result = await client.invoke(testTarget((await serve(200, body)).url, KEY), invoke);
      expect(received(result)).toMatchObject({ encoding: null, bytes: body.byteLength, headTruncated: false });
      expect(received(result)?.inBody).toBeUndefined();
      expect(headBytes(received(result)).equals(body)).toBe(true);
    }
  });

  it('a plain error body that echoes the key: the key is redacted in the bytes too, one across the 4 KiB cut included', async () => {
    const start = `{"detail":"bad key ${KEY}","pad":"`;
    // The second echo starts 10 bytes before the cut and ends past it.
    const body = Buffer.from(`${start}${'p'.repeat(4096 - 10 - start.length)}${KEY}"}`);
    const result = await client.invoke(testTarget((await serve(401, body)).url, KEY), invoke);
    expect(!result.ok && result.error.code).toBe('http_status');
    const head = headBytes(received(result), result).toString('latin1');
    expect(head).toContain(`bad key ${REDACTED}`);
    expect(head).not.toContain(KEY);
    expect(head).not.toContain(KEY.slice(0, 8));
  });

  it('a gzip error body that holds the key: the compressed bytes are withheld, and the record says why', async () => {
    const wire = zlib.gzipSync(Buffer.from(`{"detail":"bad key ${KEY}"}`));
    const result = await client.invoke(testTarget((await serve(401, wire, 'gzip')).url, KEY), invoke);
    expect(exchangeOf(result).responseBody).toBe(`{"detail":"bad key ${REDACTED}"}`);
    expect(received(result)).toEqual({ encoding: 'gzip', bytes: wire.byteLength, head: null, headTruncated: false, withheld: 'key' });
  });

  it('a gzip body with the key in its file name field: withheld as well', async () => {
    const plain = zlib.gzipSync(answer('clean'));
    // FLG.FNAME: the name follows the 10-byte header, ended by a zero byte.
    const wire = Buffer.concat([
      plain.subarray(0, 3),
      Buffer.from([0x08]),
      plain.subarray(4, 10),
      Buffer.from(`${KEY}\0`),
      plain.subarray(10),
    ]);
    const result = await client.invoke(testTarget((await serve(200, wire, 'gzip')).url, KEY), invoke);
    expect(result.ok && result.value.response.answer).toBe('clean');
    expect(received(result)).toMatchObject({ head: null, withheld: 'key' });
  });

  it('a gzip answer over the size cap: counted, its bytes withheld as not read whole', async () => {
    const wire = zlib.gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    const result = await client.invoke(testTarget((await serve(200, wire, 'gzip')).url, KEY, { maxResponseBytes: 1024 * 1024 }), invoke);
    expect(!result.ok && result.error.code).toBe('too_large');
    expect(received(result)).toMatchObject({ encoding: 'gzip', head: null, withheld: 'unread' });
    expect(received(result)?.bytes).toBeGreaterThan(0);
  });

  it('a body labelled gzip that is not: the error says so, and the bytes show what came (the key redacted)', async () => {
    const body = Buffer.from(`{"answer":"not compressed at all ${KEY}","duration":"1ms"}`);
    const result = await client.invoke(testTarget((await serve(200, body, 'gzip')).url, KEY), invoke);
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toContain(
      'The server said the body is compressed (Content-Encoding: gzip), but it could not be decoded as such',
    );
    expect(received(result)).toMatchObject({ encoding: 'gzip', bytes: body.byteLength, headTruncated: false });
    expect(headBytes(received(result)).toString('latin1')).toBe(`{"answer":"not compressed at all ${REDACTED}","duration":"1ms"}`);
  });

  it('an empty body: nothing received to describe', async () => {
    const server = await startTestServer((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    servers.push(server);
    const result = await client.getGuideline(testTarget(server.url, KEY), { guidelineId: 'g-1' });
    expect(exchangeOf(result).received).toBeUndefined();
  });
});
