import type { Api, HostKind } from '../shared/contract';
import { sandboxKnownAgents, sandboxKnownGuidelines } from '../sandbox/catalog';
import { startSandbox, type SandboxLatency, type SandboxServer } from '../sandbox/server';
import { createPlatformClient } from './platformClient';
import { createMemoryProfileStore, sandboxProfile, SANDBOX_PROFILE_ID } from './profiles';
import { createMemorySecretStore } from './secrets';
import { createApiService } from './service';

/**
 * Starts everything behind the contract, the same way for Electron and for browser mode:
 * the embedded sandbox (real HTTP on 127.0.0.1, a random port and a random key), the stores
 * with the Sandbox profile active, the platform client, and the service.
 */

export const DEFAULT_MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

export interface CoreOptions {
  host: HostKind;
  version: string;
  /** Fixed sandbox key, for tests that look for it where it must not be; random otherwise. */
  sandboxKey?: string;
  sandboxLatency?: SandboxLatency;
  fetch?: typeof fetch;
  maxResponseBytes?: number;
}

export interface Core {
  api: Api;
  sandbox: SandboxServer;
  close(): Promise<void>;
}

export async function startCore(options: CoreOptions): Promise<Core> {
  const sandbox = await startSandbox({
    ...(options.sandboxKey === undefined ? {} : { apiKey: options.sandboxKey }),
    latency: options.sandboxLatency ?? 'realistic',
  });
  const secrets = createMemorySecretStore();
  await secrets.set(SANDBOX_PROFILE_ID, sandbox.apiKey);
  const api = createApiService({
    host: options.host,
    version: options.version,
    profiles: createMemoryProfileStore([sandboxProfile(sandbox.url)], SANDBOX_PROFILE_ID),
    secrets,
    client: createPlatformClient({
      fetch: options.fetch ?? globalThis.fetch,
      now: () => performance.now(),
      wallClock: () => new Date(),
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      userAgent: `AgentExplorer/${options.version}`,
    }),
    knownResources: (profile) =>
      profile.kind === 'sandbox'
        ? { agents: sandboxKnownAgents(), guidelines: sandboxKnownGuidelines() }
        : { agents: [], guidelines: [] },
  });
  return { api, sandbox, close: () => sandbox.close() };
}
