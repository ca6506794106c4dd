import { randomUUID } from 'node:crypto';
import type { KeyPresentation, ProfileKind, TlsSettings } from '../shared/contract';
import { DEFAULT_PRESENTATION } from './keyPresentation';
import { createJsonDocument, type JsonDocument } from './jsonDocument';
import { isProfileInputShape } from './profileInput';

/**
 * Profiles: where requests go and how. The Sandbox profile (and the Environment profile, when
 * AGENT_EXPLORER_BASE_URL is set) are fixed: made at start, never saved, never editable. The
 * user's own profiles are saved to profiles.json in the data directory; keys never are (they
 * live in the SecretStore).
 */

export interface Profile {
  id: string;
  name: string;
  baseUrl: string;
  kind: ProfileKind;
  auth: KeyPresentation;
  /** Time-out for a whole exchange, in milliseconds. */
  timeoutMs: number;
  tls: TlsSettings;
  allowInsecureHttp: boolean;
}

export const SANDBOX_PROFILE_ID = 'sandbox';
export const ENVIRONMENT_PROFILE_ID = 'environment';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TLS: TlsSettings = { verify: true, caFile: null };

/** Storage of profiles and of which one is active. */
export interface ProfileStore {
  list(): Promise<Profile[]>;
  get(id: string): Promise<Profile | undefined>;
  activeId(): Promise<string>;
  /** Returns false when there is no profile with that id. */
  setActive(id: string): Promise<boolean>;
  /** Adds or replaces a user profile. */
  save(profile: Profile): Promise<void>;
  /** Removes a user profile; the active one falls back to the first fixed profile. */
  remove(id: string): Promise<boolean>;
}

export function newProfileId(): string {
  return randomUUID();
}

/** The Sandbox profile for a sandbox server listening at `baseUrl`. */
export function sandboxProfile(baseUrl: string): Profile {
  return {
    id: SANDBOX_PROFILE_ID,
    name: 'Sandbox',
    baseUrl,
    kind: 'sandbox',
    auth: DEFAULT_PRESENTATION,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    tls: DEFAULT_TLS,
    allowInsecureHttp: false,
  };
}

const PROFILES_FILE_VERSION = 1;

/** profiles.json as written: the user's profiles and the saved choice of active profile. */
interface SavedProfiles {
  version: typeof PROFILES_FILE_VERSION;
  activeProfileId: string | null;
  profiles: Profile[];
}

/**
 * The saved profiles, in `file` (or in memory when null). A file that cannot be read as
 * profiles is moved aside, not overwritten, so nothing the user made is lost silently.
 */
function profilesDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<SavedProfiles> {
  return createJsonDocument<SavedProfiles>({
    file,
    empty: () => ({ version: PROFILES_FILE_VERSION, activeProfileId: null, profiles: [] }),
    parse: (raw) => (isSavedProfiles(raw) ? raw : null),
    name: 'profiles',
    ...(onProblem ? { onProblem } : {}),
  });
}

/**
 * A profile store over fixed profiles and the saved ones. `preferredActive` wins at start (the
 * Environment profile, when set), then the saved choice, then the first fixed profile.
 */
function createProfileStore(fixed: Profile[], saved: JsonDocument<SavedProfiles>, preferredActive?: string): ProfileStore {
  if (fixed.length === 0) throw new Error('At least one fixed profile is needed.');
  const fallbackId = fixed[0]!.id;
  let state: Promise<{ profiles: Profile[]; activeId: string }> = saved.read().then((document) => {
    const profiles = document.profiles.filter((profile) => !fixed.some((f) => f.id === profile.id));
    const known = (id: string | null | undefined) => id && [...fixed, ...profiles].some((p) => p.id === id);
    const activeId = known(preferredActive) ? preferredActive! : known(document.activeProfileId) ? document.activeProfileId! : fallbackId;
    return { profiles, activeId };
  });

  const all = async () => {
    const current = await state;
    return [...fixed, ...current.profiles];
  };
  /**
   * Serialises changes so two quick edits cannot overwrite each other's file write. A change
   * whose write fails is not kept, and the store goes on from the last saved state.
   */
  const change = (mutate: (current: { profiles: Profile[]; activeId: string }) => { profiles: Profile[]; activeId: string }) => {
    const previous = state;
    const next = previous.then(async (current) => {
      const changed = mutate(current);
      // The Environment profile is never written as the saved choice: it exists only while set.
      const activeProfileId = fixed.some((p) => p.id === changed.activeId) ? null : changed.activeId;
      await saved.update(() => ({ version: PROFILES_FILE_VERSION, activeProfileId, profiles: changed.profiles }));
      return changed;
    });
    state = next.catch(() => previous);
    return next;
  };

  return {
    async list() {
      return (await all()).map((profile) => structuredClone(profile));
    },
    async get(id) {
      const profile = (await all()).find((p) => p.id === id);
      return profile ? structuredClone(profile) : undefined;
    },
    async activeId() {
      return (await state).activeId;
    },
    async setActive(id) {
      if (!(await all()).some((p) => p.id === id)) return false;
      await change((current) => ({ ...current, activeId: id }));
      return true;
    },
    async save(profile) {
      if (fixed.some((p) => p.id === profile.id)) throw new Error(`The ${profile.name} profile cannot be changed.`);
      await change((current) => {
        const exists = current.profiles.some((p) => p.id === profile.id);
        const profiles = exists
          ? current.profiles.map((p) => (p.id === profile.id ? structuredClone(profile) : p))
          : [...current.profiles, structuredClone(profile)];
        return { ...current, profiles };
      });
    },
    async remove(id) {
      if (!(await state).profiles.some((p) => p.id === id)) return false;
      await change((current) => ({
        profiles: current.profiles.filter((p) => p.id !== id),
        activeId: current.activeId === id ? fallbackId : current.activeId,
      }));
      return true;
    },
  };
}

/** The in-memory twin: for tests, and for running with no data directory. */
export function createMemoryProfileStore(fixed: Profile[], preferredActive?: string): ProfileStore {
  return createProfileStore(fixed, profilesDocument(null), preferredActive);
}

/** Profiles saved in `file` (mode 0600, replaced atomically). */
export function createFileProfileStore(
  file: string,
  fixed: Profile[],
  preferredActive?: string,
  onProblem: (message: string) => void = () => undefined,
): ProfileStore {
  return createProfileStore(fixed, profilesDocument(file, onProblem), preferredActive);
}

function isSavedProfiles(value: unknown): value is SavedProfiles {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record['version'] === PROFILES_FILE_VERSION &&
    (record['activeProfileId'] === null || typeof record['activeProfileId'] === 'string') &&
    Array.isArray(record['profiles']) &&
    record['profiles'].every(
      (p: unknown) => isProfileInputShape(p) && typeof (p as Profile).id === 'string' && (p as Profile).kind === 'custom',
    )
  );
}
