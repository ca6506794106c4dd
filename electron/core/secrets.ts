import type { KeyStatus } from '../shared/contract';
import { createJsonDocument } from './jsonDocument';

/**
 * Where API keys live, by profile id. Only the core reads keys, to put them on requests; the
 * contract exposes `status` alone, never the key or any part of it.
 */
export interface SecretStore {
  get(profileId: string): Promise<string | null>;
  set(profileId: string, secret: string): Promise<void>;
  clear(profileId: string): Promise<void>;
  status(profileId: string): Promise<KeyStatus>;
}

const NO_KEY: KeyStatus = { set: false, storage: 'none', note: null };

/**
 * Keys kept in memory for this process only. Serves browser mode, the Sandbox and Environment
 * profiles, and tests; `note` tells the person why the key is not saved.
 */
export function createMemorySecretStore(
  options: { storage?: 'memory' | 'environment'; note?: string | null } = {},
): SecretStore {
  const secrets = new Map<string, string>();
  const status: KeyStatus = { set: true, storage: options.storage ?? 'memory', note: options.note ?? null };
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
      return secrets.has(profileId) ? { ...status } : NO_KEY;
    },
  };
}

/** Encryption at rest by the OS (Electron's safeStorage in the app; a test twin in tests). */
export interface SecretCipher {
  /** Whether keys can be encrypted at rest here; when not, why, in plain words. */
  availability(): Promise<{ available: true } | { available: false; reason: string }>;
  encrypt(plain: string): Promise<Buffer>;
  /** `reEncrypt`: the OS rotated its key; save the secret encrypted anew. */
  decrypt(data: Buffer): Promise<{ plain: string; reEncrypt: boolean }>;
  /**
   * Why this saved ciphertext is not really protected (e.g. an older version wrote it with a
   * public key), or null when it is. Such a key is moved off the disk into memory.
   */
  unprotectedReason?(data: Buffer): string | null;
}

const KEYS_FILE_VERSION = 1;

/** keys.json as written: each profile's key, encrypted by the OS, in base64. */
interface SavedKeys {
  version: typeof KEYS_FILE_VERSION;
  keys: Record<string, string>;
}

function parseSavedKeys(raw: unknown): SavedKeys | null {
  const value = raw as { version?: unknown; keys?: unknown } | null;
  if (value?.version !== KEYS_FILE_VERSION || typeof value.keys !== 'object' || value.keys === null) return null;
  const keys = Object.fromEntries(Object.entries(value.keys).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  return { version: KEYS_FILE_VERSION, keys };
}

/**
 * Keys encrypted by the OS keychain into `file` (mode 0600). Where encryption is unavailable
 * the key is not written at all: it is kept in memory for the session and its status says so,
 * because a key "encrypted" with a known password would only look safe.
 */
export function createKeychainSecretStore(options: {
  file: string;
  cipher: SecretCipher;
  onProblem?: (message: string) => void;
}): SecretStore {
  const { cipher } = options;
  const memoryOnly = new Map<string, { secret: string; reason: string }>();
  const decrypted = new Map<string, string>();
  const undecryptable = new Set<string>();
  const document = createJsonDocument<SavedKeys>({
    file: options.file,
    empty: () => ({ version: KEYS_FILE_VERSION, keys: {} }),
    parse: parseSavedKeys,
    name: 'saved keys',
    ...(options.onProblem ? { onProblem: options.onProblem } : {}),
  });
  const saved = async () => (await document.read()).keys;

  async function persist(mutate: (keys: Record<string, string>) => void): Promise<void> {
    await document.update((current) => {
      mutate(current.keys);
      return current;
    });
  }

  /** A saved key the cipher calls unprotected goes into memory, with the reason, and off the disk. */
  async function adoptUnprotected(profileId: string): Promise<void> {
    const encrypted = cipher.unprotectedReason ? (await saved())[profileId] : undefined;
    const reason = encrypted === undefined ? null : cipher.unprotectedReason!(Buffer.from(encrypted, 'base64'));
    if (encrypted === undefined || reason === null) return;
    try {
      memoryOnly.set(profileId, { secret: (await cipher.decrypt(Buffer.from(encrypted, 'base64'))).plain, reason });
    } catch {
      undecryptable.add(profileId);
    }
    decrypted.delete(profileId);
    await persist((keys) => delete keys[profileId]);
  }

  return {
    async get(profileId) {
      await adoptUnprotected(profileId);
      const inMemory = memoryOnly.get(profileId) ?? null;
      if (inMemory) return inMemory.secret;
      const cached = decrypted.get(profileId);
      if (cached !== undefined) return cached;
      const encrypted = (await saved())[profileId];
      if (encrypted === undefined) return null;
      try {
        const { plain, reEncrypt } = await cipher.decrypt(Buffer.from(encrypted, 'base64'));
        decrypted.set(profileId, plain);
        if (reEncrypt) {
          const fresh = await cipher.encrypt(plain);
          await persist((keys) => {
            keys[profileId] = fresh.toString('base64');
          });
        }
        return plain;
      } catch {
        undecryptable.add(profileId);
        return null;
      }
    },
    async set(profileId, secret) {
      const availability = await cipher.availability();
      if (availability.available) {
        const encrypted = await cipher.encrypt(secret);
        await persist((keys) => {
          keys[profileId] = encrypted.toString('base64');
        });
        memoryOnly.delete(profileId);
        decrypted.set(profileId, secret);
      } else {
        // Never leave an older key on disk behind a newer one kept in memory.
        if ((await saved())[profileId] !== undefined) await persist((keys) => delete keys[profileId]);
        decrypted.delete(profileId);
        memoryOnly.set(profileId, { secret, reason: availability.reason });
      }
      undecryptable.delete(profileId);
    },
    async clear(profileId) {
      memoryOnly.delete(profileId);
      decrypted.delete(profileId);
      undecryptable.delete(profileId);
      if ((await saved())[profileId] !== undefined) await persist((keys) => delete keys[profileId]);
    },
    async status(profileId) {
      await adoptUnprotected(profileId);
      const inMemory = memoryOnly.get(profileId);
      if (inMemory) return { set: true, storage: 'memory', note: `Not saved: ${inMemory.reason}` };
      if (undecryptable.has(profileId)) {
        return { set: false, storage: 'none', note: 'The saved key could not be decrypted by the OS keychain; set it again.' };
      }
      if ((await saved())[profileId] !== undefined) return { set: true, storage: 'keychain', note: null };
      return NO_KEY;
    },
  };
}

/** Routes the fixed profiles (Sandbox, Environment) to their own stores, the rest to `store`. */
export function routeSecretStores(fixed: Record<string, SecretStore>, store: SecretStore): SecretStore {
  const pick = (profileId: string) => (Object.hasOwn(fixed, profileId) ? fixed[profileId]! : store);
  return {
    get: (profileId) => pick(profileId).get(profileId),
    set: (profileId, secret) => pick(profileId).set(profileId, secret),
    clear: (profileId) => pick(profileId).clear(profileId),
    status: (profileId) => pick(profileId).status(profileId),
  };
}
