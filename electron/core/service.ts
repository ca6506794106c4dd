import { suiteDraftDocument, suiteDraftMethods, type SuiteDraftFile } from './runs/suiteDraftDocument';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {
  Api,
  BodyTarget,
  AppError,
  AppSettings,
  CatalogAgent,
  GuidelineRequest,
  GuidelineResult,
  HostKind,
  InvokeRequest,
  InvokeResult,
  KeyPresentation,
  KeyStatus,
  KnownAgent,
  KnownGuideline,
  PlatformError,
  ProfilesState,
  ProfileSummary,
  ProfileWarning,
  Result,
  RunProgress,
  SavedBody,
  Workspace,
  GuidelineTabs,
} from '../shared/api';
import {
  checkCatalogInput,
  checkHistoryRetention,
  checkMaxResponseBytes,
  checkMaxSavedFileBytes,
  checkMaxRunRequests,
  checkJudgeAgents,
  learnKeys,
  type CatalogByProfile,
} from './workspace/appStores';
import { mergeWorkspace, parseWorkspaceChanges, type TabChange } from './workspace/workspaceMerge';
import type { JsonDocument } from './storage/jsonDocument';
import { isInsecureHttp, originOf } from './profiles/baseUrl';
import { authVariableValue } from './profiles/environment';
import { detectPresentation, detectProbe } from './profiles/detect';
import type { PlatformClient, PlatformTarget } from './http/platformClient';
import { checkProfileInput, readCaFile } from './profiles/profileInput';
import {
  clearAllSecrets,
  clearMovedSecrets,
  clientCertFor,
  proxyFor,
  secretBinding,
  secretId,
  secretProblem,
  secretsStatus,
} from './profiles/profileSecrets';
import { newProfileId, type Profile, type ProfileStore } from './profiles/profiles';
import type { SecretStore } from './profiles/secrets';
import type { HistoryStore } from './history/historyStore';
import { createHistoryMethods } from './history/historyService';
import { createWorkspaceFileMethods } from './workspace/workspaceFileService';
import { guidelineTabsDocument, mergeGuidelineTabs, parseGuidelineTabsChanges } from './workspace/guidelineTabs';
import type { LibraryStore } from './library/libraryStore';
import { createLibraryMethods } from './library/libraryService';
import type { ChecklistStore } from './checklists/checklistStore';
import { createChecklistMethods } from './checklists/checklistService';
import type { RunStore } from './runs/runStore';
import { createRunMethods } from './runs/runService';
import { createDataUploads } from './runs/dataUploads';
import type { ExportTickets } from './reports/runs/exportTickets';
import { invalid } from '../shared/check';

/**
 * The contract implemented once, host-agnostic. Electron's IPC and the browser-mode host are
 * only transports in front of this object. Keys are read here, handed to the client for one
 * request, and never put in anything returned.
 */

interface KnownResources {
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
  settings: JsonDocument<AppSettings>;
  workspace: JsonDocument<Workspace>;
  catalog: JsonDocument<CatalogByProfile>;
  wallClock: () => Date;
  /** Where answers too large for memory are saved, on request. */
  downloadsDir: string;
  /**
   * Where the data files the page sends for runs wait, private to this host (emptied at the first
   * one it is sent); a folder of its own in the system's temporary folder when absent.
   */
  runDataDir?: string;
  /** Where every exchange is kept (the app's database: db/open.ts). */
  history: HistoryStore;
  /** Each profile's guideline library, in the same database. */
  library: LibraryStore;
  /** Checklists against an answer, kept with their history entries. */
  checklists: ChecklistStore;
  /** The open guideline tabs and the one beside the workbench; in memory when absent. */
  guidelineTabs?: JsonDocument<GuidelineTabs>;
  /** Runs and their results, in the same database. */
  runs: RunStore;
  /** Where run progress goes (bootstrap's runProgress hub); nowhere when absent. */
  onRunProgress?: (progress: RunProgress) => void;
  /** Where run exports wait for their save (bootstrap's, which the hosts take them from). */
  runExports: ExportTickets;
  /** Work to finish before the stores close (runs going are cancelled and write their end); the caller runs them at close. */
  closers?: Array<() => Promise<void>>;
  /** The Runs section's unsaved suite (suite-draft.json); in memory when absent. */
  suiteDraft?: JsonDocument<SuiteDraftFile>;
  /** Where problems that must not fail a call are told (the catalog could not learn an answer's keys). */
  onProblem?: (message: string) => void;
}

