import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeStorageCipher } from '../../../../electron/desktop/adapters/safeStorageCipher';
import { createKeychainSecretStore } from '../../../../electron/core/profiles/secrets';
import { keyStatusText } from '../../../../renderer/features/profile/ProfileBadges';

/**
 * adapters/safeStorageCipher.ts against the shared fake Electron (tests/support/fakeElectron.ts),
 * and through it the core's key store and the words the renderer shows. The fake tags ciphertext
 * the way Chromium does: `v10` from its fixed, public Linux key, `v11` from a keyring. The name
 * getSelectedStorageBackend() reports is the synchronous backend's, chosen from the desktop
 * environment; the asynchronous API the app uses asks the Secret Service whatever that name is
 * (shell/browser/browser_process_impl.cc in Electron), so only the ciphertext tells.
 */
const { electron, control } = await vi.hoisted(async () => (await import('../../../support/fakeElectron')).createFakeElectron());
vi.mock('electron', () => electron);
const fake = { state: control.safeStorage, safeStorage: electron.safeStorage };

const KEY = 'sentinel-key-9f8e7d6c';
let dir: string;
let file: string;
const ORIGIN = 'https://platform.example';
beforeEach(async () => {
  control.reset();
  fake.state = control.safeStorage;
  dir = await mkdtemp(path.join(tmpdir(), 'agent-explorer-safe-storage-'));
  file = path.join(dir, 'keys.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('safeStorageCipher on Linux', () => {
  it('saves a key a keyring encrypted (v11), and says so', async () => {
    const store = createKeychainSecretStore({ file, cipher: safeStorageCipher('linux') });
    await store.set('p1', KEY, ORIGIN);
    const status = await store.status('p1');
    expect(status).toEqual({ set: true, storage: 'keychain', note: null, origin: ORIGIN });
    expect(keyStatusText(status)).toBe('Key set — stored encrypted in the OS keychain');
  });

  it("refuses to save what Chromium's public key encrypted (v10), although the backend names a keyring", async () => {
    fake.state.tag = 'v10';
    const cipher = safeStorageCipher('linux');
    expect(await cipher.availability()).toEqual({ available: false, reason: expect.stringMatching(/no keyring answered/) });
    await expect(cipher.encrypt(KEY)).rejects.toThrow(/no keyring answered/);

    const store = createKeychainSecretStore({ file, cipher });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.get('p1', ORIGIN)).toEqual({ kind: 'key', secret: KEY });
    const status = await store.status('p1');
    expect(status.storage).toBe('memory');
    const shown = keyStatusText(status);
    expect(shown).toMatch(/^Key set — kept in memory for this session only\. Not saved: no keyring answered/);
    expect(shown).not.toMatch(/stored encrypted/);
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('saves a key on desktops Chromium does not recognise (sway, i3, Hyprland, niri, LXQt), where it names basic_text but the keyring answers (v11)', async () => {
    fake.state.backend = 'basic_text';
    const store = createKeychainSecretStore({ file, cipher: safeStorageCipher('linux') });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.status('p1')).toEqual({ set: true, storage: 'keychain', note: null, origin: ORIGIN });
    const saved = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, { data: string }> };
    expect(Buffer.from(saved.keys['p1']!.data, 'base64').subarray(0, 3).toString('latin1')).toBe('v11');
  });

  it('keeps it in memory there when no keyring answers either (v10), saying why', async () => {
    Object.assign(fake.state, { backend: 'basic_text', tag: 'v10' });
    expect(await safeStorageCipher('linux').availability()).toEqual({
      available: false,
      reason: expect.stringMatching(/no keyring answered/),
    });
  });

  it("takes an older version's v10 key off the disk and keeps it in memory for the session, saying why", async () => {
    fake.state.tag = 'v10';
    const oldEntry = (await fake.safeStorage.encryptStringAsync(KEY)).toString('base64');
    await writeFile(file, JSON.stringify({ version: 1, keys: { p1: oldEntry, p2: oldEntry } }));

    const store = createKeychainSecretStore({ file, cipher: safeStorageCipher('linux') });
    // Before its first use a version 1 entry has no origin yet: never called encrypted meanwhile.
    const before = await store.status('p1');
    expect(before).toMatchObject({ set: true, storage: 'memory' });
    expect(keyStatusText(before)).toMatch(/an earlier version saved it with Chromium's built-in Linux key/);
    expect(keyStatusText(before)).not.toMatch(/stored encrypted/);
    expect(await store.get('p1', ORIGIN)).toEqual({ kind: 'key', secret: KEY });
    expect(await store.get('p2', ORIGIN)).toEqual({ kind: 'key', secret: KEY });
    const after = await store.status('p1');
    expect(after).toMatchObject({ set: true, storage: 'memory', origin: ORIGIN });
    expect(keyStatusText(after)).toMatch(/Not saved: an earlier version saved it with Chromium's built-in Linux key/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ version: 2, keys: {} });
  });
});

describe('a keychain that fails between its check and the save', () => {
  it('keeps the key in memory with the reason, instead of failing or writing it weakly', async () => {
    const cipher = {
      availability: async () => ({ available: true as const }),
      encrypt: async (): Promise<Buffer> => {
        throw new Error('the keyring was locked while saving.');
      },
      decrypt: async () => ({ plain: '', reEncrypt: false }),
    };
    const store = createKeychainSecretStore({ file, cipher });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.get('p1', ORIGIN)).toEqual({ kind: 'key', secret: KEY });
    const shown = keyStatusText(await store.status('p1'));
    expect(shown).toMatch(/kept in memory for this session only\. Not saved: the keyring was locked while saving\./);
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});

describe('safeStorageCipher on macOS and Windows', () => {
  it.each(['darwin', 'win32'] as const)('treats v10 as the normal, protected prefix on %s', async (platform) => {
    fake.state.tag = 'v10';
    const store = createKeychainSecretStore({ file, cipher: safeStorageCipher(platform) });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.status('p1')).toEqual({ set: true, storage: 'keychain', note: null, origin: ORIGIN });
    expect(await createKeychainSecretStore({ file, cipher: safeStorageCipher(platform) }).get('p1', ORIGIN)).toEqual({
      kind: 'key',
      secret: KEY,
    });
  });
});

/**
 * An older version's v10 key, read where a keyring answers now: re-encrypted by it (v11) and
 * kept on disk, not adopted into memory and lost at the next start (found in review).
 */
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
