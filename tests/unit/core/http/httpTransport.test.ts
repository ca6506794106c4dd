import type { AddressInfo, Socket } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../../electron/core/http/httpTransport';
import { type TimingMarks, type Transport, TransportError, type TransportTls } from '../../../../electron/core/http/transport';
import { testClient, testTarget } from '../../../support/platformClient';
import { type KeepAliveRawServer, startKeepAliveRawServer } from '../../../support/rawServer';

/**
 * The transport on the standard stack, against servers that answer with exact bytes, so the odd
 * answers real servers give (and the hostile ones) can be made on purpose.
 */

const servers: KeepAliveRawServer[] = [];
const transports: Array<ReturnType<typeof createHttpTransport>> = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function raw(answer: (socket: Socket, request: string, count: number) => void): Promise<KeepAliveRawServer> {
  const server = await startKeepAliveRawServer(answer);
  servers.push(server);
  return server;
}

function transport(): ReturnType<typeof createHttpTransport> {
  const made = createHttpTransport();
  transports.push(made);
  return made;
}

async function send(
  through: Transport,
  url: string,
  options: { headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {},
): Promise<{ status: number; text: string; headers: Record<string, string>; marks: TimingMarks }> {
  const marks: TimingMarks = { start: performance.now(), reusedConnection: false };
  const response = await through(
    {
      url: new URL(`${url}/api/agent/a/invoke/?q=1`),
      method: 'POST',
      headers: options.headers ?? {},
      body: options.body ?? '{"text":"héllo"}',
      signal: options.signal ?? new AbortController().signal,
      tls: { verify: true, extraCa: null },
    },
    marks,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
  return { status: response.status, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers, marks };
}

const ok = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

describe('the HTTP transport', () => {
  it('sends one well-formed request, offering compression, and reuses the connection for the next', async () => {
    const server = await raw((socket) => socket.write(ok('{"answer":"hi"}')));
    const through = transport();
    const first = await send(through, server.url, { headers: { authorization: 'Bearer k' } });
    const second = await send(through, server.url);
    expect(first).toMatchObject({ status: 200, text: '{"answer":"hi"}', marks: { reusedConnection: false } });
    expect(first.marks.connect).toEqual(expect.any(Number));
    expect(second.marks).toMatchObject({ reusedConnection: true });
    expect(server.connections()).toBe(1);
    const request = server.requests[0]!;
    expect(request.startsWith('POST /api/agent/a/invoke/?q=1 HTTP/1.1\r\n')).toBe(true);
    expect(request).toMatch(/\r\nauthorization: Bearer k\r\n/);
    expect(request).toMatch(/\r\naccept-encoding: gzip, deflate, br(, zstd)?\r\n/);
    expect(request.endsWith(`\r\n\r\n${Buffer.from('{"text":"héllo"}').toString('latin1')}`)).toBe(true);
  });

  it('opens a new connection when the server said it closes this one', async () => {
    const server = await raw((socket) => socket.write(ok('{}', 'Connection: close\r\n')));
    const through = transport();
    await send(through, server.url);
    expect((await send(through, server.url)).marks.reusedConnection).toBe(false);
    expect(server.connections()).toBe(2);
  });

  it('reads a chunked answer, one that ends when the connection does, and passes over 103 Early Hints', async () => {
    const chunked = await raw((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\n4\r\n"b"}\r\n0\r\n\r\n'),
    );
    expect((await send(transport(), chunked.url)).text).toBe('{"a":"b"}');
    const untilClose = await raw((socket) => socket.end('HTTP/1.1 200 OK\r\n\r\n{"until":"close"}'));
    expect((await send(transport(), untilClose.url)).text).toBe('{"until":"close"}');
    const hints = await raw((socket) => socket.write(`HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n${ok('{"real":true}')}`));
    expect(await send(transport(), hints.url)).toMatchObject({ status: 200, text: '{"real":true}' });
  });

  it('joins a repeated header, keeps header bytes as they came (latin1), and keeps headers named like object properties', async () => {
    const server = await raw((socket) =>
      socket.write(
        Buffer.concat([
          Buffer.from('HTTP/1.1 200 OK\r\nX-Echo: '),
          Buffer.from('ключ', 'utf8'),
          Buffer.from('\r\nVia: a\r\nVia: b\r\nConstructor: c\r\n__proto__: p\r\nContent-Length: 2\r\n\r\n{}'),
        ]),
      ),
    );
    const answer = await send(transport(), server.url);
    expect(answer.headers['x-echo']).toBe(Buffer.from('ключ', 'utf8').toString('latin1'));
    expect(answer.headers['via']).toBe('a, b');
    expect(Object.keys(answer.headers)).toEqual(expect.arrayContaining(['constructor', '__proto__']));
    expect([answer.headers['constructor'], answer.headers['__proto__']]).toEqual(['c', 'p']);
  });

  it('refuses a Content-Length that is not one number, a bad chunk size, and a protocol switch', async () => {
    const codes: Array<string | null> = [];
    for (const answer of [
      'HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n{}',
      // A list, even of one length twice: read as no body, it would leave the answer's bytes to
      // pass for the next request's.
      'HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\n{}',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nabc',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{"a\r\nzz\r\n":1}\r\n0\r\n\r\n',
      'HTTP/1.1 101 Switching Protocols\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n',
    ]) {
      const server = await raw((socket) => socket.write(answer));
      const failure = await send(transport(), server.url).catch((error: unknown) => error);
      codes.push(failure instanceof TransportError ? failure.code : null);
    }
    expect(codes).toEqual([
      expect.stringMatching(/^HPE_/),
      'HPE_INVALID_CONTENT_LENGTH',
      expect.stringMatching(/^HPE_/),
      expect.stringMatching(/^HPE_/),
      'UPGRADE',
    ]);
  });

  it('refuses a header value that would end the header early, sending nothing', async () => {
    const server = await raw((socket) => socket.write(ok('{}')));
    const failure = await send(transport(), server.url, { headers: { 'x-key': 'a\r\nInjected: yes' } }).catch((error: unknown) => error);
    expect((failure as TransportError).code).toBe('ERR_INVALID_CHAR');
    expect(server.requests).toEqual([]);
  });

  it('says the connection closed when the answer is cut short', async () => {
    const server = await raw((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"cut'));
    const failure = await send(transport(), server.url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as TransportError).code).toMatch(/UND_ERR_SOCKET|ECONNRESET/);
  });

  it('reads a large answer whole, holding the connection back while the reader is slow', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const server = await raw((socket) => socket.write(ok(big)));
    const marks: TimingMarks = { start: 0, reusedConnection: false };
    const response = await transport()(
      {
        url: new URL(server.url),
        method: 'GET',
        headers: {},
        body: null,
        signal: new AbortController().signal,
        tls: { verify: true, extraCa: null },
      },
      marks,
    );
    let received = 0;
    for await (const chunk of response.body) {
      received += chunk.byteLength;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(received).toBe(big.length);
  });

  it('never sends a request cancelled in the turn it was made', async () => {
    const server = await raw((socket, _request, count) => socket.write(ok(`{"n":${count}}`)));
    const through = transport();
    await send(through, server.url); // a kept-alive connection, ready at once
    const controller = new AbortController();
    const cancelled = send(through, server.url, { body: '{"cancelled":true}', signal: controller.signal });
    const kept = Promise.all([send(through, server.url), send(through, server.url)]);
    controller.abort();
    expect(((await cancelled.catch((error: unknown) => error)) as TransportError).code).toBe('ABORT_ERR');
    expect((await kept).map((answer) => answer.status)).toEqual([200, 200]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.join('')).not.toContain('cancelled');
  });
});

describe('hostile servers', () => {
  /** Sends `bytes` of `filler` after `head`, then closes; what the client's heap grew by at most, meanwhile. */
  async function heapGrowthWhile(head: string, filler: string, megabytes: number): Promise<{ growth: number; code: string | null }> {
    const piece = filler.repeat(Math.ceil((64 * 1024) / filler.length)).slice(0, 64 * 1024);
    const server = await raw((socket) => {
      socket.write(head);
      let sent = 0;
      const more = () => {
        while (sent < megabytes * 16) {
          sent += 1;
          if (!socket.write(piece)) {
            socket.once('drain', more);
            return;
          }
        }
        socket.end();
      };
      more();
    });
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
    try {
      const failure = await send(transport(), server.url).then(
        () => null,
        (error: unknown) => error,
      );
      return { growth: (peak - base) / (1024 * 1024), code: failure instanceof TransportError ? failure.code : 'no error' };
    } finally {
      clearInterval(sampler);
    }
  }

  it('does not grow the heap on a chunk-size line, a chunk extension or a trailer section that never ends', async () => {
    const chunked = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    const sizeLine = await heapGrowthWhile(chunked, '0', 64);
    const extension = await heapGrowthWhile(`${chunked}5;`, 'a', 64);
    const trailer = await heapGrowthWhile(`${chunked}2\r\n{}\r\n0\r\nX-Trailer: `, 'a', 64);
    // 64 MB sent each time; an unbounded buffer would hold it all (as a string, twice that).
    for (const outcome of [sizeLine, extension, trailer]) {
      expect(outcome.code).not.toBe('no error');
      expect(outcome.growth).toBeLessThan(24);
    }
  });

  for (const [when, later] of [
    ['in the same write', (write: () => void) => write()],
    ['as its own write right after', (write: () => void) => setImmediate(write)],
  ] as const) {
    it(`never takes an extra answer sent after each answer (${when}) for the next request's: 40 cases, 40 own answers`, async () => {
      const server = await raw((socket, request) => {
        const id = /"case":(\d+)/.exec(request)?.[1] ?? 'none';
        socket.write(ok(`{"case":${id}}`));
        later(() => socket.write(ok('{"case":"stray"}')));
      });
      const through = transport();
      const answers: string[] = [];
      for (let id = 0; id < 40; id += 1) {
        answers.push(await send(through, server.url, { body: `{"case":${id}}` }).then((sent) => sent.text));
      }
      expect(answers).toEqual(Array.from({ length: 40 }, (_, id) => `{"case":${id}}`));
      // The same at concurrency 8.
      const parallel = await Promise.all(
        Array.from({ length: 40 }, (_, id) => send(through, server.url, { body: `{"case":${id}}` }).then((sent) => sent.text)),
      );
      expect(parallel).toEqual(Array.from({ length: 40 }, (_, id) => `{"case":${id}}`));
    });
  }

  it("answers a 204 or 304 with a Content-Length at once, and never reads a 204's body as the next answer", async () => {
    for (const status of ['204 No Content', '304 Not Modified']) {
      const server = await raw((socket) => socket.write(`HTTP/1.1 ${status}\r\nContent-Length: 10\r\n\r\n`));
      const answer = await send(transport(), server.url);
      expect(answer).toMatchObject({ status: Number(status.slice(0, 3)), text: '' });
    }
    const withBody = await raw((socket, _request, count) => socket.write(`HTTP/1.1 204 No Content\r\n\r\n${ok(`{"smuggled":${count}}`)}`));
    const through = transport();
    const first = await send(through, withBody.url);
    const second = await send(through, withBody.url);
    expect([first.status, first.text, second.status, second.text]).toEqual([204, '', 204, '']);
    expect(second.marks.reusedConnection).toBe(false);
  });

  it('ends the exchange at the time-out on an endless chunk extension (through the platform client)', async () => {
    const server = await raw((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;');
      const timer = setInterval(() => (socket.writable ? socket.write('a'.repeat(16 * 1024)) : clearInterval(timer)), 1);
      socket.on('close', () => clearInterval(timer));
    });
    const result = await testClient().invoke(testTarget(server.url, 'hostile-test-key-0123', { timeoutMs: 500 }), {
      agentId: 'agent-1',
      text: 'hi',
      payload: {},
    });
    expect(!result.ok && result.error.code).toBe('timeout');
  });
});

describe('over https', () => {
  /**
   * The transport over https: the profile's TLS settings apply (verification on or off, an extra
   * CA added to the trusted roots), each with its own keep-alive dispatcher. The certificate is a
   * fresh self-signed one.
   */
  let dir: string;
  let server: https.Server;
  let url: URL;
  let cert: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'transport-https-'));
    const key = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    cert = await readFile(certFile, 'utf8');
    server = https.createServer({ key: await readFile(key), cert }, (_request, response) => response.end('{"answer":"over tls"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  async function get(tls: TransportTls): Promise<string> {
    const transport = createHttpTransport();
    const marks: TimingMarks = { start: 0, reusedConnection: false };
    const response = await transport({ url, method: 'GET', headers: {}, body: null, signal: new AbortController().signal, tls }, marks);
    let text = '';
    for await (const chunk of response.body) text += Buffer.from(chunk).toString('utf8');
    expect(marks.secureConnect).toBeDefined();
    return `${response.status} ${text}`;
  }

  describe('the transport over https', () => {
    it('refuses a certificate it cannot verify', async () => {
      const failure = await get({ verify: true, extraCa: null }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransportError);
      expect((failure as TransportError).code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
    });

    it('trusts it as an extra CA, or with verification off', async () => {
      expect(await get({ verify: true, extraCa: cert })).toBe('200 {"answer":"over tls"}');
      expect(await get({ verify: false, extraCa: null })).toBe('200 {"answer":"over tls"}');
    });
  });
});
