import { safeStorage } from 'electron';
import type { SecretCipher } from '../../core/profiles/secrets';

/**
 * The prefix of ciphertext that Chromium made with its fixed, public Linux key (PBKDF2 of the
 * password "peanuts"). Chromium's os_crypt tags every ciphertext with the key that made it:
 * on Linux `v10` is that hard-coded key (components/os_crypt/sync/os_crypt_linux.cc:
 * "kObfuscationPrefixV10 means that the hardcoded password will be used"), and in the async
 * API that Electron's safeStorage uses, the PosixKeyProvider / FallbackLinuxKeyProvider hand
 * out the same key under the tag "v10" (components/os_crypt/async/browser/), while the
 * keyring providers write `v11`. On macOS and Windows `v10` is the normal, protected prefix
 * (Keychain, DPAPI), so this only means "public key" on Linux.
 */
const LINUX_PUBLIC_KEY_TAG = 'v10';

const PUBLIC_KEY_REASON =
  "no keyring answered on this Linux desktop, so Electron could only encrypt it with Chromium's built-in key, which anyone can use.";

/** Whether `data` was encrypted with Chromium's public Linux key (see LINUX_PUBLIC_KEY_TAG). */
function isPublicKeyCiphertext(data: Buffer, platform: NodeJS.Platform): boolean {
  return platform === 'linux' && data.subarray(0, LINUX_PUBLIC_KEY_TAG.length).toString('latin1') === LINUX_PUBLIC_KEY_TAG;
}

/**
 * The OS keychain, through Electron's safeStorage, as the core's SecretCipher. Uses the async
 * API (it handles key rotation and temporary unavailability; the sync one is deprecated).
 *
 * On Linux without a keyring, Electron encrypts with a key built into Chromium: that would look
 * safe and protect nothing, so it counts as unavailable and keys stay in memory, with the
 * reason shown to the user. The one test of that is the ciphertext itself: a probe encryption
 * that comes back tagged `v10` was made with the public key. `getSelectedStorageBackend()` is
 * no test of it: it names the synchronous API's backend, picked from the desktop environment
 * (`basic_text` on sway, i3, Hyprland, niri, LXQt and others Chromium does not recognise), while
 * the asynchronous API's FreedesktopSecretKeyProvider asks the Secret Service (gnome-keyring,
 * KeePassXC) on any desktop (Electron's shell/browser/browser_process_impl.cc registers it
 * apart from `SetLinuxStorageBackend`). `encrypt` refuses `v10` ciphertext too (the keyring can
 * go away between the probe and the write), and `unprotectedReason` lets the core take an
 * older version's `v10` entry off the disk.
 * Call only after the app is ready.
 */
export function safeStorageCipher(platform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    async availability() {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) {
        return { available: false, reason: "the operating system's keychain is not available." };
      }
      if (platform === 'linux' && isPublicKeyCiphertext(await safeStorage.encryptStringAsync('agent-explorer probe'), platform)) {
        return { available: false, reason: PUBLIC_KEY_REASON };
      }
      return { available: true };
    },
    async encrypt(plain) {
      const encrypted = await safeStorage.encryptStringAsync(plain);
      if (isPublicKeyCiphertext(encrypted, platform)) throw new Error(PUBLIC_KEY_REASON);
      return encrypted;
    },
    async decrypt(data) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(data);
      return { plain: result, reEncrypt: shouldReEncrypt };
    },
    unprotectedReason: (data) =>
      isPublicKeyCiphertext(data, platform)
        ? `an earlier version saved it with Chromium's built-in Linux key, which anyone can use, ` +
          'so it was taken off the disk and is kept in memory for this session.'
        : null,
  };
}
