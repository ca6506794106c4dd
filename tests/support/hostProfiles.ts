import type { ProfileInput, ProfilesState, ProfileSummary } from '../../electron/shared/api';
import { profileWarnings } from '../../electron/core/service';
import { originOf } from '../../electron/core/profiles/baseUrl';
import { PROFILE_SECRET_NAMES, secretBinding, secretId } from '../../electron/core/profiles/profileSecrets';
import {
  createMemoryProfileStore,
  DEFAULT_PROXY,
  ENVIRONMENT_PROFILE_ID,
  SANDBOX_PROFILE_ID,
  sandboxProfile,
  type Profile,
  type ProfileStore,
} from '../../electron/core/profiles/profiles';
import {
  createKeychainSecretStore,
  createMemorySecretStore,
  routeSecretStores,
  type SecretStore,
} from '../../electron/core/profiles/secrets';
import { aesTestCipher } from './testCipher';
import { profileFields } from './workspaceFiles';

/**
 * Profiles for component tests: summaries as the host reports them (built from the host's own
 * warnings), and the real profile and key stores seeded from such a summary list, so a test
 * says "these profiles, this one active, these keys set" and the core answers the rest.
 */

/** Where the Sandbox profile points in component tests (nothing listens there: the platform is scripted). */
export const SANDBOX_URL = 'http://127.0.0.1:4010';

/** The key seeded for a profile whose summary says it has one. */
export const SEEDED_KEY = 'test-key-0123456789';

const NO_SECRETS: ProfileSummary['secrets'] = {
  proxyPassword: { set: false, storage: 'none', note: null },
  certPassphrase: { set: false, storage: 'none', note: null },
};

/** The Sandbox's key note, as bootstrap.ts gives its key store. */
const SANDBOX_KEY_NOTE = 'The Sandbox makes a new key at each start.';

/** The Sandbox profile as the host reports it. */
export function sandboxSummary(): ProfileSummary {
  const profile = sandboxProfile(SANDBOX_URL);
  return {
    ...profile,
    editable: false,
    key: { set: true, storage: 'memory', note: SANDBOX_KEY_NOTE, origin: originOf(SANDBOX_URL) },
    secrets: NO_SECRETS,
    warnings: profileWarnings(profile),
  };
}

/** A custom profile summary with no key, as the host reports one after it is created. */
export function customSummary(id: string, input: ProfileInput): ProfileSummary {
  const profile = profileOf({ ...input, id, kind: 'custom' });
  return {
    ...profile,
    editable: true,
    key: { set: false, storage: 'none', note: null },
    secrets: NO_SECRETS,
    warnings: profileWarnings(profile),
  };
}

/** A profile input with sensible defaults for tests: https, Bearer, 60 s, certificates verified. */
export const profileInput = profileFields;

/**
 * A custom profile as the host reports it, from `profileInput` defaults, with any field
 * overridden (e.g. `key` for one that has a key, `kind` for the Environment profile).
 */
export function customProfile(id: string, overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  const { name, baseUrl, auth, timeoutMs, tls, allowInsecureHttp } = { ...profileInput(), ...overrides };
  const summary = { ...customSummary(id, { name, baseUrl, auth, timeoutMs, tls, allowInsecureHttp }), ...overrides };
  return { ...summary, warnings: profileWarnings(profileOf(summary)) };
}

/** The stored profile behind a summary: what the host keeps, without what it works out. */
function profileOf(summary: Omit<Profile, 'proxy'> & { proxy?: Profile['proxy'] } & Partial<ProfileSummary>): Profile {
  const { editable: _editable, key: _key, secrets: _secrets, warnings: _warnings, ...profile } = summary;
  return { ...profile, proxy: profile.proxy ?? DEFAULT_PROXY };
}

export interface SeededProfiles {
  profiles: ProfileStore;
  secrets: SecretStore;
}

/**
 * The real profile and key stores holding `state`: its Sandbox and Environment profiles as the
 * fixed ones, the rest as saved profiles, the key (and proxy password, passphrase) set wherever
 * a summary says so. Saved profiles' keys go to the keychain store in `keysFile`, encrypted by
 * the test cipher, as the desktop app keeps them.
 */
export async function seedProfiles(state: ProfilesState, keysFile: string): Promise<SeededProfiles> {
  const fixed = state.profiles.filter((summary) => summary.kind !== 'custom').map(profileOf);
  const profiles = createMemoryProfileStore(fixed, fixed.some((p) => p.id === state.activeProfileId) ? state.activeProfileId : undefined);
  const fixedSecrets: Record<string, SecretStore> = {
    [SANDBOX_PROFILE_ID]: createMemorySecretStore({ note: SANDBOX_KEY_NOTE }),
    [ENVIRONMENT_PROFILE_ID]: createMemorySecretStore({ storage: 'environment', note: 'From AGENT_EXPLORER_API_KEY; never saved.' }),
  };
  const secrets = routeSecretStores(fixedSecrets, createKeychainSecretStore({ file: keysFile, cipher: aesTestCipher() }));
  for (const summary of state.profiles) {
    const profile = profileOf(summary);
    if (profile.kind === 'custom') await profiles.save(profile);
    if (summary.key.set) await secrets.set(profile.id, SEEDED_KEY, summary.key.origin ?? originOf(profile.baseUrl));
    for (const name of PROFILE_SECRET_NAMES) {
      const binding = secretBinding(profile, name);
      if (summary.secrets[name].set && binding !== null) await secrets.set(secretId(profile.id, name), 'test-secret', binding);
    }
  }
  await profiles.setActive(state.activeProfileId);
  return { profiles, secrets };
}
