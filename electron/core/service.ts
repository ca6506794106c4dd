import type { Api, HostKind, KnownAgent, KnownGuideline, ProfilesState, ProfileSummary } from '../shared/contract';
import type { PlatformClient, PlatformTarget } from './platformClient';
import type { Profile, ProfileStore } from './profiles';
import type { SecretStore } from './secrets';

/**
 * The contract implemented once, host-agnostic. Electron's IPC and the browser-mode host are
 * only transports in front of this object. Keys are read here, handed to the client for one
 * request, and never put in anything returned.
 */

export interface KnownResources {
  agents: KnownAgent[];
  guidelines: KnownGuideline[];
}

export interface ServiceDeps {
  host: HostKind;
  version: string;
  profiles: ProfileStore;
  secrets: SecretStore;
  client: PlatformClient;
  /** What the app knows of a profile's agents and guidelines (the API has no list). */
  knownResources: (profile: Profile) => KnownResources;
}

export function createApiService(deps: ServiceDeps): Api {
  async function summary(profile: Profile): Promise<ProfileSummary> {
    return {
      id: profile.id,
      name: profile.name,
      baseUrl: profile.baseUrl,
      kind: profile.kind,
      key: await deps.secrets.status(profile.id),
    };
  }

  async function state(): Promise<ProfilesState> {
    const profiles = await deps.profiles.list();
    return { profiles: await Promise.all(profiles.map(summary)), activeProfileId: await deps.profiles.activeId() };
  }

  async function activeProfile(): Promise<Profile> {
    const id = await deps.profiles.activeId();
    const profile = await deps.profiles.get(id);
    if (!profile) throw new Error(`The active profile "${id}" does not exist.`);
    return profile;
  }

  async function target(): Promise<PlatformTarget> {
    const profile = await activeProfile();
    return { baseUrl: profile.baseUrl, apiKey: await deps.secrets.get(profile.id), timeoutMs: profile.timeoutMs };
  }

  return {
    async getAppInfo() {
      return { name: 'Agent Explorer', version: deps.version, host: deps.host };
    },
    listProfiles: state,
    async selectProfile({ profileId }) {
      if (!(await deps.profiles.setActive(profileId))) {
        return { ok: false, error: { code: 'invalid_argument', message: `There is no profile "${profileId}".` } };
      }
      return { ok: true, value: await state() };
    },
    async listKnownAgents() {
      return deps.knownResources(await activeProfile()).agents;
    },
    async listKnownGuidelines() {
      return deps.knownResources(await activeProfile()).guidelines;
    },
    async invokeAgent(request) {
      return deps.client.invoke(await target(), request);
    },
    async getGuideline(request) {
      return deps.client.getGuideline(await target(), request);
    },
  };
}
