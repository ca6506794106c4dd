import type {
  CatalogAgent,
  ClientCertSettings,
  KeyPresentation,
  KnownAgent,
  ProfileInput,
  ProxySettings,
  TabDraft,
  Workspace,
} from '../../shared/api';
import { WORKSPACE_FILE_FORMAT, WORKSPACE_FILE_VERSION } from '../../shared/api';
import type { CatalogByProfile } from './appStores';
import type { Profile } from '../profiles/profiles';

/**
 * The workspace file (format "agent-explorer-workspace", version 2), written. It is meant to be
 * kept in a repository and read in a diff, so:
 * - every object's keys are written in one fixed order (built field by field here, never by
 *   spreading what a store holds), every list sorted by name or id, never by when it was made;
 * - nothing in it changes from one export to the next unless the workspace did: no export time,
 *   no catalog `updatedAt` (bookkeeping of this machine), no local profile ids;
 * - two-space indentation and a final newline, as editors and git like.
 *
 * Profiles are the user's own only, and never with a key: the Sandbox and Environment profiles are
 * made at start on every machine (from its own sandbox, its own variables), so they are not
 * written as profiles. Catalog entries and tabs name their profile by its **name**: a profile's
 * id is a random id of this machine that means nothing elsewhere; its base URL is not unique (two
 * profiles may point at one server with different keys) and the Sandbox's changes with its port;
 * names are unique here (case-insensitively, the profile form's rule), read well in a diff, and
 * name the built-ins the same on every machine ("Sandbox").
 */

/**
 * A profile as written: what the profile form holds, no id, no key. Its proxy and client
 * certificate are settings like the others (a proxy URL, a user name, paths), always written,
 * so a diff shows them change; the proxy's password and the certificate's passphrase are
 * secrets, kept like the key and never written.
 */
export interface FileProfile {
  name: string;
  baseUrl: string;
  auth: KeyPresentation;
  timeoutMs: number;
  tls: { verify: boolean; caFile: string | null; clientCert: ClientCertSettings | null };
  allowInsecureHttp: boolean;
  proxy: ProxySettings;
}

/** A catalog entry as written (no `updatedAt`). */
export type FileCatalogAgent = Omit<CatalogAgent, 'updatedAt'>;

interface FileCatalogGroup {
  /** The name of the profile the entries belong to. */
  profile: string;
  agents: FileCatalogAgent[];
}

/** A request tab as written: its profile by name (null: it takes the profile active when opened). */
interface FileTab {
  id: string;
  title: string;
  profile: string | null;
  agentId: string;
  text: string;
  payloadText: string;
}

export interface WorkspaceFileDocument {
  format: typeof WORKSPACE_FILE_FORMAT;
  version: typeof WORKSPACE_FILE_VERSION;
  profiles: FileProfile[];
  catalog: FileCatalogGroup[];
  tabs: FileTab[];
}

/** The name the file is offered under: the same every time, so it replaces itself in a repository. */
export const WORKSPACE_FILE_NAME = 'agent-explorer-workspace.json';

/** Sorts by text, case-insensitively first, then exactly: the same order on every machine (no locale). */
function byText<T>(text: (item: T) => string): (a: T, b: T) => number {
  const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) => compare(text(a).toLowerCase(), text(b).toLowerCase()) || compare(text(a), text(b));
}

/** A key presentation with its keys in one order. */
function presentationOf(auth: KeyPresentation): KeyPresentation {
  switch (auth.kind) {
    case 'bearer':
      return { kind: 'bearer' };
    case 'scheme':
      return { kind: 'scheme', scheme: auth.scheme };
    case 'header':
      return { kind: 'header', header: auth.header };
    case 'query':
      return { kind: 'query', param: auth.param };
  }
}

/** A proxy setting with its keys in one order; the bypass list as given (its order is the person's). */
export function proxyOf(proxy: ProxySettings | undefined): ProxySettings {
  if (proxy === undefined || proxy.mode === 'system') return { mode: 'system' };
  if (proxy.mode === 'none') return { mode: 'none' };
  return { mode: 'manual', url: proxy.url, username: proxy.username, bypass: [...proxy.bypass] };
}

/** A client certificate setting with its keys in one order; none is null. */
export function clientCertOf(cert: ClientCertSettings | null | undefined): ClientCertSettings | null {
  if (!cert) return null;
  return cert.kind === 'pkcs12' ? { kind: 'pkcs12', file: cert.file } : { kind: 'pem', certFile: cert.certFile, keyFile: cert.keyFile };
}

/** A profile as written (a proxy left out is the system's). */
export function fileProfileOf(profile: ProfileInput): FileProfile {
  return {
    name: profile.name,
    baseUrl: profile.baseUrl,
    auth: presentationOf(profile.auth),
    timeoutMs: profile.timeoutMs,
    tls: { verify: profile.tls.verify, caFile: profile.tls.caFile, clientCert: clientCertOf(profile.tls.clientCert) },
    allowInsecureHttp: profile.allowInsecureHttp,
    proxy: proxyOf(profile.proxy),
  };
}

