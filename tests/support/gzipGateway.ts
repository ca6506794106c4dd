import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A company gateway that compresses every answer whether asked or not: a real HTTP server on
 * 127.0.0.1 that forwards each request to `target` and sends the answer back gzipped.
 */
export async function startGzipGateway(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = gzipSync(Buffer.concat(chunks));
          const headers = { ...answer.headers, 'content-encoding': 'gzip', 'content-length': String(body.byteLength) };
          delete headers['transfer-encoding'];
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.end(body);
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
