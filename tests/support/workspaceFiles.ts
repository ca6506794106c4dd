import { catalogDocument, workspaceDocument, type CatalogByProfile } from '../../electron/core/workspace/appStores';
import { createMemoryProfileStore, sandboxProfile, type Profile } from '../../electron/core/profiles/profiles';
import { createMemorySecretStore } from '../../electron/core/profiles/secrets';
import { createWorkspaceFileMethods } from '../../electron/core/workspace/workspaceFileService';
import type { TabChange } from '../../electron/core/workspace/workspaceMerge';
import {
  WORKSPACE_FILE_VERSION,
  type ProfileInput,
  type ProxySettings,
  type WorkspaceImportItem,
  type WorkspaceImportRequest,
} from '../../electron/shared/api';
import type { JsonDocument } from '../../electron/core/storage/jsonDocument';
import type { Workspace } from '../../electron/shared/api';

/** The workspace file methods over in-memory stores, with the Sandbox as the one built-in profile. */
export function workspaceFileHarness(options: { catalog?: JsonDocument<CatalogByProfile>; workspace?: JsonDocument<Workspace> } = {}) {
  const profiles = createMemoryProfileStore([sandboxProfile('http://127.0.0.1:9999')]);
  const secrets = createMemorySecretStore();
  const catalog = options.catalog ?? catalogDocument(null);
  const workspace = options.workspace ?? workspaceDocument(null);
  const tabChanges = new Map<string, TabChange>();
  const methods = createWorkspaceFileMethods({
    profiles,
    secrets,
    catalog,
    workspace,
    tabChanges,
    wallClock: () => new Date('2026-01-02T03:04:05Z'),
  });
  /** Saves a user profile as the service's createProfile would. */
  async function addProfile(id: string, overrides: Partial<ProfileInput> = {}): Promise<Profile> {
    const profile: Profile = { proxy: { mode: 'system' }, ...profileFields(overrides), id, kind: 'custom' };
    await profiles.save(profile);
    return profile;
  }
  return { profiles, secrets, catalog, workspace, tabChanges, methods, addProfile };
}

/** A profile as the form holds it, with sensible defaults. */
export function profileFields(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    name: 'Staging',
    baseUrl: 'https://staging.example.com',
    auth: { kind: 'bearer' },
    timeoutMs: 60_000,
    tls: { verify: true, caFile: null },
    allowInsecureHttp: false,
    ...overrides,
  };
}

/** A catalog entry as a file holds it. */
export function fileAgent(agentId: string, overrides: Record<string, unknown> = {}) {
  return { agentId, name: '', notes: '', tags: [], placeholders: [], learnedKeys: [], ...overrides };
}

/** A request tab as a file holds it. */
export function fileTab(id: string, overrides: Record<string, unknown> = {}) {
  return { id, title: '', profile: null, agentId: 'agent-1', text: 'hello', payloadText: '{}', ...overrides };
}

/** A workspace file's text, of the version this build writes unless `version` says otherwise. */
export function workspaceFileText(
  parts: { profiles?: unknown[]; catalog?: unknown[]; tabs?: unknown[] } & Record<string, unknown> = {},
): string {
  return `${JSON.stringify({ format: 'agent-explorer-workspace', version: WORKSPACE_FILE_VERSION, profiles: [], catalog: [], tabs: [], ...parts }, null, 2)}\n`;
}

/** A manual proxy setting, as the form and the file hold it. */
export function manualProxy(url: string, overrides: Partial<Extract<ProxySettings, { mode: 'manual' }>> = {}): ProxySettings {
  return { mode: 'manual', url, username: null, bypass: [], ...overrides };
}

/** The item of a preview with this label, or a failure that lists the labels there are. */
export function itemLabelled(items: WorkspaceImportItem[], label: string): WorkspaceImportItem {
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`No item "${label}" in: ${items.map((i) => i.label).join(' | ')}`);
  return item;
}

/** A request with one decision per label. */
export function decide(
  items: WorkspaceImportItem[],
  content: string,
  choices: Record<string, 'replace' | 'keepBoth' | 'skip'>,
): WorkspaceImportRequest {
  return { content, decisions: Object.entries(choices).map(([label, choice]) => ({ key: itemLabelled(items, label).key, choice })) };
}