/** A catalog entry as written; learned keys sorted (they are kept in the order they were learned). */
export function fileAgentOf(agent: FileCatalogAgent): FileCatalogAgent {
  return {
    agentId: agent.agentId,
    name: agent.name,
    notes: agent.notes,
    tags: [...agent.tags],
    placeholders: [...agent.placeholders],
    learnedKeys: [...agent.learnedKeys].sort(byText((key) => key)),
  };
}

/**
 * An entry as exported: its learned keys only where confirmed, that is among the agent's
 * placeholders (the entry's own, or the built-in agent's, as the payload editor counts them).
 * A learned key is only "the platform answered a request that had it", which a typo passes
 * too, so an unconfirmed one stays on this machine rather than teach a team the typo.
 */
function exportedAgent(agent: CatalogAgent, builtIn: readonly KnownAgent[]): { agent: FileCatalogAgent; unconfirmed: number } {
  const placeholders = new Set([...agent.placeholders, ...(builtIn.find((known) => known.id === agent.agentId)?.placeholders ?? [])]);
  const learnedKeys = agent.learnedKeys.filter((key) => placeholders.has(key));
  return { agent: fileAgentOf({ ...agent, learnedKeys }), unconfirmed: agent.learnedKeys.length - learnedKeys.length };
}

/** Nothing typed in it: not worth a line in a shared file (a first run's empty tab). */
function isBlankTab(tab: TabDraft): boolean {
  const payload = tab.payloadText.trim();
  return tab.title === '' && tab.agentId.trim() === '' && tab.text === '' && (payload === '' || payload === '{}');
}

export interface ExportedWorkspace {
  document: WorkspaceFileDocument;
  /** What was left out, in words. */
  leftOut: string[];
}

/**
 * The workspace file's document from what this machine holds. `profiles` are all of them,
 * built-ins too; `builtInAgents` are the agents a profile's server is known to have (the
 * Sandbox's), whose placeholders confirm learned keys too.
 */
export function buildWorkspaceDocument(
  profiles: Profile[],
  catalog: CatalogByProfile,
  workspace: Workspace,
  builtInAgents: (profile: Profile) => readonly KnownAgent[] = () => [],
): ExportedWorkspace {
  const nameOf = new Map(profiles.map((profile) => [profile.id, profile.name]));
  const leftOut: string[] = [];
  const groups: FileCatalogGroup[] = [];
  let unconfirmed = 0;
  // Object.keys, not entries of an untrusted map: the catalog document was parsed entry by entry.
  for (const profileId of Object.keys(catalog)) {
    const agents = catalog[profileId] ?? [];
    if (agents.length === 0) continue;
    const profile = profiles.find((candidate) => candidate.id === profileId);
    if (profile === undefined) {
      leftOut.push(`${agents.length} catalog entr${agents.length === 1 ? 'y' : 'ies'} of a profile that no longer exists.`);
      continue;
    }
    const builtIn = builtInAgents(profile);
    const exported = agents.map((agent) => exportedAgent(agent, builtIn));
    unconfirmed += exported.reduce((sum, entry) => sum + entry.unconfirmed, 0);
    groups.push({ profile: profile.name, agents: exported.map((entry) => entry.agent).sort(byText((agent) => agent.agentId)) });
  }
  if (unconfirmed > 0) {
    leftOut.push(
      `${unconfirmed} learned key${unconfirmed === 1 ? '' : 's'} not confirmed yet (confirm a key in the catalog, and it is exported).`,
    );
  }
  const blank = workspace.tabs.filter(isBlankTab).length;
  if (blank > 0) leftOut.push(`${blank} empty request tab${blank === 1 ? '' : 's'}.`);
  const tabs = workspace.tabs
    .filter((tab) => !isBlankTab(tab))
    .map((tab): FileTab => ({
      id: tab.id,
      title: tab.title,
      profile: tab.profileId === undefined ? null : (nameOf.get(tab.profileId) ?? null),
      agentId: tab.agentId,
      text: tab.text,
      payloadText: tab.payloadText,
    }))
    .sort(byText((tab) => tab.id));
  return {
    document: {
      format: WORKSPACE_FILE_FORMAT,
      version: WORKSPACE_FILE_VERSION,
      profiles: profiles
        .filter((profile) => profile.kind === 'custom')
        .map(fileProfileOf)
        .sort(byText((profile) => profile.name)),
      catalog: groups.sort(byText((group) => group.profile)),
      tabs,
    },
    leftOut,
  };
}

/** The file's text: two-space indented, with a final newline. */
export function serializeWorkspaceDocument(document: WorkspaceFileDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** "2 profiles, 5 catalog entries, 3 request tabs." */
export function describeDocument(document: WorkspaceFileDocument): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const agents = document.catalog.reduce((sum, group) => sum + group.agents.length, 0);
  return (
    `${count(document.profiles.length, 'profile', 'profiles')}, ${count(agents, 'catalog entry', 'catalog entries')}, ` +
    `${count(document.tabs.length, 'request tab', 'request tabs')}.`
  );
}
