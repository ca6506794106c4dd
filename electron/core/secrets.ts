import type { KeyStatus } from '../shared/contract';

/**
 * Where API keys live, by profile id. Only the core reads keys, to put them on requests; the
 * contract exposes status alone. The Electron host backs this with the OS keychain; this
 * in-memory twin serves browser mode, the session-only Sandbox key, and tests.
 */
export interface SecretStore {
  get(profileId: string): Promise<string | null>;
  set(profileId: string, secret: string): Promise<void>;
  clear(profileId: string): Promise<void>;
  status(profileId: string): Promise<KeyStatus>;
}

export function createMemorySecretStore(): SecretStore {
  const secrets = new Map<string, string>();
  return {
    async get(profileId) {
      return secrets.get(profileId) ?? null;
    },
    async set(profileId, secret) {
      secrets.set(profileId, secret);
    },
    async clear(profileId) {
      secrets.delete(profileId);
    },
    async status(profileId) {
      return secrets.has(profileId) ? { set: true, storage: 'memory' } : { set: false, storage: 'none' };
    },
  };
}
