import type { KeyStatus } from '../../shared/api';
import { createJsonDocument } from '../storage/jsonDocument';
import { isPlainObject } from '../../shared/check';

/**
 * Where API keys live, by profile id. Only the core reads keys, to put them on requests; the
 * contract exposes `status` alone, never the key or any part of it.
 *
 * Each key is bound to the origin (scheme, host, port) it was saved for, as a password manager
 * binds a password to a site: `get` hands the key out only for that origin. A profile whose
 * base URL later points elsewhere (by mistake, or by a hostile page holding the launch secret)
 * can then never carry the key there.
 */
export interface SecretStore {
  /**
   * The key for a request to `origin`. A key saved before keys were bound (keys.json v1) has no
   * origin yet: it is bound to `origin` now, on this first read, which is the profile's current
   * base URL; from then on it goes to that origin only.
   */
  get(profileId: string, origin: string): Promise<KeyLookup>;
  /** Sets the key, bound to `origin` (the profile's base URL origin when it was given). */
  set(profileId: string, secret: string, origin: string): Promise<void>;
  clear(profileId: string): Promise<void>;
  status(profileId: string): Promise<KeyStatus>;
}

/** What a key lookup found: nothing, the key for this origin, or a key bound to another origin (not given out). */
type KeyLookup = { kind: 'none' } | { kind: 'key'; secret: string } | { kind: 'other_origin'; origin: string };

const NO_KEY: KeyStatus = { set: false, storage: 'none', note: null };

/** Looks a key held in memory up for `origin`. */
function lookup(entry: { secret: string; origin: string } | undefined, origin: string): KeyLookup {
  if (!entry) return { kind: 'none' };
  return entry.origin === origin ? { kind: 'key', secret: entry.secret } : { kind: 'other_origin', origin: entry.origin };
}

/**
 * Keys kept in memory for this process only. Serves browser mode, the Sandbox and Environment
 * profiles, and tests; `note` tells the person why the key is not saved.
 */