/** The Key section's note after a change of server cleared the key. */
export const KEY_CLEARED_NOTE = 'The key was cleared because the server changed; set it again.';

/** A new, recognisable file name for a saved answer: kind, id, time. */
function savedBodyFileName(what: BodyTarget, now: Date): string {
  const id = what.kind === 'invoke' ? what.request.agentId : what.request.guidelineId;
  const safeId =
    id
      .trim()
      .replace(/[^A-Za-z0-9-]/g, '_')
      .slice(0, 36) || 'unnamed';
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `agent-explorer-${what.kind}-${safeId}-${stamp}.json`;
}

const MAX_KEY_CHARS = 8192;

export function profileWarnings(profile: Profile): ProfileWarning[] {
  const warnings: ProfileWarning[] = [];
  if (isInsecureHttp(profile.baseUrl)) {
    warnings.push({ code: 'insecure_http', message: 'Insecure HTTP: the key and all data travel unencrypted.' });
  }
  if (profile.baseUrl.startsWith('https:') && !profile.tls.verify) {
    warnings.push({ code: 'tls_unverified', message: 'TLS not verified: anyone on the network path could pose as this server.' });
  }
  if (profile.tls.caFile) warnings.push({ code: 'custom_ca', message: `Also trusts the CA certificates in ${profile.tls.caFile}.` });
  if (profile.proxy.mode === 'manual' && profile.proxy.url.startsWith('http:') && profile.proxy.username !== null) {
    warnings.push({
      code: 'proxy_plain_password',
      message: 'The proxy password travels unencrypted to an http: proxy (the key does not: HTTPS goes through it encrypted).',
    });
  }
  return warnings;
}

/** Trims a pasted key and refuses one that could not be sent intact. */
function checkKey(raw: string): Result<string> {
  const key = raw.trim();
  if (key === '') return invalid('The key is empty.', 'key');
  if (key.length > MAX_KEY_CHARS) return invalid(`The key is longer than ${MAX_KEY_CHARS} characters.`, 'key');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  if (/[\u0000-\u001f\u007f]/.test(key)) return invalid('The key contains a line break or another control character.', 'key');
  return { ok: true, value: key };
}

