import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKeychainSecretStore } from '../../../../electron/core/profiles/secrets';
import { aesTestCipher } from '../../../support/testCipher';

const KEY = 'store-sentinel-5a4b3c2d1e';
const ORIGIN = 'https://staging.example.com';
const found = { kind: 'key', secret: KEY };
const none = { kind: 'none' };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ae-stores-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('keys encrypted by the OS keychain', () => {
  it('writes only ciphertext, owner-only, and reads it back after a restart', async () => {
    const file = path.join(dir, 'keys.json');
    const cipher = aesTestCipher();
    const store = createKeychainSecretStore({ file, cipher });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.status('p1')).toEqual({ set: true, storage: 'keychain', note: null, origin: ORIGIN });
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(KEY);

    const restarted = createKeychainSecretStore({ file, cipher });
    expect(await restarted.get('p1', ORIGIN)).toEqual(found);
    await restarted.clear('p1');
    expect(await restarted.status('p1')).toEqual({ set: false, storage: 'none', note: null });
    expect(await createKeychainSecretStore({ file, cipher }).get('p1', ORIGIN)).toEqual(none);
  });

  it('keeps the key in memory, writes nothing, and says why when encryption is unavailable', async () => {
    const file = path.join(dir, 'keys.json');
    const store = createKeychainSecretStore({
      file,
      cipher: aesTestCipher({ unavailable: 'Linux offers only the basic_text backend here.' }),
    });
    await store.set('p1', KEY, ORIGIN);
    expect(await store.get('p1', ORIGIN)).toEqual(found);
    expect(await store.status('p1')).toEqual({
      set: true,
      storage: 'memory',
      note: 'Not saved: Linux offers only the basic_text backend here.',
      origin: ORIGIN,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not leave an older saved key behind a newer one kept in memory', async () => {
    const file = path.join(dir, 'keys.json');
    const cipherKey = Buffer.alloc(32, 7);
    await createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey }) }).set('p1', 'old-key-123456', ORIGIN);
    const degraded = createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey, unavailable: 'No keychain.' }) });
    await degraded.set('p1', KEY, ORIGIN);
    expect(await createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey }) }).get('p1', ORIGIN)).toEqual(none);
  });

  it('saves the key encrypted anew when the OS says its key was rotated', async () => {
    const file = path.join(dir, 'keys.json');
    const cipherKey = Buffer.alloc(32, 9);
    await createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey }) }).set('p1', KEY, ORIGIN);
    const before = readFileSync(file, 'utf8');
    expect(await createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey, rotated: true }) }).get('p1', ORIGIN)).toEqual(
      found,
    );
    const after = readFileSync(file, 'utf8');
    expect(after).not.toBe(before);
    expect(after).not.toContain(KEY);
    expect(await createKeychainSecretStore({ file, cipher: aesTestCipher({ key: cipherKey }) }).get('p1', ORIGIN)).toEqual(found);
  });

  it('hands a key out only for the origin it was saved for, in memory and on disk', async () => {
    const file = path.join(dir, 'keys.json');
    const cipher = aesTestCipher();
    await createKeychainSecretStore({ file, cipher }).set('p1', KEY, ORIGIN);
    const restarted = createKeychainSecretStore({ file, cipher });
    expect(await restarted.get('p1', 'http://127.0.0.1:9')).toEqual({ kind: 'other_origin', origin: ORIGIN });
    expect(await restarted.get('p1', ORIGIN)).toEqual(found);
    const memory = createKeychainSecretStore({ file: path.join(dir, 'k2.json'), cipher: aesTestCipher({ unavailable: 'No keychain.' }) });
    await memory.set('p1', KEY, ORIGIN);
    expect(await memory.get('p1', 'https://staging.example.com.')).toEqual({ kind: 'other_origin', origin: ORIGIN });
  });

  it('binds a key saved before origins (keys.json version 1) to the origin of its first read, and keeps that binding', async () => {
    const file = path.join(dir, 'keys.json');
    const cipher = aesTestCipher();
    const encrypted = (await cipher.encrypt(KEY)).toString('base64');
    writeFileSync(file, JSON.stringify({ version: 1, keys: { p1: encrypted } }));
    expect(await createKeychainSecretStore({ file, cipher }).get('p1', ORIGIN)).toEqual(found);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 2, keys: { p1: { origin: ORIGIN } } });
    const restarted = createKeychainSecretStore({ file, cipher });
    expect(await restarted.get('p1', 'http://127.0.0.1:9')).toEqual({ kind: 'other_origin', origin: ORIGIN });
  });

  it('drops saved keys of no known form, keeps the others, and moves the original aside', async () => {
    const file = path.join(dir, 'keys.json');
    const cipher = aesTestCipher();
    const encrypted = (await cipher.encrypt(KEY)).toString('base64');
    writeFileSync(
      file,
      JSON.stringify({ version: 2, keys: { p1: { data: encrypted, origin: ORIGIN }, p2: 7, p3: { data: 'x', origin: 'javascript:1' } } }),
    );
    const problems: string[] = [];
    const store = createKeychainSecretStore({ file, cipher, onProblem: (m) => problems.push(m) });
    expect(await store.get('p1', ORIGIN)).toEqual(found);
    expect(await store.status('p2')).toMatchObject({ set: false });
    expect(problems.join('\n')).toMatch(/profile "p2".*dropped[\s\S]*profile "p3"|"p2"[\s\S]*"p3"/);
    expect(readdirSync(dir).some((name) => name.includes('unreadable'))).toBe(true);
  });

  it('says so when a saved key cannot be decrypted any more', async () => {
    const file = path.join(dir, 'keys.json');
    await createKeychainSecretStore({ file, cipher: aesTestCipher() }).set('p1', KEY, ORIGIN);
    const otherMachine = createKeychainSecretStore({ file, cipher: aesTestCipher() });
    expect(await otherMachine.get('p1', ORIGIN)).toEqual(none);
    expect(await otherMachine.status('p1')).toMatchObject({ set: false, note: expect.stringContaining('could not be decrypted') });
  });
});
