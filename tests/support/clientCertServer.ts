import { execFileSync, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/**
 * A private PKI made by the test with openssl, and servers that require a client certificate
 * from it. Files (in `dir`): root.pem (the private root), server.pem/.key (CN=platform.test,
 * for 127.0.0.1), client.pem + client.key (CN=analyst), client.enc.key (the same key encrypted
 * with PASSPHRASE), client.p12 (certificate and key, PKCS#12 with PASSPHRASE), and
 * intruder.pem/.key (CN=intruder, from another root).
 */
export const PASSPHRASE = 'pkcs-test-passphrase-7f3a9c';

export interface TestPki {
  file(name: string): string;
  rootPem: string;
}

export async function makeTestPki(dir: string): Promise<TestPki> {
  const file = (name: string) => path.join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl([
    'req',
    '-x509',
    ...newKey,
    '-keyout',
    file('root.key'),
    '-out',
    file('root.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Agent Explorer Test Root/O=Tests',
  ]);
  openssl(['req', '-x509', ...newKey, '-keyout', file('other.key'), '-out', file('other.pem'), '-days', '1', '-subj', '/CN=Other Root']);
  await writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  const issue = (name: string, subject: string, ca: string, extensions: string[] = []) => {
    openssl(['req', ...newKey, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject]);
    openssl([
      'x509',
      '-req',
      '-in',
      file(`${name}.csr`),
      '-CA',
      file(`${ca}.pem`),
      '-CAkey',
      file(`${ca}.key`),
      '-CAcreateserial',
      '-out',
      file(`${name}.pem`),
      '-days',
      '1',
      ...extensions,
    ]);
  };
  issue('server', '/CN=platform.test', 'root', ['-extfile', file('server.ext')]);
  issue('client', '/CN=analyst/O=Tests', 'root');
  issue('intruder', '/CN=intruder', 'other');
  openssl([
    'pkcs8',
    '-topk8',
    '-in',
    file('client.key'),
    '-out',
    file('client.enc.key'),
    '-v2',
    'aes-256-cbc',
    '-passout',
    `pass:${PASSPHRASE}`,
  ]);
  openssl([
    'pkcs12',
    '-export',
    '-in',
    file('client.pem'),
    '-inkey',
    file('client.key'),
    '-out',
    file('client.p12'),
    '-passout',
    `pass:${PASSPHRASE}`,
  ]);
  return { file, rootPem: await readFile(file('root.pem'), 'utf8') };
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/**
 * An HTTPS server (node:https) that requires a client certificate issued by the test root, and
 * answers every request as an agent would, naming the certificate it was given. `maxVersion`
 * pins TLS 1.2 for the alerts that version sends during the handshake. `clientCert: false`
 * asks for none: a platform behind the test root that anyone may reach.
 */
export async function startClientCertServer(
  pki: TestPki,
  options: { maxVersion?: 'TLSv1.2' | 'TLSv1.3'; clientCert?: boolean } = {},
): Promise<RunningServer> {
  const asks = options.clientCert ?? true;
  const server = https.createServer(
    {
      key: await readFile(pki.file('server.key')),
      cert: await readFile(pki.file('server.pem')),
      ca: pki.rootPem,
      requestCert: asks,
      rejectUnauthorized: asks,
      ...(options.maxVersion ? { maxVersion: options.maxVersion } : {}),
    },
    (request, response) => {
      const name = asks ? (request.socket as TLSSocket).getPeerCertificate().subject?.CN : undefined;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: name === undefined ? 'hello' : `hello ${name}`, duration: '1ms' }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * `openssl s_server` requiring a client certificate from the test root: OpenSSL's own checks
 * (as nginx and most gateways make them), which answer a refused certificate with a TLS alert
 * (unknown_ca) where node:https closes without one.
 */
export async function startOpensslServer(pki: TestPki): Promise<RunningServer> {
  const child = spawn(
    'openssl',
    [
      's_server',
      '-accept',
      '127.0.0.1:0',
      '-cert',
      pki.file('server.pem'),
      '-key',
      pki.file('server.key'),
      '-CAfile',
      pki.file('root.pem'),
      '-Verify',
      '1',
      '-verify_return_error',
      '-www',
    ],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ACCEPT [^\n]*:(\d+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`openssl s_server exited (${code}): ${out}`)));
  });
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
