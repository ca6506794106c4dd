import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeStorageCipher } from '../../../electron/adapters/safeStorageCipher';
import { createKeychainSecretStore } from '../../../electron/core/secrets';

/**
 * Found in review (issue 7 item 1, lost data): an older version's `v10` key (saved when no keyring
 * answered) is taken off the disk into memory on first read, even when a keyring answers now.
 * It is then never written again, so it is gone at the next start: a person who has since got a
 * working keyring loses the key instead of having it re-encrypted by that keyring (v11).
 * Same fake safeStorage as tests/unit/security/safeStorage.test.ts.
 */
const fake = vi.hoisted(() => {
  const state = { backend: 'gnome_libsecret', asyncAvailable: true, tag: 'v11' };
  const safeStorage = {
    getSelectedStorageBackend: () => state.backend,
    isAsyncEncryptionAvailable: () => Promise.resolve(state.asyncAvailable),
    encryptStringAsync: (plain: string) => Promise.resolve(Buffer.from(`${state.tag}${Buffer.from(plain).toString('base64')}`, 'latin1')),
    decryptStringAsync: (data: Buffer) =>
      Promise.resolve({ result: Buffer.from(data.subarray(3).toString('latin1'), 'base64').toString('utf8'), shouldReEncrypt: false }),
  };
  return { state, safeStorage };
});
vi.mock('electron', () => ({ safeStorage: fake.safeStorage }));

const KEY = 'sentinel-key-9f8e7d6c';
const ORIGIN = 'https://platform.example';
let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ae-old-v10-'));
  file = path.join(dir, 'keys.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a v10 key from an older version, on a Linux desktop whose keyring answers now', () => {
  it('is still there at the next start (re-encrypted by the keyring), not lost with the session', async () => {
    fake.state.tag = 'v10';
    const oldEntry = (await fake.safeStorage.encryptStringAsync(KEY)).toString('base64');
    await writeFile(file, JSON.stringify({ version: 2, keys: { p1: { data: oldEntry, origin: ORIGIN } } }));
    fake.state.tag = 'v11'; // the keyring works now

    const firstRun = createKeychainSecretStore({ file, cipher: safeStorageCipher('linux') });
    expect(await firstRun.get('p1', ORIGIN)).toEqual({ kind: 'key', secret: KEY });

    const nextStart = createKeychainSecretStore({ file, cipher: safeStorageCipher('linux') });
    expect(await nextStart.get('p1', ORIGIN)).toEqual({ kind: 'key', secret: KEY });
    // Saved by the keyring (v11), and called so; not merely adopted into memory again.
    const saved = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, { data: string; origin: string }> };
    expect(Buffer.from(saved.keys['p1']!.data, 'base64').subarray(0, 3).toString('latin1')).toBe('v11');
    expect(saved.keys['p1']!.origin).toBe(ORIGIN);
    expect(await nextStart.status('p1')).toEqual({ set: true, storage: 'keychain', note: null, origin: ORIGIN });
  });
});
