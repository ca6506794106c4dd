import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../electron/core/profiles/secrets';

/**
 * The test twin of Electron's safeStorage: real AES-256-GCM with a key held by this object,
 * so what lands on disk is genuinely ciphertext. `unavailable` mimics a machine whose OS store
 * is missing (or Linux's basic_text backend); `rotated` mimics an OS key rotation.
 */
export function aesTestCipher(options: { unavailable?: string; key?: Buffer; rotated?: boolean } = {}): SecretCipher {
  const key = options.key ?? randomBytes(32);
  return {
    async availability() {
      return options.unavailable ? { available: false, reason: options.unavailable } : { available: true };
    },
    async encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), data]);
    },
    async decrypt(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
      return { plain, reEncrypt: options.rotated ?? false };
    },
  };
}
