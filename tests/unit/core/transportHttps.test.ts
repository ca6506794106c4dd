import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTransport } from '../../../electron/core/http/httpTransport';
import { TransportError, type TimingMarks, type TransportTls } from '../../../electron/core/http/transport';

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
