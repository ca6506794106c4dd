import { createPlatformClient, type PlatformClient, type PlatformTarget } from '../../electron/core/platformClient';
import { createHttpTransport } from '../../electron/core/http/httpTransport';

/** The real platform client over the real transport, as the host builds it. */
export function testClient(): PlatformClient {
  return createPlatformClient({
    transport: createHttpTransport(),
    now: () => performance.now(),
    wallClock: () => new Date(),
    userAgent: 'AgentExplorer/test',
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
