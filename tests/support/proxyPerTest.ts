import { afterEach } from 'vitest';
import { startTestProxy, type TestProxy, type TestProxyOptions } from './proxyServer';

/**
 * For a Vitest file: starts test proxies that are closed after the test that started them.
 * (Kept apart from proxyServer.ts, which the Playwright specs import too and which must not load Vitest.)
 */
export function proxiesClosedAfterEach(): (options?: TestProxyOptions) => Promise<TestProxy> {
  const started: TestProxy[] = [];
  afterEach(async () => {
    for (const proxy of started.splice(0)) await proxy.close();
  });
  return async (options = {}) => {
    const proxy = await startTestProxy(options);
    started.push(proxy);
    return proxy;
  };
}
