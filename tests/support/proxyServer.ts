import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

/**
 * A real forward proxy on 127.0.0.1 (the `proxy` package: absolute-form requests and CONNECT
 * tunnels), recording what it was asked and every byte it received, so a test can say what a
 * proxy on the path would have seen.
 */
export interface TestProxy {
  /** http://127.0.0.1:port (https:// for a TLS proxy) */
  url: string;
  /** Each request's first line as the proxy read it: "CONNECT 127.0.0.1:443", "GET http://…". */
  asked: string[];
  /** The Proxy-Authorization header of each request, or null. */
  authorizations: (string | null)[];
  /** Every byte that reached the proxy from a client, tunnelled bytes included. */
  seen(): Buffer;
  close(): Promise<void>;
}

export interface TestProxyOptions {
  /** user:password the proxy accepts (Basic); absent: no credentials asked for. */
  credentials?: string;
  /** Answer every CONNECT with this status line instead of opening a tunnel. */
  refuseConnect?: string;
  /** An https:// proxy with this key and certificate (PEM); absent: http://. */
  tls?: { key: string; cert: string };
}

export async function startTestProxy(options: TestProxyOptions = {}): Promise<TestProxy> {
  const asked: string[] = [];
  const authorizations: (string | null)[] = [];
  const received: Buffer[] = [];
  const sockets = new Set<Socket>();
  // An https.Server is an http.Server to the proxy package (same events, over TLS).
  const server = (options.tls ? createTlsServer(options.tls) : createServer()) as Server;
  const note = (request: IncomingMessage) => {
    asked.push(`${request.method} ${request.url}`);
    authorizations.push(request.headers['proxy-authorization'] ?? null);
  };
  // Before the proxy's own listeners, so even a refused request is noted.
  server.prependListener('request', note);
  server.prependListener('connect', note);
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('close', () => sockets.delete(socket));
  });
  if (options.refuseConnect !== undefined) {
    const line = options.refuseConnect;
    server.on('connect', (_request: IncomingMessage, socket: Socket) => socket.end(`${line}\r\nContent-Length: 0\r\n\r\n`));
  } else {
    const proxy = createProxy(server);
    if (options.credentials !== undefined) {
      const expected = `Basic ${Buffer.from(options.credentials).toString('base64')}`;
      proxy.authenticate = (request) => request.headers['proxy-authorization'] === expected;
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    asked,
    authorizations,
    seen: () => Buffer.concat(received),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
