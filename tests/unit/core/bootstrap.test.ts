import { afterEach, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../../../electron/core/bootstrap';
import type { InvokeResult } from '../../../electron/shared/api';
import { startTestProxy, type TestProxy } from '../../support/proxyServer';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The core as the hosts start it: "System" is HTTP_PROXY / HTTPS_PROXY / NO_PROXY from the
 * environment in browser mode, and whatever the desktop passes as `systemProxy` (the session's
 * answer) in the app; the embedded Sandbox is never proxied.
 */
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const SANDBOX_AGENT = 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25';
const KEY = 'core-proxy-key-a81f3c5e9d';
let core: Core | undefined;
let platform: TestServer | undefined;
let proxy: TestProxy | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  await proxy?.close();
  core = platform = proxy = undefined;
});

const via = (result: InvokeResult) => (result.ok ? result.value.exchange.via : result.error.exchange?.via);

describe('the proxy the core uses', () => {
  it('in browser mode: the environment for the platform, never for the Sandbox', async () => {
    platform = await startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'ok', duration: '1ms' })));
    proxy = await startTestProxy();
    core = await startCore({
      host: 'browser',
      version: '0.0.0-test',
      sandboxLatency: 'none',
      env: { AGENT_EXPLORER_BASE_URL: platform.url, AGENT_EXPLORER_API_KEY: KEY, HTTP_PROXY: proxy.url },
    });
    const platformAnswer = await core.api.invokeAgent({ agentId: AGENT, text: 'hi', payload: {} });
    expect(platformAnswer.ok).toBe(true);
    expect(via(platformAnswer)).toBe(proxy.url);
    await core.api.selectProfile({ profileId: 'sandbox' });
    const sandboxAnswer = await core.api.invokeAgent({ agentId: SANDBOX_AGENT, text: 'hi', payload: {} });
    expect(via(sandboxAnswer)).toBeNull();
    expect(proxy.asked).toEqual([`POST ${platform.url}/api/agent/${AGENT}/invoke/`]);
  });

  it("in the desktop app: the host's answer, asked about the origin only (no key in a query)", async () => {
    platform = await startTestServer((_request, response) => response.end(JSON.stringify({ answer: 'ok', duration: '1ms' })));
    proxy = await startTestProxy();
    const asked: string[] = [];
    const through = new URL(proxy.url);
    core = await startCore({
      host: 'electron',
      version: '0.0.0-test',
      sandboxLatency: 'none',
      env: { AGENT_EXPLORER_BASE_URL: platform.url, AGENT_EXPLORER_API_KEY: KEY, AGENT_EXPLORER_AUTH: 'query:key' },
      systemProxy: (url) => {
        asked.push(url.href);
        return Promise.resolve({ kind: 'proxy', url: through, username: null, password: null });
      },
    });
    const answer = await core.api.invokeAgent({ agentId: AGENT, text: 'hi', payload: {} });
    expect(via(answer)).toBe(proxy.url);
    expect(asked).toEqual([`${platform.url}/`]);
  });
});
