import type { KeyStatus, ProfileSecretName, ProfileSecretsStatus, Result } from '../../shared/api';
import type { ProxySetting } from '../http/proxyRoute';
import type { ClientCertificate } from '../http/transport';
import { readClientCertificate } from '../http/clientCertFile';
import { passphraseFile, proxyOrigin } from './profileNetwork';
import { originOf } from './baseUrl';
import type { Profile } from './profiles';
import type { SecretStore } from './secrets';

/**
 * A profile's secrets besides its key: the manual proxy's password and the client certificate's
 * passphrase. They live in the same SecretStore as keys (the OS keychain in the desktop app,
 * memory in browser mode), under ids of their own, and are write-only like the key: the contract
 * has set, clear and status, never get. Each is bound to what it opens: the password to the
 * proxy's origin, the passphrase to the server the certificate is presented to, and both are
 * cleared when the profile points them elsewhere (another proxy, another key file, another server).
 */

export const PROFILE_SECRET_NAMES: readonly ProfileSecretName[] = ['proxyPassword', 'certPassphrase'];

const MAX_SECRET_CHARS = 4096;

/** The store's id for one of a profile's secrets; a profile id never holds '#'. */
export function secretId(profileId: string, name: ProfileSecretName): string {
  return `${profileId}#${name}`;
}

/** What a secret is bound to on this profile, or null when the profile has nothing it could open. */
export function secretBinding(profile: Profile, name: ProfileSecretName): string | null {
  if (name === 'proxyPassword') return proxyOrigin(profile.proxy);
  return passphraseFile(profile.tls.clientCert) === null ? null : originOf(profile.baseUrl);
}

/** Why a secret cannot be set on this profile now, or null. */
export function secretProblem(profile: Profile, name: ProfileSecretName, value: string): string | null {
  if (secretBinding(profile, name) === null) {
    return name === 'proxyPassword'
      ? 'This profile uses no proxy of its own: choose Manual proxy and save it first.'
      : 'This profile presents no client certificate: choose one and save it first.';
  }
  if (value === '') return name === 'proxyPassword' ? 'The password is empty.' : 'The passphrase is empty.';
  if (value.length > MAX_SECRET_CHARS) return `It is longer than ${MAX_SECRET_CHARS} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'It contains a line break or another control character.';
  return null;
}

export async function secretsStatus(store: SecretStore, profile: Profile): Promise<ProfileSecretsStatus> {
  const status = async (name: ProfileSecretName): Promise<KeyStatus> => {
    const found = await store.status(secretId(profile.id, name));
    // Where it is bound is the profile's own setting, shown there; the status says set or not.
    const { origin: _origin, ...rest } = found;
    return rest;
  };
  return { proxyPassword: await status('proxyPassword'), certPassphrase: await status('certPassphrase') };
}

/** The secret for a request, only for what it was saved for; null when none (or bound elsewhere). */
async function secretFor(store: SecretStore, profile: Profile, name: ProfileSecretName): Promise<string | null> {
  const binding = secretBinding(profile, name);
  if (binding === null) return null;
  const found = await store.get(secretId(profile.id, name), binding);
  return found.kind === 'key' ? found.secret : null;
}

/** The secrets a change of the profile points elsewhere (another proxy, key file or server), set or not. */
export function movedSecrets(before: Profile, after: Profile): ProfileSecretName[] {
  const moved: ProfileSecretName[] = [];
  if (proxyOrigin(before.proxy) !== proxyOrigin(after.proxy)) moved.push('proxyPassword');
  if (
    passphraseFile(before.tls.clientCert) !== passphraseFile(after.tls.clientCert) ||
    originOf(before.baseUrl) !== originOf(after.baseUrl)
  )
    moved.push('certPassphrase');
  return moved;
}

/** Clears the secrets a change of the profile points elsewhere; answers which were set and cleared. */
export async function clearMovedSecrets(store: SecretStore, before: Profile, after: Profile): Promise<ProfileSecretName[]> {
  const cleared: ProfileSecretName[] = [];
  for (const name of movedSecrets(before, after)) {
    const id = secretId(before.id, name);
    if ((await store.status(id)).set) cleared.push(name);
    await store.clear(id);
  }
  return cleared;
}

export async function clearAllSecrets(store: SecretStore, profileId: string): Promise<void> {
  for (const name of PROFILE_SECRET_NAMES) await store.clear(secretId(profileId, name));
}

/** The profile's proxy setting as the platform client takes it, with the password from the store. */
export async function proxyFor(store: SecretStore, profile: Profile): Promise<ProxySetting> {
  const proxy = profile.proxy;
  if (proxy.mode !== 'manual') return proxy;
  return { ...proxy, password: await secretFor(store, profile, 'proxyPassword') };
}

const APP_PASSPHRASE_HINT = 'set its passphrase in Manage profiles, under Certificate passphrase';

/** The profile's client certificate, read now with its passphrase, or what is wrong with it. */
export async function clientCertFor(store: SecretStore, profile: Profile): Promise<Result<ClientCertificate | null>> {
  const cert = profile.tls.clientCert;
  if (!cert) return { ok: true, value: null };
  const passphrase = await secretFor(store, profile, 'certPassphrase');
  const read = await readClientCertificate({
    cert: cert.kind === 'pkcs12' ? cert.file : cert.certFile,
    key: cert.kind === 'pkcs12' ? null : cert.keyFile,
    passphrase,
    passphraseHint: APP_PASSPHRASE_HINT,
  });
  if (!read.ok) return { ok: false, error: { code: 'invalid_argument', message: `The profile's client certificate: ${read.message}` } };
  return { ok: true, value: read.value };
}
