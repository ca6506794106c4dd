import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { onTestFinished } from 'vitest';

export interface TlsTestServer {
  url: string;
  /** The server's self-signed certificate, PEM: trust it as a CA to verify the server. */
  certificate: string;
  close(): Promise<void>;
}

/** A real HTTPS server on 127.0.0.1 with a fresh self-signed certificate for localhost/127.0.0.1. */
export async function startTlsServer(handler: (response: ServerResponse) => void): Promise<TlsTestServer> {
  const pems = await generate([{ name: 'commonName', value: 'Agent Explorer test server' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const server = createServer({ key: pems.private, cert: pems.cert }, (_request, response) => handler(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    certificate: pems.cert,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A CA certificate file (a fresh self-signed certificate, PEM), as a profile's "CA certificate file" names one; removed when the test ends. */
export async function caCertificateFile(): Promise<string> {
  const pems = await generate([{ name: 'commonName', value: 'Agent Explorer test CA' }], {
    keyType: 'ec',
    notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'agent-explorer-ca-'));
  onTestFinished(() => rm(folder, { recursive: true, force: true }));
  const file = path.join(folder, 'corp-ca.pem');
  await writeFile(file, pems.cert);
  return file;
}
