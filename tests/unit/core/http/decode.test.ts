import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { testClient, testTarget } from '../../../support/platformClient';
import { startTestServer, type TestServer } from '../../../support/testServer';

/**
 * Gateways that compress answers whether asked or not: the answer is decoded within the size
 * cap, a bomb is refused, and a body that says it is compressed and is not is an error saying so.
 */

const KEY = 'decode-test-key-0123456789';
const invoke = { agentId: 'agent-1', text: 'hi', payload: {} };
const answer = JSON.stringify({ answer: 'compressed hello', duration: '12ms', token: 't' });

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function gateway(encoding: string, body: Buffer): Promise<TestServer> {
  const server = await startTestServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': body.byteLength });
    response.end(body);
  });
  servers.push(server);
  return server;
}

const encoders: Record<string, (data: Buffer) => Buffer> = {
  gzip: (data) => zlib.gzipSync(data),
  deflate: (data) => zlib.deflateSync(data),
  br: (data) => zlib.brotliCompressSync(data),
  ...(typeof zlib.zstdCompressSync === 'function' ? { zstd: (data: Buffer) => zlib.zstdCompressSync(data) } : {}),
};

describe('compressed answers', () => {
  for (const [encoding, encode] of Object.entries(encoders)) {
    it(`reads a ${encoding} answer, and shows the encoding it came in`, async () => {
      const server = await gateway(encoding, encode(Buffer.from(answer)));
      const result = await testClient().invoke(testTarget(server.url, KEY), invoke);
      expect(result.ok && result.value.response.answer).toBe('compressed hello');
      expect(result.ok && result.value.exchange.responseHeaders['content-encoding']).toBe(encoding);
      expect(server.requests[0]?.headers['accept-encoding']).toMatch(/^gzip, deflate, br/);
    });
  }

  it('refuses a bomb: 64 MB that compress to a few KB stop at the 1 MB cap', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.byteLength).toBeLessThan(128 * 1024);
    const server = await gateway('gzip', bomb);
    const result = await testClient().invoke(testTarget(server.url, KEY, { maxResponseBytes: 1024 * 1024 }), invoke);
    expect(!result.ok && result.error.code).toBe('too_large');
  });

  it('says so when a body labelled gzip is not gzip', async () => {
    const server = await gateway('gzip', Buffer.from(answer));
    const result = await testClient().invoke(testTarget(server.url, KEY), invoke);
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toContain(
      'The server said the body is compressed (Content-Encoding: gzip), but it could not be decoded as such',
    );
  });

  it('says so when the coding is one it does not read', async () => {
    const server = await gateway('compress', Buffer.from(answer));
    const result = await testClient().invoke(testTarget(server.url, KEY), invoke);
    expect(!result.ok && result.error.message).toContain('a content coding this client does not read (Content-Encoding: compress)');
  });
});
