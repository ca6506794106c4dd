import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../../electron/tooling/cliBuild.mjs';

/**
 * The operating system's roots are trusted, as a company's TLS-inspecting gateway needs: a
 * platform whose certificate a private root issued, with that root where the OS keeps its roots
 * (SSL_CERT_FILE stands for the store on Linux, as OpenSSL reads it), is reached by the command
 * line with nothing to set; without it, the error names the certificate and the two fixes.
 * Through the real command (the system store is read once per process).
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const KEY = 'trust-test-key-0123456789';
let dir: string;
let cli: string;
let suite: string;
let server: https.Server;
let baseUrl: string;

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: 'ignore' });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'trust-'));
  const file = (name: string) => path.join(dir, name);
  openssl([
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('root.key'),
    '-out',
    file('root.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=Example Corp Inspection Root',
  ]);
  openssl([
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=platform.test',
  ]);
  await writeFile(file('ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('root.pem'),
    '-CAkey',
    file('root.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('ext'),
  ]);
  server = https.createServer(
    { key: await readFile(file('server.key')), cert: await readFile(file('server.pem')) },
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'through the company root', duration: '5ms', token: 't' }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  suite = file('suite.json');
  await writeFile(
    suite,
    JSON.stringify({ cases: [{ agent: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73', expect: { answerContains: 'company root' } }] }),
  );
  // An empty file for "a store without the root" (the machine's own store does not have it either).
  await writeFile(file('empty.pem'), '');
  cli = file('cli.mjs');
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function run(certFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', suite], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', AGENT_EXPLORER_BASE_URL: baseUrl, AGENT_EXPLORER_API_KEY: KEY, SSL_CERT_FILE: certFile },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe("trusting the operating system's roots", () => {
  it('reaches a platform whose certificate a root in the OS store issued', async () => {
    const ran = await run(path.join(dir, 'root.pem'));
    expect(ran.output).toMatch(/1 run, 1 passed, 0 failed/);
    expect(ran.code).toBe(0);
  });

  it('names the untrusted certificate and the two ways to trust it when the root is not there', async () => {
    const ran = await run(path.join(dir, 'empty.pem'));
    expect(ran.code).not.toBe(0);
    expect(ran.output).toContain("The server's certificate (CN=platform.test, issued by CN=Example Corp Inspection Root");
    expect(ran.output).toContain("add it to the operating system's trust store");
    expect(ran.output).toContain("choose it as this profile's CA certificate file");
  });
});
