import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { proxiesClosedAfterEach } from '../../support/proxyPerTest';
import { closedPort } from '../../support/testServer';
import { startTlsServer, type TlsTestServer } from '../../support/tlsServer';

/**
 * The command as a process behind a proxy, against an https platform signed by a private root
 * (trusted through SSL_CERT_FILE, standing for the operating system's store): HTTPS_PROXY from
 * the environment, --proxy with credentials, --noproxy, and a proxy that refuses or is not there.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const KEY = 'cli-proxy-key-5d2e8a41c7';
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
let cli: string;
let suite: string;
let roots: string;
let platform: TlsTestServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-proxy-'));
  cli = path.join(dir, 'cli.mjs');
  await build({ absWorkingDir: root, logLevel: 'warning', ...cliBuildOptions(cli) });
  platform = await startTlsServer((response) => response.end(JSON.stringify({ answer: 'through the proxy', duration: '5ms' })));
  roots = path.join(dir, 'roots.pem');
  await writeFile(roots, platform.certificate);
  suite = path.join(dir, 'suite.json');
  await writeFile(suite, JSON.stringify({ name: 'proxied', cases: [{ agent: AGENT, text: 'hi', expect: { answerContains: 'through' } }] }));
});
afterAll(async () => {
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});
const proxy = proxiesClosedAfterEach();

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'run', suite, ...args], {
      cwd: dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        SSL_CERT_FILE: roots,
        AGENT_EXPLORER_BASE_URL: platform.url,
        AGENT_EXPLORER_API_KEY: KEY,
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

const host = () => new URL(platform.url).host;

describe('agent-explorer run behind a proxy', () => {
  it('goes through HTTPS_PROXY with CONNECT: the proxy never sees the key', async () => {
    const through = await proxy();
    const ran = await run([], { HTTPS_PROXY: through.url });
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/^proxied: 1 run, 1 passed, 0 failed/m);
    expect(ran.code).toBe(0);
    expect(through.asked).toEqual([`CONNECT ${host()}`]);
    expect(through.seen().includes(KEY)).toBe(false);
  });

  it('takes --proxy with credentials in its URL, and never prints them', async () => {
    const through = await proxy({ credentials: 'runner:Pr0xy-pass-9' });
    const withCredentials = new URL(through.url);
    withCredentials.username = 'runner';
    withCredentials.password = 'Pr0xy-pass-9';
    const ran = await run(['--proxy', withCredentials.toString()], { HTTPS_PROXY: 'http://127.0.0.1:9' });
    expect(ran.code).toBe(0);
    expect(through.authorizations).toEqual([`Basic ${Buffer.from('runner:Pr0xy-pass-9').toString('base64')}`]);

    const refused = await run(['--proxy', through.url.replace('//', '//runner:wrong-pass-123@')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`The proxy ${through.url} refused the credentials given (HTTP/1.1 407 Proxy Authentication Required)`);
    expect(refused.stderr + refused.stdout).not.toContain('wrong-pass-123');
  });

  it('says the proxy asks for credentials when none were given', async () => {
    const through = await proxy({ credentials: 'runner:x' });
    const ran = await run([], { https_proxy: through.url });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(
      `agent-explorer: the platform could not be reached: The proxy ${through.url} asks for credentials (HTTP/1.1 407 Proxy Authentication Required) and none were given`,
    );
  });

  it('goes direct for the hosts --noproxy names, in place of NO_PROXY', async () => {
    const through = await proxy();
    expect((await run(['--noproxy', '127.0.0.1'], { HTTPS_PROXY: through.url, NO_PROXY: 'elsewhere.example' })).code).toBe(0);
    expect((await run(['--proxy', through.url, '--noproxy', '*'])).code).toBe(0);
    expect(through.asked).toEqual([]);
  });

  it('names a proxy that cannot be reached, without its password', async () => {
    const port = await closedPort();
    const ran = await run(['--proxy', `http://u:Hidden-pass-77@127.0.0.1:${port}`]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`Could not reach the proxy http://127.0.0.1:${port}: the connection was refused (ECONNREFUSED).`);
    expect(ran.stderr + ran.stdout).not.toContain('Hidden-pass-77');
  });

  it('reads the answers of a gateway that compresses them (gzip, then brotli), through the proxy', async () => {
    const answer = JSON.stringify({ answer: 'through the gateway', duration: '5ms' });
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['br', brotliCompressSync],
    ] as const) {
      const gateway = await startTlsServer((response) => {
        response.setHeader('content-type', 'application/json');
        response.setHeader('content-encoding', encoding);
        response.end(compress(answer));
      });
      try {
        await writeFile(path.join(dir, 'gateway.pem'), gateway.certificate);
        const through = await proxy();
        const ran = await run(['--reporter', 'json'], {
          SSL_CERT_FILE: path.join(dir, 'gateway.pem'),
          AGENT_EXPLORER_BASE_URL: gateway.url,
          HTTPS_PROXY: through.url,
        });
        expect(ran.stderr).toMatch(/^proxied: 1 run, 1 passed, 0 failed/);
        expect(ran.code).toBe(0);
        expect(JSON.stringify(JSON.parse(ran.stdout))).toContain('"answer":"through the gateway"');
        expect(through.asked).toEqual([`CONNECT ${new URL(gateway.url).host}`]);
      } finally {
        await gateway.close();
      }
    }
  });

  it('refuses a --proxy that is no http or https proxy before sending anything', async () => {
    const ran = await run(['--proxy', 'socks5://u:Socks-pass-1@127.0.0.1:1080']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      'agent-explorer: --proxy names a SOCKS proxy (socks5://127.0.0.1:1080): only http:// and https:// proxies are supported\n',
    );
  });
});