export function createApiService(deps: ServiceDeps): Api {
  /** Requests that can still be cancelled, by the id the renderer gave them. */
  const inFlight = new Map<string, AbortController>();
  /** Profiles whose key was cleared by a move to another origin this session: their Key section says so. */
  const clearedByMove = new Set<string>();
  /** When each request tab last changed and which page changed it, to tell edits a page has not seen (see workspaceMerge). */
  const tabChanges = new Map<string, TabChange>();
  const guidelineTabs = deps.guidelineTabs ?? guidelineTabsDocument(null);

  async function keyStatus(profile: Profile): Promise<KeyStatus> {
    const status = await deps.secrets.status(profile.id);
    if (!status.set) return clearedByMove.has(profile.id) ? { ...status, note: KEY_CLEARED_NOTE } : status;
    const origin = originOf(profile.baseUrl);
    if (status.origin && status.origin !== origin) {
      return { ...status, note: `The key was saved for ${status.origin} and is not sent to ${origin}; set it again.` };
    }
    return status;
  }

  /**
   * Presentations Detect found for the Environment profile. That profile is made from
   * AGENT_EXPLORER_* variables and never saved, so what Detect finds applies for this launch
   * only (the report says which variable makes it permanent). Applied wherever a profile is read.
   */
  const launchAuth = new Map<string, KeyPresentation>();
  const withLaunchAuth = (profile: Profile): Profile => {
    const auth = launchAuth.get(profile.id);
    return auth ? { ...profile, auth } : profile;
  };

  async function summary(profile: Profile): Promise<ProfileSummary> {
    return {
      ...structuredClone(withLaunchAuth(profile)),
      editable: profile.kind === 'custom',
      key: await keyStatus(profile),
      secrets: await secretsStatus(deps.secrets, profile),
      warnings: profileWarnings(profile),
    };
  }

  async function state(): Promise<ProfilesState> {
    const profiles = await deps.profiles.list();
    return { profiles: await Promise.all(profiles.map(summary)), activeProfileId: await deps.profiles.activeId() };
  }

  async function editableProfile(profileId: string, action: string): Promise<Result<Profile>> {
    const profile = await deps.profiles.get(profileId);
    if (!profile) return invalid(`There is no profile "${profileId}".`);
    if (profile.kind === 'sandbox') return invalid(`The Sandbox profile is built in: it cannot be ${action}.`);
    if (profile.kind === 'environment') {
      return invalid(`The Environment profile comes from AGENT_EXPLORER_* variables: it cannot be ${action}.`);
    }
    return { ok: true, value: profile };
  }

  async function activeProfile(): Promise<Profile> {
    const id = await deps.profiles.activeId();
    const profile = await deps.profiles.get(id);
    if (!profile) throw new Error(`The active profile "${id}" does not exist.`);
    return withLaunchAuth(profile);
  }

  /**
   * The active profile, for a request composed for `profileId` (when it names one). A request
   * tab's draft belongs to a profile; when another profile became active meanwhile (another
   * browser tab switched it, or the page's cached state is stale), it is refused with
   * `profile_changed` and nothing is sent, so it never reaches another server with that
   * server's key. The check and the send read the same active profile: nothing switches between.
   */
  async function profileForRequest(profileId: string | undefined): Promise<Result<Profile, PlatformError>> {
    const profile = await activeProfile();
    if (profileId === undefined || profileId === profile.id) return { ok: true, value: profile };
    return {
      ok: false,
      error: {
        code: 'profile_changed',
        message: `This request was written for another profile, and "${profile.name}" is active now: nothing was sent.`,
        exchange: null,
      },
    };
  }

  /**
   * Everything a request to this profile needs, or the reason it cannot be sent. Every call that
   * reaches the platform (invoke, guideline, save to file, Detect) comes through here, and here
   * the key is handed out only for the origin it was saved for: a profile pointed elsewhere gets
   * `key_origin` and nothing is sent, so no sequence of contract calls can carry the key away.
   */
  async function target(profile: Profile): Promise<Result<PlatformTarget, PlatformError>> {
    const origin = originOf(profile.baseUrl);
    const key = await deps.secrets.get(profile.id, origin);
    if (key.kind === 'other_origin') {
      return {
        ok: false,
        error: {
          code: 'key_origin',
          message:
            `This profile's key was saved for ${key.origin}, and the profile now points at ${origin}: ` +
            `the key is sent only where it was saved for. Set the key again for ${origin}.`,
          exchange: null,
        },
      };
    }
    let extraCa: string | null = null;
    if (profile.tls.caFile) {
      const ca = await readCaFile(profile.tls.caFile);
      if (!ca.ok)
        return { ok: false, error: { code: 'invalid_argument', message: `The profile's CA file: ${ca.message}`, exchange: null } };
      extraCa = ca.pem;
    }
    const clientCert = await clientCertFor(deps.secrets, profile);
    if (!clientCert.ok) return { ok: false, error: { ...clientCert.error, exchange: null } };
    const { maxResponseBytes, maxSavedFileBytes } = await deps.settings.read();
    return {
      ok: true,
      value: {
        baseUrl: profile.baseUrl,
        apiKey: key.kind === 'key' ? key.secret : null,
        auth: profile.auth,
        timeoutMs: profile.timeoutMs,
        tls: { verify: profile.tls.verify, extraCa, clientCert: clientCert.value },
        maxResponseBytes,
        maxSavedFileBytes,
        // The embedded Sandbox is on this machine: never through a proxy.
        proxy: profile.kind === 'sandbox' ? { mode: 'none' } : await proxyFor(deps.secrets, profile),
      },
    };
  }

  /**
   * The profile's key for its current origin, or null: what the history redacts from a request
   * (a key bound to another origin is not handed out, so it was not in what the person sent).
   */
  async function keyOf(profile: Profile): Promise<string | null> {
    const key = await deps.secrets.get(profile.id, originOf(profile.baseUrl));
    return key.kind === 'key' ? key.secret : null;
  }

  async function catalogOf(profileId: string): Promise<CatalogAgent[]> {
    return (await deps.catalog.read())[profileId] ?? [];
  }

  /**
   * Answered: the payload's keys are what this agent takes, so the catalog learns them (marked
   * learned, for the user to review). Written only when something is new: most invokes repeat
   * known keys, and this is the hot path. The agent has already run: nothing here may turn its
   * answer into an error, so a failure is told and the answer still goes to the user.
   */
  async function learnFromAnswer(profileId: string, request: InvokeRequest): Promise<void> {
    try {
      const agentId = request.agentId.trim();
      const keys = Object.keys(request.payload);
      const entries = await catalogOf(profileId);
      if (learnKeys(entries, agentId, keys, deps.wallClock()) !== entries) {
        await deps.catalog.update((catalog) => ({
          ...catalog,
          [profileId]: learnKeys(Array.isArray(catalog[profileId]) ? catalog[profileId] : [], agentId, keys, deps.wallClock()),
        }));
      }
    } catch (error) {
      deps.onProblem?.(
        `The catalog could not learn the keys of an answered request: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * What a report calls an agent or a guideline of a profile, as the page names them: the
   * catalog's name, else the known one; the library's title, else the server's name kept there,
   * else the known one. Null: the id alone.
   */
  async function targetName(profileId: string, what: 'invoke' | 'guideline', targetId: string): Promise<string | null> {
    const profile = await deps.profiles.get(profileId);
    const known = profile ? deps.knownResources(profile) : { agents: [], guidelines: [] };
    const names =
      what === 'invoke'
        ? [
            (await catalogOf(profileId)).find((entry) => entry.agentId === targetId)?.name,
            known.agents.find((a) => a.id === targetId)?.name,
          ]
        : [
            ...(await deps.library.get(profileId, targetId).then((kept) => [kept?.title, kept?.name])),
            known.guidelines.find((guideline) => guideline.id === targetId)?.name,
          ];
    return names.map((name) => name?.trim()).find((name) => !!name) ?? null;
  }

  const { history, checklists } = deps;
  const historyMethods = createHistoryMethods(history, {
    checklists,
    wallClock: deps.wallClock,
    version: deps.version,
    retention: async () => (await deps.settings.read()).historyRetention,
    onProblem: deps.onProblem,
    nameOf: targetName,
  });
  const { remember } = historyMethods;
  // At start: a retention saved earlier applies to what was kept since (days have passed).
  void historyMethods.prune();

  async function invokeOn(profile: Profile, request: InvokeRequest): Promise<InvokeResult> {
    const resolved = await target(profile);
    if (!resolved.ok) return resolved;
    const { requestId } = request;
    if (requestId !== undefined && inFlight.has(requestId)) {
      return { ok: false, error: { code: 'invalid_argument', message: 'A request with this id is already in flight.', exchange: null } };
    }
    const controller = new AbortController();
    if (requestId !== undefined) inFlight.set(requestId, controller);
    try {
      const result = await deps.client.invoke(resolved.value, request, controller.signal);
      if (result.ok) await learnFromAnswer(profile.id, request);
      return result;
    } finally {
      if (requestId !== undefined) inFlight.delete(requestId);
    }
  }

  async function getGuideline(request: GuidelineRequest): Promise<GuidelineResult> {
    const chosen = await profileForRequest(request.profileId);
    if (!chosen.ok) return chosen;
    const profile = chosen.value;
    const resolved = await target(profile);
    const result = resolved.ok ? await deps.client.getGuideline(resolved.value, request) : resolved;
    if (request.record !== false) {
      await remember(
        profile,
        { what: 'guideline', request: { guidelineId: request.guidelineId }, result },
        resolved.ok ? resolved.value.apiKey : await keyOf(profile),
      );
    }
    // Every guideline read is kept in its profile's library, versioned.
    await libraryMethods.recordFetch(profile.id, request.guidelineId, result);
    return result;
  }

  const libraryMethods = createLibraryMethods(deps.library, {
    wallClock: deps.wallClock,
    onProblem: deps.onProblem,
    profileExists: async (profileId) => (await deps.profiles.get(profileId)) !== undefined,
    fetchGuideline: (profileId, guidelineId) => getGuideline({ profileId, guidelineId }),
  });

  // Runs: the profile and its target exactly as an invoke gets them (the active
  // profile only, the key for its origin only); the key goes to the runner inside the target.
  const runData = createDataUploads({
    dir: deps.runDataDir ?? path.join(os.tmpdir(), `agent-explorer-run-data-${randomUUID()}`),
  });
  const runMethods = createRunMethods({
    store: deps.runs,
    uploads: runData,
    client: deps.client,
    async resolve(profileId) {
      const chosen = await profileForRequest(profileId);
      if (!chosen.ok) return { ok: false, error: withoutExchange(chosen.error) };
      const resolved = await target(chosen.value);
      if (!resolved.ok) return { ok: false, error: withoutExchange(resolved.error) };
      const { id, name, baseUrl } = chosen.value;
      return { ok: true, value: { profile: { id, name, baseUrl }, target: resolved.value } };
    },
    emit: (progress) => deps.onRunProgress?.(progress),
    // A judge's guideline is read as any guideline is (kept in the library, versioned), but is no History entry.
    fetchGuideline: (profileId, guidelineId) => getGuideline({ profileId, guidelineId, record: false }),
    maxRequests: async () => (await deps.settings.read()).maxRunRequests,
    exports: deps.runExports,
    wallClock: deps.wallClock,
    version: deps.version,
    onProblem: deps.onProblem,
  });
  deps.closers?.push(async () => {
    await runMethods.stopAll();
    await runData.close();
  });

  async function others(exceptId?: string): Promise<Profile[]> {
    return (await deps.profiles.list()).filter((profile) => profile.id !== exceptId);
  }

  return {
    async getAppInfo() {
      return { name: 'Agent Explorer', version: deps.version, host: deps.host };
    },
    async getStartup() {
      // The known lists of the profile read here, named with them: a switch meanwhile cannot mislabel them.
      const active = await activeProfile();
      const { agents, guidelines } = deps.knownResources(active);
      return { profiles: await state(), workspace: await deps.workspace.read(), known: { profileId: active.id, agents, guidelines } };
    },
    listProfiles: state,
    async selectProfile({ profileId }) {
      if (!(await deps.profiles.setActive(profileId))) return invalid(`There is no profile "${profileId}".`);
      return { ok: true, value: await state() };
    },
    async createProfile(input) {
      const checked = await checkProfileInput(input, await others());
      if (!checked.ok) return checked;
      const profile: Profile = { ...checked.value, id: newProfileId(), kind: 'custom' };
      await deps.profiles.save(profile);
      await deps.profiles.setActive(profile.id);
      return { ok: true, value: { state: await state(), profileId: profile.id } };
    },
    async updateProfile({ profileId, profile: input }) {
      const existing = await editableProfile(profileId, 'changed');
      if (!existing.ok) return existing;
      const checked = await checkProfileInput(input, await others(profileId));
      if (!checked.ok) return checked;
      // A key belongs to the server it was saved for. Pointing the profile at another origin
      // clears it first (before the new URL is saved, so no request can see both), and asks again.
      let keyCleared = false;
      if (originOf(existing.value.baseUrl) !== originOf(checked.value.baseUrl)) {
        keyCleared = (await deps.secrets.status(profileId)).set;
        await deps.secrets.clear(profileId);
        if (keyCleared) clearedByMove.add(profileId);
      }
      const updated: Profile = { ...existing.value, ...checked.value };
      // The proxy password and passphrase likewise belong to the proxy and the key file they were given for.
      await clearMovedSecrets(deps.secrets, existing.value, updated);
      await deps.profiles.save(updated);
      return { ok: true, value: { state: await state(), profileId, ...(keyCleared ? { keyCleared } : {}) } };
    },
    async duplicateProfile({ profileId }) {
      const source = await deps.profiles.get(profileId);
      if (!source) return invalid(`There is no profile "${profileId}".`);
      const names = new Set((await deps.profiles.list()).map((p) => p.name.toLowerCase()));
      let name = `${source.name} (copy)`;
      for (let n = 2; names.has(name.toLowerCase()); n += 1) name = `${source.name} (copy ${n})`;
      // The key is not copied: a copy usually points somewhere else, and a key belongs to one origin.
      const copy: Profile = { ...structuredClone(source), id: newProfileId(), name, kind: 'custom' };
      await deps.profiles.save(copy);
      return { ok: true, value: { state: await state(), profileId: copy.id } };
    },
    async deleteProfile({ profileId }) {
      const existing = await editableProfile(profileId, 'deleted');
      if (!existing.ok) return existing;
      await deps.secrets.clear(profileId);
      await clearAllSecrets(deps.secrets, profileId);
      clearedByMove.delete(profileId);
      await deps.profiles.remove(profileId);
      await deps.catalog.update((catalog) => {
        delete catalog[profileId];
        return catalog;
      });
      return { ok: true, value: await state() };
    },
    async setProfileKey({ profileId, key, forBaseUrl }) {
      const existing = await editableProfile(profileId, 'given another key');
      if (!existing.ok) return existing;
      const checked = checkKey(key);
      if (!checked.ok) return checked;
      const origin = originOf(existing.value.baseUrl);
      if (forBaseUrl !== undefined && originOrNull(forBaseUrl) !== origin) {
        return {
          ok: false,
          error: {
            code: 'key_origin',
            message: `The profile now points at ${origin}, not where this key was given for: check the profile, then set the key again.`,
          },
        };
      }
      // Bound to the origin the profile points at now: the key is sent there and nowhere else.
      await deps.secrets.set(profileId, checked.value, origin);
      clearedByMove.delete(profileId);
      return { ok: true, value: await keyStatus(existing.value) };
    },
    async clearProfileKey({ profileId }) {
      const existing = await editableProfile(profileId, 'given another key');
      if (!existing.ok) return existing;
      await deps.secrets.clear(profileId);
      clearedByMove.delete(profileId);
      return { ok: true, value: await deps.secrets.status(profileId) };
    },
    async setProfileSecret({ profileId, name, value }) {
      const existing = await editableProfile(profileId, 'given a password');
      if (!existing.ok) return existing;
      const problem = secretProblem(existing.value, name, value);
      if (problem !== null) return invalid(problem, name);
      await deps.secrets.set(secretId(profileId, name), value, secretBinding(existing.value, name)!);
      return { ok: true, value: (await secretsStatus(deps.secrets, existing.value))[name] };
    },
    async clearProfileSecret({ profileId, name }) {
      const existing = await editableProfile(profileId, 'given a password');
      if (!existing.ok) return existing;
      await deps.secrets.clear(secretId(profileId, name));
      return { ok: true, value: (await secretsStatus(deps.secrets, existing.value))[name] };
    },
    async detectKeyPresentation({ profileId, guidelineId }) {
      // The Environment profile cannot be edited, but Detect may run on it: the result is kept for this launch.
      const found = await deps.profiles.get(profileId);
      const forLaunch = found?.kind === 'environment';
      const existing: Result<Profile> =
        found && forLaunch ? { ok: true, value: withLaunchAuth(found) } : await editableProfile(profileId, 'changed');
      if (!existing.ok) return existing;
      const profile = existing.value;
      const base = await target(profile);
      if (!base.ok) return { ok: false, error: withoutExchange(base.error) };
      if (!base.value.apiKey) return { ok: false, error: { code: 'no_key', message: 'Set the key first: Detect tries it in each form.' } };
      // With no guideline id (a new profile knows none yet), Detect invokes an agent id made up for it (see detect.ts).
      const { attempts, chosen } = await detectPresentation(deps.client, base.value, detectProbe(guidelineId));
      if (chosen && forLaunch) launchAuth.set(profile.id, chosen);
      else if (chosen) {
        // Onto the profile as it is now: an edit saved while Detect waited is kept, and what Detect
        // found is applied only while the profile still points at the server it was found on.
        const current = await deps.profiles.get(profile.id);
        if (current && originOf(current.baseUrl) === originOf(profile.baseUrl)) await deps.profiles.save({ ...current, auth: chosen });
      }
      const environmentSetting = chosen && forLaunch ? { environmentSetting: `AGENT_EXPLORER_AUTH=${authVariableValue(chosen)}` } : {};
      return { ok: true, value: { attempts, chosen, state: await state(), ...environmentSetting } };
    },
    async listKnownAgents() {
      return deps.knownResources(await activeProfile()).agents;
    },
    async listKnownGuidelines() {
      return deps.knownResources(await activeProfile()).guidelines;
    },
    async invokeAgent(request) {
      const chosen = await profileForRequest(request.profileId);
      if (!chosen.ok) return chosen;
      const profile = chosen.value;
      const result = await invokeOn(profile, request);
      const { agentId, text, payload } = request;
      await remember(profile, { what: 'invoke', request: { agentId, text, payload }, result }, await keyOf(profile), request.tabId);
      return result;
    },
    async cancelRequest({ requestId }) {
      const controller = inFlight.get(requestId);
      controller?.abort();
      return { ok: true, value: { cancelled: controller !== undefined } };
    },
    async saveResponseToFile(what) {
      const chosen = await profileForRequest(what.request.profileId);
      if (!chosen.ok) return chosen;
      const resolved = await target(chosen.value);
      let result: Result<SavedBody, PlatformError>;
      if (resolved.ok) {
        await mkdir(deps.downloadsDir, { recursive: true, mode: 0o700 }); // owner-only, like every folder the app creates
        result = await deps.client.saveToFile(
          resolved.value,
          what,
          path.join(deps.downloadsDir, savedBodyFileName(what, deps.wallClock())),
        );
      } else result = resolved;
      // The request was sent again (an invoke ran the agent again), so it is kept like any
      // exchange; never with its tab (no tabId): a save has no answer to restore into a tab.
      const asked: BodyTarget =
        what.kind === 'invoke'
          ? { kind: 'invoke', request: { agentId: what.request.agentId, text: what.request.text, payload: what.request.payload } }
          : { kind: 'guideline', request: { guidelineId: what.request.guidelineId } };
      await remember(
        chosen.value,
        { what: 'saved', request: asked, result },
        resolved.ok ? resolved.value.apiKey : await keyOf(chosen.value),
      );
      return result;
    },
    async getSettings() {
      return deps.settings.read();
    },
    async updateSettings(patch) {
      if (patch.maxResponseBytes !== undefined) {
        const checked = checkMaxResponseBytes(patch.maxResponseBytes);
        if (!checked.ok) return checked;
      }
      if (patch.maxSavedFileBytes !== undefined) {
        const checked = checkMaxSavedFileBytes(patch.maxSavedFileBytes);
        if (!checked.ok) return checked;
      }
      if (patch.historyRetention !== undefined) {
        const checked = checkHistoryRetention(patch.historyRetention);
        if (!checked.ok) return checked;
      }
      if (patch.maxRunRequests !== undefined) {
        const checked = checkMaxRunRequests(patch.maxRunRequests);
        if (!checked.ok) return checked;
      }
      if (patch.judgeAgents !== undefined) {
        const checked = checkJudgeAgents(patch.judgeAgents);
        if (!checked.ok) return checked;
      }
      const saved = await deps.settings.update((current) => ({ ...current, ...patch }));
      // A stricter retention applies now, before the answer: the list the page reloads is pruned.
      if (patch.historyRetention !== undefined) await historyMethods.prune();
      return { ok: true, value: saved };
    },
    async loadWorkspace() {
      return deps.workspace.read();
    },
    async saveWorkspace(request) {
      // Each page sends only its changes; they are merged into the workspace as it is now, so
      // pages sharing it (browser tabs) never drop each other's drafts (see workspaceMerge).
      const parsed = parseWorkspaceChanges(request);
      if (!parsed.ok) return parsed;
      let merged: Result<Workspace> = { ok: false, error: { code: 'internal', message: 'The workspace was not saved.' } };
      await deps.workspace.update((current) => {
        merged = mergeWorkspace(current, parsed.value, tabChanges, randomUUID);
        return merged.ok ? merged.value : current;
      });
      return merged;
    },
    async listCatalog() {
      return catalogOf(await deps.profiles.activeId());
    },
    async saveCatalogAgent(input) {
      const checked = checkCatalogInput(input);
      if (!checked.ok) return checked;
      const profileId = await deps.profiles.activeId();
      const entry = checked.value;
      const updated = await deps.catalog.update((catalog) => {
        const entries = catalog[profileId] ?? [];
        const existing = entries.find((e) => e.agentId === entry.agentId);
        // Learned keys come from answers only; the user's review can remove them, never add.
        const learned = existing?.learnedKeys ?? [];
        const learnedKeys = entry.learnedKeys === undefined ? learned : learned.filter((key) => entry.learnedKeys!.includes(key));
        const { agentId, name, notes, tags, placeholders } = entry;
        const saved: CatalogAgent = { agentId, name, notes, tags, placeholders, learnedKeys, updatedAt: deps.wallClock().toISOString() };
        return { ...catalog, [profileId]: existing ? entries.map((e) => (e.agentId === entry.agentId ? saved : e)) : [...entries, saved] };
      });
      return { ok: true, value: updated[profileId] ?? [] };
    },
    async deleteCatalogAgent({ agentId }) {
      const profileId = await deps.profiles.activeId();
      const updated = await deps.catalog.update((catalog) => ({
        ...catalog,
        [profileId]: (catalog[profileId] ?? []).filter((entry) => entry.agentId !== agentId),
      }));
      return { ok: true, value: updated[profileId] ?? [] };
    },
    getGuideline,
    ...historyMethods.api,
    ...createWorkspaceFileMethods({ ...deps, tabChanges }),
    ...libraryMethods.api,
    ...createChecklistMethods(checklists, { wallClock: deps.wallClock }),
    async loadGuidelineTabs() {
      return guidelineTabs.read();
    },
    async saveGuidelineTabs(request) {
      // Opened and closed tabs are merged into the kept ones (see guidelineTabs.ts), so pages
      // sharing the host never drop each other's tabs.
      const parsed = parseGuidelineTabsChanges(request);
      if (!parsed.ok) return parsed;
      let merged: Result<GuidelineTabs> = { ok: false, error: { code: 'internal', message: 'The guideline tabs were not saved.' } };
      await guidelineTabs.update((current) => {
        merged = mergeGuidelineTabs(current, parsed.value);
        return merged.ok ? merged.value : current;
      });
      return merged;
    },
    ...runMethods.api,
    ...suiteDraftMethods(deps.suiteDraft ?? suiteDraftDocument(null)),
  };
}

function originOrNull(url: string): string | null {
  try {
    return originOf(url);
  } catch {
    return null;
  }
}

function withoutExchange(error: PlatformError): AppError {
  return { code: error.code, message: error.message };
}
