import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyResolver, environmentProxy, type ProxySetting } from '../../../../electron/core/http/proxyRoute';
import type { PlatformTarget } from '../../../../electron/core/http/platformClient';
import type { InvokeResult } from '../../../../electron/shared/api';
import { testClient, testTarget } from '../../../support/platformClient';
import { proxiesClosedAfterEach } from '../../../support/proxyPerTest';
import { closedPort, startTestServer, type TestServer } from '../../../support/testServer';
import { startTlsServer, type TlsTestServer } from '../../../support/tlsServer';

/**
 * The platform client through a real proxy on loopback: http origins as absolute-form requests,
 * https origins through CONNECT (the proxy sees the tunnel's target and ciphertext, never the
 * key), credentials as Proxy-Authorization, and each way a proxy can fail said in words.
 */
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const KEY = 'sk-proxy-test-key-0123456789';
const ANSWER = JSON.stringify({ answer: 'through', duration: '12ms' });

let platform: TestServer;
let securePlatform: TlsTestServer;

beforeAll(async () => {
  platform = await startTestServer((_request, response) => response.end(ANSWER));
  securePlatform = await startTlsServer((response) => response.end(ANSWER));
});
afterAll(async () => {
  await platform.close();
  await securePlatform.close();
});
const proxy = proxiesClosedAfterEach();

/** Sends one invoke with the given proxy setting; "System" reads `env`. */
function invoke(
  baseUrl: string,
  setting: ProxySetting,
  env: Record<string, string> = {},
  overrides: Partial<PlatformTarget> = {},
): Promise<InvokeResult> {
  const client = testClient({ resolveProxy: createProxyResolver(environmentProxy(env)) });
  return client.invoke(testTarget(baseUrl, KEY, { proxy: setting, ...overrides }), { agentId: AGENT, text: 'hello', payload: {} });
}

const manual = (url: string, username: string | null = null, password: string | null = null, bypass: string[] = []): ProxySetting => ({
  mode: 'manual',
  url,
  username,
  password,
  bypass,
});

describe('an http platform through a proxy', () => {
  it('sends an absolute-form request to the proxy and says which proxy in the exchange', async () => {
    const through = await proxy();
    const result = await invoke(platform.url, { mode: 'system' }, { HTTP_PROXY: through.url });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.exchange.via).toBe(through.url);
    expect(through.asked).toEqual([`POST ${platform.url}/api/agent/${AGENT}/invoke/`]);
  });

  it('goes direct when NO_PROXY names the host, and says so', async () => {
    const through = await proxy();
    const result = await invoke(platform.url, { mode: 'system' }, { HTTP_PROXY: through.url, NO_PROXY: 'example.com, 127.0.0.1' });
    expect(result.ok && result.value.exchange.via).toBeNull();
    expect(through.asked).toEqual([]);
  });

  it('sends credentials as Proxy-Authorization Basic, and never to the platform', async () => {
    const through = await proxy({ credentials: 'ana:s3cret pass' });
    const result = await invoke(platform.url, manual(through.url, 'ana', 's3cret pass'));
    expect(result.ok).toBe(true);
    expect(through.authorizations).toEqual([`Basic ${Buffer.from('ana:s3cret pass').toString('base64')}`]);
    expect(platform.requests.at(-1)?.headers['proxy-authorization']).toBeUndefined();
  });

  it('says the proxy asks for credentials when none were given, and that it refused those given', async () => {
    const through = await proxy({ credentials: 'ana:right' });
    const none = await invoke(platform.url, manual(through.url));
    expect(none.ok).toBe(false);
    expect(!none.ok && none.error.code).toBe('network');
    expect(!none.ok && none.error.message).toMatch(
      new RegExp(`^The proxy ${through.url} asks for credentials \\(HTTP/1.1 407 .*\\) and none were given`),
    );
    const wrong = await invoke(platform.url, manual(through.url, 'ana', 'wrong'));
    expect(!wrong.ok && wrong.error.message).toMatch(new RegExp(`^The proxy ${through.url} refused the credentials given \\(HTTP/1.1 407`));
    expect(!wrong.ok && wrong.error.message).not.toContain('wrong');
  });

  it('says the password is missing when a user name was given without one, rather than that it was refused', async () => {
    const through = await proxy({ credentials: 'ana:right' });
    const result = await invoke(platform.url, manual(through.url, 'ana', null));
    expect(!result.ok && result.error.message).toMatch(
      new RegExp(
        `^The proxy ${through.url} asks for credentials \\(HTTP/1.1 407 .*\\) and no password was given for the user ana: set the proxy password`,
      ),
    );
  });
});

