import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback TCP server that answers with raw bytes, for answers node:http would never send
 * (a 101 to a plain POST, headers that never come, a body that never ends).
 */
export interface RawServer {
  url: string;
  /** Sockets the server accepted; a test can check they were closed by the client. */
  sockets: Socket[];
  close(): Promise<void>;
}

/** `onRequest` runs once the request's head (up to the blank line) has arrived. */
export async function startRawServer(onRequest: (socket: Socket, head: string) => void): Promise<RawServer> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    let head = '';
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      if (answered) return;
      head += chunk.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        answered = true;
        onRequest(socket, head);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface KeepAliveRawServer extends RawServer {
  /** Each request as it arrived (head and body), in order. */
  requests: string[];
  /** How many connections the server accepted. */
  connections(): number;
}

/**
 * A loopback TCP server that reads every request on each connection (a head, then as many body
 * bytes as its Content-Length says) and answers each with raw bytes: `answer(socket, request,
 * count)` writes what it likes, when it likes (an extra answer, bytes that never end).
 */
export async function startKeepAliveRawServer(
  answer: (socket: Socket, request: string, count: number) => void,
): Promise<KeepAliveRawServer> {
  const sockets: Socket[] = [];
  const requests: string[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const request = buffered.slice(0, end + 4 + length);
        buffered = buffered.slice(end + 4 + length);
        requests.push(request);
        answer(socket, request, requests.length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sockets,
    requests,
    connections: () => sockets.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
