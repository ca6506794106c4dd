/**
 * Profiles: where requests go. The Sandbox profile always exists and points at the embedded
 * sandbox server started with the app; other kinds arrive with profile management.
 */

export interface Profile {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'sandbox' | 'custom';
  /** Time-out for a whole exchange, in milliseconds. */
  timeoutMs: number;
}

export const SANDBOX_PROFILE_ID = 'sandbox';
export const DEFAULT_TIMEOUT_MS = 60_000;

/** Storage of profiles and of which one is active. */
export interface ProfileStore {
  list(): Promise<Profile[]>;
  get(id: string): Promise<Profile | undefined>;
  activeId(): Promise<string>;
  /** Returns false when there is no profile with that id. */
  setActive(id: string): Promise<boolean>;
}

/** The in-memory twin of ProfileStore, also used for the session-only Sandbox profile. */
export function createMemoryProfileStore(initial: Profile[], activeId: string): ProfileStore {
  const profiles = new Map(initial.map((profile) => [profile.id, { ...profile }]));
  if (!profiles.has(activeId)) throw new Error(`No profile "${activeId}" to make active.`);
  let active = activeId;
  return {
    async list() {
      return [...profiles.values()].map((profile) => ({ ...profile }));
    },
    async get(id) {
      const profile = profiles.get(id);
      return profile ? { ...profile } : undefined;
    },
    async activeId() {
      return active;
    },
    async setActive(id) {
      if (!profiles.has(id)) return false;
      active = id;
      return true;
    },
  };
}

/** The Sandbox profile for a sandbox server listening at `baseUrl`. */
export function sandboxProfile(baseUrl: string): Profile {
  return { id: SANDBOX_PROFILE_ID, name: 'Sandbox', baseUrl, kind: 'sandbox', timeoutMs: DEFAULT_TIMEOUT_MS };
}
