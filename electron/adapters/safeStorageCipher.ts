import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/secrets';

/**
 * The OS keychain, through Electron's safeStorage, as the core's SecretCipher. Uses the async
 * API (it handles key rotation and temporary unavailability; the sync one is deprecated).
 *
 * On Linux without a keyring, Electron falls back to the `basic_text` backend, which encrypts
 * with a hard-coded password: that would look safe and protect nothing, so it counts as
 * unavailable and keys stay in memory, with the reason shown to the user.
 * Call only after the app is ready (before then the Linux backend is 'unknown').
 */
export function safeStorageCipher(): SecretCipher {
  return {
    async availability() {
      if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') {
        return {
          available: false,
          reason: 'this Linux desktop has no keyring (Electron reports the basic_text backend), so a saved key would be protected only by a publicly known password.',
        };
      }
      if (!(await safeStorage.isAsyncEncryptionAvailable())) {
        return { available: false, reason: "the operating system's keychain is not available." };
      }
      return { available: true };
    },
    encrypt: (plain) => safeStorage.encryptStringAsync(plain),
    async decrypt(data) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data);
      return { plain: result, reEncrypt: shouldReEncrypt };
    },
  };
}
