import type { KeyPresentation, ProfileInput, ProfileKind, ProxySettings, TlsSettings } from '../../shared/api';
import { DEFAULT_PRESENTATION } from './keyPresentation';
import { createJsonDocument, type JsonDocument } from '../storage/jsonDocument';
import { checkProfileInput, isProfileInputShape } from './profileInput';
import { isPlainObject } from '../../shared/check';

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
  proxy: ProxySettings;
}

export const SANDBOX_PROFILE_ID = 'sandbox';
export const ENVIRONMENT_PROFILE_ID = 'environment';
export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_TLS: TlsSettings = { verify: true, caFile: null, clientCert: null };
export const DEFAULT_PROXY: ProxySettings = { mode: 'system' };

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
  // Loaded on first use: the command line reads the profile defaults here and never makes an id.
  return process.getBuiltinModule('node:crypto').randomUUID();
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
    // The embedded Sandbox is on this machine: never through a proxy.
    proxy: { mode: 'none' },
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
    parse: parseSavedProfiles,
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

/**
 * Reads profiles.json as if every profile were typed in again: each is re-checked by the same
 * rules as the form (core/profileInput.ts), because the file could have been edited by hand or by
 * another program, and a bad profile must never crash the app or reach the network. What can be
 * repaired is (a time-out out of range, a key presentation that is not valid such as a header
 * name with a line break, a CA file that is no longer a certificate file, a clashing name), with
 * a message; a profile that cannot be (no id, a base URL that is not allowed) is dropped, with a
 * message. The original file is then kept aside by the JsonDocument.
 */
async function parseSavedProfiles(raw: unknown, drop: (problem: string) => void): Promise<SavedProfiles | null> {
  if (!isPlainObject(raw)) return null;
  const record = raw;
  if (record['version'] !== PROFILES_FILE_VERSION || !Array.isArray(record['profiles'])) return null;
  const profiles: Profile[] = [];
  for (const candidate of record['profiles'] as unknown[]) {
    const profile = await recheckProfile(candidate, profiles, drop);
    if (profile) profiles.push(profile);
  }
  const active = record['activeProfileId'];
  return { version: PROFILES_FILE_VERSION, activeProfileId: typeof active === 'string' ? active : null, profiles };
}

const MAX_PROFILE_ID_CHARS = 200;

async function recheckProfile(raw: unknown, kept: Profile[], drop: (problem: string) => void): Promise<Profile | null> {
  const id = (raw as { id?: unknown } | null)?.id;
  if (
    !isProfileInputShape(raw) ||
    typeof id !== 'string' ||
    id === '' ||
    id.length > MAX_PROFILE_ID_CHARS ||
    id.includes('#') ||
    (raw as Profile).kind !== 'custom'
  ) {
    drop('A saved profile was not in the expected shape and was dropped.');
    return null;
  }
  if (kept.some((profile) => profile.id === id)) {
    drop(`A second saved profile with the id "${id.slice(0, 80)}" was dropped.`);
    return null;
  }
  let input: ProfileInput = {
    name: raw.name,
    baseUrl: raw.baseUrl,
    auth: raw.auth,
    timeoutMs: raw.timeoutMs,
    tls: { verify: raw.tls.verify, caFile: raw.tls.caFile, clientCert: raw.tls.clientCert ?? null },
    allowInsecureHttp: raw.allowInsecureHttp,
    proxy: raw.proxy ?? DEFAULT_PROXY,
  };
  const label = `"${raw.name.slice(0, 80)}"`;
  // A CA file that cannot be read now (a drive not mounted yet, a moment's permissions) is kept:
  // removing it would lose the setting for good. It is told, and every request on the profile
  // says what is wrong with it until it can be read (service `target`). The rest is checked.
  let keptCaFile: string | null = null;
  // Each pass repairs the field the check names; a field that cannot be repaired drops the profile.
  for (let pass = 0; pass < 6; pass += 1) {
    const checked = await checkProfileInput(input, kept);
    if (checked.ok) {
      const tls = keptCaFile === null ? checked.value.tls : { ...checked.value.tls, caFile: keptCaFile };
      return { ...checked.value, tls, id, kind: 'custom' };
    }
    if (checked.error.field === 'caFile' && input.tls.caFile !== null) {
      drop(
        `The saved profile ${label} keeps its CA file, but it cannot be used now: ${checked.error.message} Requests on this profile fail until it can.`,
      );
      keptCaFile = input.tls.caFile;
      input = { ...input, tls: { ...input.tls, caFile: null } };
      continue;
    }
    const repaired = repairField(input, checked.error.field, kept);
    if (!repaired) {
      drop(`The saved profile ${label} was dropped: ${checked.error.message}`);
      return null;
    }
    drop(`The saved profile ${label} was repaired: ${checked.error.message} ${repaired.said}`);
    input = repaired.input;
  }
  drop(`The saved profile ${label} could not be repaired and was dropped.`);
  return null;
}

function repairField(input: ProfileInput, field: string | undefined, kept: Profile[]): { input: ProfileInput; said: string } | null {
  switch (field) {
    case 'timeoutMs':
      return { input: { ...input, timeoutMs: DEFAULT_TIMEOUT_MS }, said: `The time-out is now ${DEFAULT_TIMEOUT_MS / 1000} s.` };
    case 'auth':
      return { input: { ...input, auth: DEFAULT_PRESENTATION }, said: 'The key is now sent as Authorization: Bearer.' };
    case 'proxyUrl':
    case 'proxyUsername':
    case 'proxyBypass':
      return { input: { ...input, proxy: DEFAULT_PROXY }, said: "It now uses the system's proxy settings." };
    case 'clientCertFile':
    case 'clientKeyFile':
      return { input: { ...input, tls: { ...input.tls, clientCert: null } }, said: 'It now presents no client certificate.' };
    case 'name': {
      const base = input.name.trim().slice(0, 60) || 'Unnamed profile';
      let name = base;
      for (let n = 2; kept.some((p) => p.name.toLowerCase() === name.toLowerCase()); n += 1) name = `${base} (${n})`;
      return { input: { ...input, name }, said: `It is now named "${name}".` };
    }
    default:
      return null;
  }
}
