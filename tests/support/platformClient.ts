import type { ProxyResolver } from '../../electron/core/http/proxyRoute';
import { createPlatformClient, type PlatformClient, type PlatformTarget } from '../../electron/core/http/platformClient';
import { createHttpTransport } from '../../electron/core/http/httpTransport';

/** The real platform client over the real transport, as the host builds it (with a proxy resolver when given). */
export function testClient(options: { resolveProxy?: ProxyResolver } = {}): PlatformClient {
  return createPlatformClient({
    transport: createHttpTransport(),
    now: () => performance.now(),
    wallClock: () => new Date(),
    userAgent: 'AgentExplorer/test',
    ...options,
  });
}

/** A target with a 5 s time-out, a 1 MB cap, Bearer and TLS verification on. */
export function testTarget(baseUrl: string, apiKey: string | null, overrides: Partial<PlatformTarget> = {}): PlatformTarget {
  return {
    baseUrl,
    apiKey,
    auth: { kind: 'bearer' },
    timeoutMs: 5000,
    tls: { verify: true, extraCa: null },
    maxResponseBytes: 1024 * 1024,
    ...overrides,
  };
}