describe('an https platform through a proxy', () => {
  it('tunnels with CONNECT: the proxy sees only the target, never the request or the key', async () => {
    const through = await proxy();
    const result = await invoke(
      securePlatform.url,
      { mode: 'system' },
      { HTTPS_PROXY: through.url },
      { tls: { verify: true, extraCa: securePlatform.certificate } },
    );
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.exchange.via).toBe(through.url);
    expect(result.ok && result.value.exchange.timing?.tls).not.toBeNull();
    expect(through.asked).toEqual([`CONNECT ${new URL(securePlatform.url).host}`]);
    const seen = through.seen();
    expect(seen.includes(KEY)).toBe(false);
    expect(seen.includes(`/agent/${AGENT}`)).toBe(false);
  });

  it('verifies the platform through the tunnel as it would directly', async () => {
    const through = await proxy();
    const result = await invoke(securePlatform.url, manual(through.url));
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toMatch(/not trusted|self-signed/);
  });

  it('says the proxy asks for credentials on the CONNECT, and takes them from the proxy URL', async () => {
    const through = await proxy({ credentials: 'bo:pw' });
    const tls = { verify: true, extraCa: securePlatform.certificate };
    const none = await invoke(securePlatform.url, manual(through.url), {}, { tls });
    expect(!none.ok && none.error.message).toMatch(
      /asks for credentials \(HTTP\/1.1 407 Proxy Authentication Required\) and none were given/,
    );
    const withUrl = new URL(through.url);
    withUrl.username = 'bo';
    withUrl.password = 'pw';
    const given = await invoke(securePlatform.url, { mode: 'system' }, { https_proxy: withUrl.toString() }, { tls });
    expect(given.ok).toBe(true);
    expect(given.ok && given.value.exchange.via).toBe(through.url);
    expect(JSON.stringify(given)).not.toContain('pw');
  });

  it("quotes the proxy's status line when it refuses the tunnel", async () => {
    const through = await proxy({ refuseConnect: 'HTTP/1.1 403 Blocked by policy' });
    const result = await invoke(securePlatform.url, manual(through.url));
    expect(!result.ok && result.error.code).toBe('network');
    expect(!result.ok && result.error.message).toContain(
      `The proxy ${through.url} refused to open a tunnel to ${new URL(securePlatform.url).host}: it answered "HTTP/1.1 403 Blocked by policy".`,
    );
  });
});

describe('a proxy that cannot be reached', () => {
  it('names the proxy, not its credentials, and says what to check', async () => {
    const port = await closedPort();
    for (const baseUrl of [platform.url, securePlatform.url]) {
      const result = await invoke(baseUrl, manual(`http://127.0.0.1:${port}`, 'user', 'hunter2'));
      expect(!result.ok && result.error.code).toBe('network');
      expect(!result.ok && result.error.message).toMatch(
        new RegExp(
          `^Could not reach the proxy http://127.0.0.1:${port}: the connection was refused \\(ECONNREFUSED\\)\\. Check the proxy's address`,
        ),
      );
      expect(JSON.stringify(result)).not.toContain('hunter2');
    }
  });

  it('says a SOCKS proxy in the environment is not supported', async () => {
    const result = await invoke(platform.url, { mode: 'system' }, { ALL_PROXY: 'socks5://127.0.0.1:1080' });
    expect(!result.ok && result.error.message).toMatch(
      /ALL_PROXY names a SOCKS proxy \(socks5:\/\/127.0.0.1:1080\): only http:\/\/ and https:\/\/ proxies are supported/,
    );
  });
});

describe('a tunnel kept alive', () => {
  it('carries the next request without a second CONNECT, and the marks say so', async () => {
    const through = await proxy();
    const client = testClient({ resolveProxy: createProxyResolver(environmentProxy({ HTTPS_PROXY: through.url })) });
    const target = testTarget(securePlatform.url, KEY, { tls: { verify: true, extraCa: securePlatform.certificate } });
    const first = await client.invoke(target, { agentId: AGENT, text: 'one', payload: {} });
    const second = await client.invoke(target, { agentId: AGENT, text: 'two', payload: {} });
    // The first: connect (to the proxy, through the CONNECT) and TLS (with the platform, in the tunnel).
    expect(first.ok && first.value.exchange.timing).toMatchObject({ dns: null, reusedConnection: false });
    expect(first.ok && first.value.exchange.timing?.connect).not.toBeNull();
    expect(first.ok && first.value.exchange.timing?.tls).not.toBeNull();
    expect(second.ok && second.value.exchange.timing).toMatchObject({ connect: null, tls: null, reusedConnection: true });
    expect(through.asked).toHaveLength(1);
  });
});

describe('an https proxy', () => {
  it('is reached over TLS, verified with the same trust, and tunnels to an https platform', async () => {
    const pems = await generate([{ name: 'commonName', value: 'test proxy' }], {
      keyType: 'ec',
      notAfterDate: new Date(Date.now() + 24 * 3600 * 1000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const through = await proxy({ tls: { key: pems.private, cert: pems.cert } });
    const both = { verify: true, extraCa: `${securePlatform.certificate}\n${pems.cert}` };
    const result = await invoke(securePlatform.url, manual(through.url, 'ana', 'pw'), {}, { tls: both });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.exchange.via).toBe(through.url);
    expect(through.asked).toEqual([`CONNECT ${new URL(securePlatform.url).host}`]);
    expect(through.authorizations).toEqual([`Basic ${Buffer.from('ana:pw').toString('base64')}`]);
    const forwarded = await invoke(platform.url, manual(through.url), {}, { tls: both });
    expect(forwarded.ok).toBe(true);
    const untrusted = await invoke(
      securePlatform.url,
      manual(through.url),
      {},
      { tls: { verify: true, extraCa: securePlatform.certificate } },
    );
    expect(!untrusted.ok && untrusted.error.message).toMatch(
      new RegExp(`^Could not reach the proxy ${through.url}: .*(SELF_SIGNED|UNABLE_TO_VERIFY)`),
    );
  });
});
