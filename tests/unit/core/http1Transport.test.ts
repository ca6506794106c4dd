import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionPool, idleLifetimeMs, type PooledSocket } from '../../../electron/core/connectionPool';
import { createNodeTransport } from '../../../electron/core/http1Transport';
import { createPlatformClient } from '../../../electron/core/platformClient';
import { TransportError, type TimingMarks, type Transport } from '../../../electron/core/transport';

/**
 * The transport that speaks HTTP/1.1 on its own sockets (the run's speed comes from it): what
 * node:http did for us and it must now do itself. Each server here answers with exact bytes,
 * so the odd answers real servers give can be made on purpose.
 */

const servers: net.Server[] = [];
afterEach(async () => {
  // The transport keeps idle connections open (its pool): the servers end them.
  await Promise.all(
    servers.splice(0).map((server) => {
      for (const socket of (server as net.Server & { sockets?: Set<net.Socket> }).sockets ?? []) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

/** Keeps each server's sockets, so afterEach can end them. */
function track(server: net.Server): net.Server {
  const sockets = new Set<net.Socket>();
  Object.assign(server, { sockets });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  servers.push(server);
  return server;
}

/** A server that answers every request it reads (one per blank line after the headers) with `answer(n)`. */
async function rawServer(answer: (count: number) => string | Buffer): Promise<{ url: URL; connections: () => number; requests: string[] }> {
  let connections = 0;
  let count = 0;
  const requests: string[] = [];
  const server = net.createServer((socket) => {
    connections += 1;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        requests.push(buffered.slice(0, end + 4 + length));
        buffered = buffered.slice(end + 4 + length);
        count += 1;
        socket.write(answer(count));
      }
    });
    socket.on('error', () => undefined);
  });
  track(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/api/agent/a/invoke/?q=1`), connections: () => connections, requests };
}

async function send(transport: Transport, url: URL, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Record<string, string>; marks: TimingMarks }> {
  const marks: TimingMarks = { start: 0, reusedConnection: false };
  const response = await transport({ url, method: 'POST', headers, body: '{"text":"héllo"}', signal: new AbortController().signal, tls: { verify: true, extraCa: null } }, marks);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers, marks };
}

const ok = (body: string, extra = '') => `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

describe('the HTTP/1.1 transport', () => {
  it('sends one well-formed request and reuses the connection for the next', async () => {
    const server = await rawServer(() => ok('{"answer":"hi"}'));
    const transport = createNodeTransport();
    const first = await send(transport, server.url, { authorization: 'Bearer k' });
    const second = await send(transport, server.url);
    expect(first).toMatchObject({ status: 200, text: '{"answer":"hi"}', marks: { reusedConnection: false } });
    expect(second.marks.reusedConnection).toBe(true);
    expect(server.connections()).toBe(1);
    expect(server.requests[0]).toBe(
      `POST /api/agent/a/invoke/?q=1 HTTP/1.1\r\nHost: ${server.url.host}\r\nConnection: keep-alive\r\nauthorization: Bearer k\r\nContent-Length: 17\r\n\r\n{"text":"héllo"}`.replace('é', 'Ã©'),
    );
  });

  it('opens a new connection when the server said it closes this one', async () => {
    const server = await rawServer(() => ok('{}', 'Connection: close\r\n'));
    const transport = createNodeTransport();
    await send(transport, server.url);
    expect((await send(transport, server.url)).marks.reusedConnection).toBe(false);
    expect(server.connections()).toBe(2);
  });

  it('reads a chunked answer, and one that ends when the connection does', async () => {
    const chunked = await rawServer(() => 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n4\r\n"b"}\r\n0\r\n\r\n');
    expect((await send(createNodeTransport(), chunked.url)).text).toBe('{"a":"b"}');
    const server = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\n\r\n{"until":"close"}')));
    track(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
    expect((await send(createNodeTransport(), url)).text).toBe('{"until":"close"}');
  });

  it('passes over informational answers (100, 103) to the real one', async () => {
    const server = await rawServer(() => `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${ok('{"real":true}')}`);
    const answer = await send(createNodeTransport(), server.url);
    expect(answer).toMatchObject({ status: 200, text: '{"real":true}' });
  });

  it('joins a repeated header and keeps header bytes as they came (latin1)', async () => {
    const server = await rawServer(() => Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nX-Echo: '), Buffer.from('ключ', 'utf8'), Buffer.from('\r\nVia: a\r\nVia: b\r\nContent-Length: 2\r\n\r\n{}')]));
    const answer = await send(createNodeTransport(), server.url);
    expect(answer.headers['x-echo']).toBe(Buffer.from('ключ', 'utf8').toString('latin1'));
    expect(answer.headers['via']).toBe('a, b');
  });

  it('keeps headers named like object properties ("constructor", "__proto__") as the server sent them', async () => {
    const server = await rawServer(() => ok('{"answer":"hi","duration":"1ms"}', 'Constructor: a\r\n__proto__: b\r\ntoString: c\r\n'));
    const transport = createNodeTransport();
    expect((await send(transport, server.url)).headers).toMatchObject({ constructor: 'a', __proto__: 'b', tostring: 'c' });
    // What the Response view shows: the exchange's headers, through the platform client.
    const client = createPlatformClient({ transport, now: () => performance.now(), wallClock: () => new Date(), userAgent: 'test' });
    const target = { baseUrl: server.url.origin, apiKey: 'test-key-0123456789', auth: { kind: 'bearer' as const }, timeoutMs: 5000, tls: { verify: true, extraCa: null }, maxResponseBytes: 1 << 20 };
    const result = await client.invoke(target, { agentId: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73', text: 'x', payload: {} });
    expect(result.ok).toBe(true);
    const headers = result.ok ? result.value.exchange.responseHeaders : {};
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(['constructor', '__proto__', 'tostring']));
    expect([headers['constructor'], headers['__proto__'], headers['tostring']]).toEqual(['a', 'b', 'c']);
  });

  it('refuses a Content-Length that is not a number, and a protocol switch', async () => {
    const bad = await rawServer(() => 'HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n{}');
    const failure = await send(createNodeTransport(), bad.url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).code).toBe('HPE_INVALID_CONTENT_LENGTH');
    // A list, even of one length twice: the parser would read it as no body at all and leave
    // the answer's bytes to be taken for the next request's.
    const listed = await rawServer(() => 'HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n{}');
    expect(((await send(createNodeTransport(), listed.url).catch((error: unknown) => error)) as TransportError).code).toBe('HPE_INVALID_CONTENT_LENGTH');
    const upgrade = await rawServer(() => 'HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n');
    expect(((await send(createNodeTransport(), upgrade.url).catch((error: unknown) => error)) as TransportError).code).toBe('UPGRADE');
  });

  it('does not reuse a connection that sent bytes past the answer', async () => {
    const server = await rawServer(() => `${ok('{}')}HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}`);
    const transport = createNodeTransport();
    await send(transport, server.url);
    expect((await send(transport, server.url)).marks.reusedConnection).toBe(false);
  });

  it('drops an idle connection that the server closes or that receives bytes nobody asked for', async () => {
    const sockets: net.Socket[] = [];
    let count = 0;
    const server = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('data', () => socket.write(ok(`{"n":${(count += 1)}}`)));
      socket.on('error', () => undefined);
    });
    track(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
    const transport = createNodeTransport();
    await send(transport, url);
    // Stray bytes on the idle connection: it is out of step, so it is not reused.
    sockets[0]!.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await send(transport, url);
    expect(second).toMatchObject({ text: '{"n":2}', marks: { reusedConnection: false } });
    // The server closes the idle connection: the next request opens another and succeeds.
    sockets[1]!.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await send(transport, url)).toMatchObject({ text: '{"n":3}', marks: { reusedConnection: false } });
    expect(sockets).toHaveLength(3);
  });

  it('writes requests made in one turn together at its end, and never sends one cancelled before then', async () => {
    const server = await rawServer((count) => ok(`{"n":${count}}`));
    const transport = createNodeTransport();
    const controller = new AbortController();
    const marks = () => ({ start: 0, reusedConnection: false });
    const request = (signal: AbortSignal, body = '{}') => transport({ url: server.url, method: 'POST', headers: {}, body, signal, tls: { verify: true, extraCa: null } }, marks());
    await send(transport, server.url); // a kept-alive connection, ready to write on at once
    const cancelled = request(controller.signal, '{"cancelled":true}');
    const kept = Promise.all([request(new AbortController().signal), request(new AbortController().signal)]);
    controller.abort();
    expect(((await cancelled.catch((error: unknown) => error)) as TransportError).code).toBe('ABORT_ERR');
    expect((await kept).map((response) => response.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(3);
    expect(server.requests.join('')).not.toContain('cancelled');
  });

  it('refuses chunk sizes that are not hexadecimal numbers, and transfer codings it does not read', async () => {
    const codes: Array<string | null> = [];
    for (const answer of [
      // A negative size once sent the parser backwards for ever, with nothing else able to run.
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabc',
      // Not a number: once read as the last chunk, the body silently cut.
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{"a\r\nzz\r\n":1}\r\n0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ]) {
      const server = await rawServer(() => answer);
      const failure = await send(createNodeTransport(), server.url).catch((error: unknown) => error);
      codes.push(failure instanceof TransportError ? failure.code : null);
    }
    expect(codes).toEqual(['HPE_INVALID_CHUNK_SIZE', 'HPE_INVALID_CHUNK_SIZE', 'HPE_INVALID_TRANSFER_ENCODING', 'HPE_UNEXPECTED_CONTENT_LENGTH']);
    // A size with an extension is a size.
    const extended = await rawServer(() => 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;name=value\r\n{}\r\n0\r\n\r\n');
    expect((await send(createNodeTransport(), extended.url)).text).toBe('{}');
  });

  it('refuses a header value that would end the header early, sending nothing', async () => {
    const server = await rawServer(() => ok('{}'));
    const failure = await send(createNodeTransport(), server.url, { 'x-key': 'a\r\nInjected: yes' }).catch((error: unknown) => error);
    expect((failure as TransportError).code).toBe('ERR_INVALID_CHAR');
    expect(server.requests).toEqual([]);
  });

  it('says the connection closed when the answer is cut short', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"cut')));
    track(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`);
    const failure = await send(createNodeTransport(), url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).message).toBe('The connection closed before the answer was complete.');
  });

  it('reads a large answer whole, holding the socket back while the reader is slow', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const server = await rawServer(() => ok(big));
    const marks: TimingMarks = { start: 0, reusedConnection: false };
    const response = await createNodeTransport()({ url: server.url, method: 'GET', headers: {}, body: null, signal: new AbortController().signal, tls: { verify: true, extraCa: null } }, marks);
    let received = 0;
    for await (const chunk of response.body) {
      received += chunk.byteLength;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(received).toBe(big.length);
  });

  it("keeps an idle connection for the server's Keep-Alive timeout less a second, or 4 s when it says none", () => {
    expect(idleLifetimeMs('timeout=5')).toBe(4000);
    expect(idleLifetimeMs('timeout=5, max=100')).toBe(4000);
    expect(idleLifetimeMs('max=100, timeout=1')).toBe(0);
    expect(idleLifetimeMs(undefined)).toBe(4000);
  });

  it('closes a connection idle past its lifetime with one timer, and never hands it out again', () => {
    vi.useFakeTimers();
    try {
      let time = 0;
      const pool = createConnectionPool<{ socket: PooledSocket }>(() => time);
      const fakeSocket = () => {
        const socket = { destroyed: false, writable: true, destroy: vi.fn(() => (socket.destroyed = true)), ref: vi.fn(), unref: vi.fn() };
        return { socket: socket as unknown as PooledSocket, spy: socket };
      };
      const a = fakeSocket();
      const b = fakeSocket();
      pool.release('http://h', a, 'timeout=3');
      time = 1000;
      pool.release('http://h', b, 'timeout=5');
      expect(a.spy.unref).toHaveBeenCalled();
      // a's 2 s are over, b's 4 s are not.
      time = 2000;
      vi.advanceTimersByTime(2000);
      expect(a.spy.destroy).toHaveBeenCalled();
      expect(b.spy.destroy).not.toHaveBeenCalled();
      expect(pool.take('http://h')).toBe(b);
      expect(pool.take('http://h')).toBeNull();
      // An expired connection still waiting for the timer is not handed out either.
      const c = fakeSocket();
      pool.release('http://h', c, 'timeout=2');
      time = 3500;
      expect(pool.take('http://h')).toBeNull();
      expect(c.spy.destroy).toHaveBeenCalled();
      expect(vi.getTimerCount()).toBeLessThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