export function createMemorySecretStore(options: { storage?: 'memory' | 'environment'; note?: string | null } = {}): SecretStore {
  const secrets = new Map<string, { secret: string; origin: string }>();
  const status: KeyStatus = { set: true, storage: options.storage ?? 'memory', note: options.note ?? null };
  return {
    async get(profileId, origin) {
      return lookup(secrets.get(profileId), origin);
    },
    async set(profileId, secret, origin) {
      secrets.set(profileId, { secret, origin });
    },
    async clear(profileId) {
      secrets.delete(profileId);
    },
    async status(profileId) {
      const entry = secrets.get(profileId);
      return entry ? { ...status, origin: entry.origin } : NO_KEY;
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

const KEYS_FILE_VERSION = 2;

/** One saved key: encrypted by the OS, in base64, and the origin it is bound to. */
interface SavedKey {
  data: string;
  /** null only for a key saved by version 1, until its first read binds it (see SecretStore.get). */
  origin: string | null;
}

/** keys.json as written: each profile's key and its origin. */
interface SavedKeys {
  version: typeof KEYS_FILE_VERSION;
  keys: Record<string, SavedKey>;
}

const ORIGIN = /^https?:\/\/[^/?#\s]+$/;

/**
 * Reads keys.json entry by entry. Version 1 held bare base64 strings: they are kept with no
 * origin, and the first read of each binds it to its profile's base URL origin at that moment
 * (the origin the user had it working with). Entries of no known shape are dropped and told.
 */
function parseSavedKeys(raw: unknown, drop: (problem: string) => void): SavedKeys | null {
  const value = raw as { version?: unknown; keys?: unknown } | null;
  if ((value?.version !== 1 && value?.version !== KEYS_FILE_VERSION) || !isPlainObject(value.keys)) {
    return null;
  }
  const keys: Record<string, SavedKey> = {};
  for (const [profileId, entry] of Object.entries(value.keys)) {
    if (typeof entry === 'string') keys[profileId] = { data: entry, origin: null };
    else if (isSavedKey(entry)) keys[profileId] = { data: entry.data, origin: entry.origin };
    else drop(`The saved key of profile "${profileId.slice(0, 80)}" is not in a known form and was dropped.`);
  }
  return { version: KEYS_FILE_VERSION, keys };
}

function isSavedKey(entry: unknown): entry is SavedKey {
  return isPlainObject(entry) && typeof entry['data'] === 'string' && typeof entry['origin'] === 'string' && ORIGIN.test(entry['origin']);
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
  const memoryOnly = new Map<string, { secret: string; origin: string; reason: string }>();
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

  async function persist(mutate: (keys: Record<string, SavedKey>) => void): Promise<void> {
    await document.update((current) => {
      mutate(current.keys);
      return current;
    });
  }

  /**
   * A saved key the cipher calls unprotected (an older version wrote it with a public key) goes
   * into memory, with the reason, and off the disk. A version 1 entry has no origin yet: it is
   * bound to `origin` when one is known (a request), else left until then.
   */
  async function adoptUnprotected(profileId: string, origin: string | null): Promise<void> {
    if (!cipher.unprotectedReason) return;
    const entry = (await saved())[profileId];
    if (entry === undefined) return;
    const reason = cipher.unprotectedReason(Buffer.from(entry.data, 'base64'));
    const bound = entry.origin ?? origin;
    if (reason === null || bound === null) return;
    let plain: string;
    try {
      plain = (await cipher.decrypt(Buffer.from(entry.data, 'base64'))).plain;
    } catch {
      undecryptable.add(profileId);
      decrypted.delete(profileId);
      await persist((keys) => delete keys[profileId]);
      return;
    }
    // A keyring that answers now encrypts it properly (the cipher refuses a weak result), so
    // the key stays saved; otherwise it leaves the disk and is kept in memory with the reason.
    const fresh = (await cipher.availability()).available ? await cipher.encrypt(plain).catch(() => null) : null;
    if (fresh !== null) {
      await persist((keys) => {
        keys[profileId] = { data: fresh.toString('base64'), origin: bound };
      });
      decrypted.set(profileId, plain);
      return;
    }
    memoryOnly.set(profileId, { secret: plain, origin: bound, reason });
    decrypted.delete(profileId);
    await persist((keys) => delete keys[profileId]);
  }

  /** The saved key's plain text, or null when there is none or the OS cannot decrypt it. */
  async function plainOf(profileId: string, entry: SavedKey): Promise<string | null> {
    const cached = decrypted.get(profileId);
    if (cached !== undefined) return cached;
    try {
      const { plain, reEncrypt } = await cipher.decrypt(Buffer.from(entry.data, 'base64'));
      decrypted.set(profileId, plain);
      if (reEncrypt) {
        const fresh = await cipher.encrypt(plain);
        await persist((keys) => {
          if (keys[profileId]) keys[profileId]!.data = fresh.toString('base64');
        });
      }
      return plain;
    } catch {
      undecryptable.add(profileId);
      return null;
    }
  }

  return {
    async get(profileId, origin) {
      await adoptUnprotected(profileId, origin);
      const inMemory = memoryOnly.get(profileId);
      if (inMemory) return lookup(inMemory, origin);
      const entry = (await saved())[profileId];
      if (entry === undefined) return { kind: 'none' };
      if (entry.origin !== null && entry.origin !== origin) return { kind: 'other_origin', origin: entry.origin };
      const plain = await plainOf(profileId, entry);
      if (plain === null) return { kind: 'none' };
      if (entry.origin === null) {
        // Migration from version 1: bind the key to the origin it is first used with, and save that.
        await persist((keys) => {
          if (keys[profileId]?.origin === null) keys[profileId]!.origin = origin;
        });
        const bound = (await saved())[profileId]?.origin;
        if (bound !== origin) return bound ? { kind: 'other_origin', origin: bound } : { kind: 'none' };
      }
      return { kind: 'key', secret: plain };
    },
    async set(profileId, secret, origin) {
      const availability = await cipher.availability();
      let reason = availability.available ? null : availability.reason;
      let encrypted: Buffer | null = null;
      if (reason === null) {
        // The keychain can go away between the check and the save (a locked keyring, a public
        // Linux key): the key is then kept in memory with the reason, never lost, never weak.
        try {
          encrypted = await cipher.encrypt(secret);
        } catch (error) {
          reason = error instanceof Error && error.message ? error.message : 'the OS keychain refused to encrypt it.';
        }
      }
      if (encrypted !== null) {
        const data = encrypted.toString('base64');
        await persist((keys) => {
          keys[profileId] = { data, origin };
        });
        memoryOnly.delete(profileId);
        decrypted.set(profileId, secret);
      } else {
        // Never leave an older key on disk behind a newer one kept in memory.
        if ((await saved())[profileId] !== undefined) await persist((keys) => delete keys[profileId]);
        decrypted.delete(profileId);
        memoryOnly.set(profileId, { secret, origin, reason: reason ?? 'the OS keychain refused to encrypt it.' });
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
      await adoptUnprotected(profileId, null);
      const inMemory = memoryOnly.get(profileId);
      if (inMemory) return { set: true, storage: 'memory', note: `Not saved: ${inMemory.reason}`, origin: inMemory.origin };
      if (undecryptable.has(profileId)) {
        return { set: false, storage: 'none', note: 'The saved key could not be decrypted by the OS keychain; set it again.' };
      }
      const entry = (await saved())[profileId];
      if (entry === undefined) return NO_KEY;
      // A version 1 entry with an unprotected ciphertext stays on disk until its first use binds
      // it (adoptUnprotected); it must never be called encrypted meanwhile.
      const unprotected = cipher.unprotectedReason?.(Buffer.from(entry.data, 'base64')) ?? null;
      if (unprotected !== null)
        return {
          set: true,
          storage: 'memory',
          note: `Not protected: ${unprotected} It leaves the disk when next used.`,
          origin: entry.origin,
        };
      return { set: true, storage: 'keychain', note: null, origin: entry.origin };
    },
  };
}

/** Routes the fixed profiles (Sandbox, Environment) to their own stores, the rest to `store`. */
export function routeSecretStores(fixed: Record<string, SecretStore>, store: SecretStore): SecretStore {
  const pick = (profileId: string) => (Object.hasOwn(fixed, profileId) ? fixed[profileId]! : store);
  return {
    get: (profileId, origin) => pick(profileId).get(profileId, origin),
    set: (profileId, secret, origin) => pick(profileId).set(profileId, secret, origin),
    clear: (profileId) => pick(profileId).clear(profileId),
    status: (profileId) => pick(profileId).status(profileId),
  };
}
