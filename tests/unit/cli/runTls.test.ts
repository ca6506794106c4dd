import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { makeTestPki, PASSPHRASE, startClientCertServer, type RunningServer, type TestPki } from '../../support/clientCertServer';

/**
 * The command line's TLS flags through the real process: --ca trusts a private root beside the
 * system's, --insecure turns verification off and says so on standard error once, --cert and
 * --key (or a .p12 alone) present a client certificate, its passphrase read from
 * AGENT_EXPLORER_CERT_PASSPHRASE and never printed.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'cli-tls-test-key-0123456789';
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let cli: string;
let suite: string;
let pki: TestPki;
let plain: https.Server;
let plainUrl: string;
let requiring: RunningServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-tls-'));
  pki = await makeTestPki(dir);
  plain = https.createServer(
    { key: await readFile(pki.file('server.key')), cert: await readFile(pki.file('server.pem')) },
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: 'hello', duration: '1ms' }));
    },
  );
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainUrl = `https://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  requiring = await startClientCertServer(pki);
  suite = path.join(dir, 'suite.json');
  const one = { agent: AGENT, expect: { answerContains: 'hello' } };
  await writeFile(suite, JSON.stringify({ name: 'tls', cases: [one, one, one] }));
  await writeFile(path.join(dir, 'empty.pem'), '');
  cli = path.join(dir, 'cli.mjs');
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
});

afterAll(async () => {
  plain.closeAllConnections();
  await new Promise((resolve) => plain.close(resolve));
  await requiring.close();
  await rm(dir, { recursive: true, force: true });
});

function run(
  baseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', suite, '--reporter', 'json', ...args], {
      cwd: dir,
      // An empty store for the system's roots: the private root is trusted only when given.
      env: {
        PATH: process.env['PATH'] ?? '',
        AGENT_EXPLORER_BASE_URL: baseUrl,
        AGENT_EXPLORER_API_KEY: KEY,
        SSL_CERT_FILE: path.join(dir, 'empty.pem'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the command line over TLS', () => {
  it('--ca trusts a private root, which is otherwise not trusted', async () => {
    const refused = await run(plainUrl, []);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('on the command line, --ca FILE');
    const trusted = await run(plainUrl, ['--ca', 'root.pem']);
    expect(trusted.stderr).not.toContain('agent-explorer:');
    expect(trusted.stdout).toMatch(/"passed": ?3/);
    expect(trusted.code).toBe(0);
  });

  it('--insecure reaches it without verifying, and says so on standard error once', async () => {
    const ran = await run(plainUrl, ['--insecure']);
    expect(ran.code).toBe(0);
    expect(ran.stderr.match(/TLS verification is OFF/g)).toHaveLength(1);
    expect(ran.stderr).toContain('anyone on the network path can read and change the exchanges');
    expect(ran.stdout).not.toContain('TLS verification');
  });

  it('--cert and --key present a client certificate whose encrypted key the passphrase opens, printed nowhere', async () => {
    const ran = await run(requiring.url, ['--ca', 'root.pem', '--cert', 'client.pem', '--key', 'client.enc.key'], {
      AGENT_EXPLORER_CERT_PASSPHRASE: PASSPHRASE,
    });
    expect(ran.stderr).not.toContain('agent-explorer:');
    expect(ran.code).toBe(0);
    expect(`${ran.stdout}${ran.stderr}`).not.toContain(PASSPHRASE);
  });

  it('--cert FILE.p12 alone presents a PKCS#12 certificate; a wrong passphrase is said, and not printed', async () => {
    const ok = await run(requiring.url, ['--ca', 'root.pem', '--cert', 'client.p12'], { AGENT_EXPLORER_CERT_PASSPHRASE: PASSPHRASE });
    expect(ok.code).toBe(0);
    const wrong = 'wrong-passphrase-5d1e';
    const refused = await run(requiring.url, ['--ca', 'root.pem', '--cert', 'client.p12'], { AGENT_EXPLORER_CERT_PASSPHRASE: wrong });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`agent-explorer: --cert: The passphrase does not open ${pki.file('client.p12')}: check it.\n`);
    expect(`${refused.stdout}${refused.stderr}${ok.stdout}${ok.stderr}`).not.toMatch(new RegExp(`${wrong}|${PASSPHRASE}`));
  });

  it('without --cert, says the server asked for a client certificate and none was given', async () => {
    const ran = await run(requiring.url, ['--ca', 'root.pem']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('The server asked for a client certificate and none was given');
  });

  it('refuses --key without --cert, and --ca with --insecure, before anything is sent', async () => {
    expect((await run(plainUrl, ['--key', 'client.key'])).stderr).toBe(
      'agent-explorer: --key needs --cert, the certificate it belongs to\n',
    );
    expect((await run(plainUrl, ['--insecure', '--ca', 'root.pem'])).code).toBe(2);
  });
});
