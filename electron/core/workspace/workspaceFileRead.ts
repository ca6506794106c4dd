import type {
  ClientCertSettings,
  ProfileInput,
  ProxySettings,
  Result,
  TabDraft,
  WorkspaceFileError,
  WorkspaceFileProblem,
} from '../../shared/api';
import { MAX_WORKSPACE_FILE_BYTES, WORKSPACE_FILE_FORMAT, WORKSPACE_FILE_VERSION } from '../../shared/api';
import { checkCatalogInput, checkTabSizes, isTabDraft, parseCatalog } from './appStores';
import { caFilePathProblem } from '../profiles/localFilePath';
import { checkProfileInput, isProfileInputShape, type CheckedProfileInput } from '../profiles/profileInput';
import { clientCertPathProblems, isClientCertShape, isProxySettingsShape } from '../profiles/profileNetwork';
import { clientCertOf, proxyOf, type FileCatalogAgent } from './workspaceFile';
import { isPlainObject } from '../../shared/check';

/**
 * Reading a workspace file to import it. The file is untrusted (it came from a repository,
 * anyone may have edited it), so every item is checked by the same rules as what a person types
 * (profileInput.ts and profileNetwork.ts for profiles, appStores.ts for catalog entries and tabs),
 * and nothing on disk that it names is touched (a CA file or a client certificate is judged by
 * its path; the import reads a CA file, a request reads the certificate). A file of version 1,
 * from before profiles had a proxy or a client certificate, reads as the system's proxy and none. A file that cannot
 * be a workspace file at all is refused with the reason; an item that is not valid is kept here
 * with the reason, so the preview can say, item by item, what is skipped and why.
 */

/** One item of the file: valid (with things worth knowing) or not (with why). */
type ItemRead<T> = { ok: true; value: T; warnings: string[] } | { ok: false; reason: string };

interface ReadItem<T> {
  /** Names the item within the file, for decisions (see itemKey). */
  key: string;
  label: string;
  read: ItemRead<T>;
}

interface ReadProfile extends ReadItem<CheckedProfileInput> {
  /** The name as written (trimmed), or null when there is none. */
  name: string | null;
}

interface ReadCatalogEntry extends ReadItem<FileCatalogAgent> {
  /** The profile it belongs to, by name, or null when the group names none. */
  profile: string | null;
}

interface ReadTab extends ReadItem<Omit<TabDraft, 'profileId'>> {
  /** The profile it was made for, by name; null: none (it takes the active profile). */
  profile: string | null;
}

export interface ReadWorkspaceFile {
  profiles: ReadProfile[];
  catalog: ReadCatalogEntry[];
  tabs: ReadTab[];
  notes: string[];
}

/** Bounds on what one file may hold, so a preview stays a size a person can read. */
const MAX_ITEMS = { profiles: 500, catalog: 10_000, tabs: 500 } as const;
const TOP_LEVEL = ['format', 'version', 'profiles', 'catalog', 'tabs'];
const PROFILE_FIELDS = ['name', 'baseUrl', 'auth', 'timeoutMs', 'tls', 'allowInsecureHttp', 'proxy'];
const TLS_FIELDS = ['verify', 'caFile', 'clientCert'];
const PROXY_FIELDS = new Map([
  ['system', ['mode']],
  ['none', ['mode']],
  ['manual', ['mode', 'url', 'username', 'bypass']],
]);
const CERT_FIELDS = new Map([
  ['pem', ['kind', 'certFile', 'keyFile']],
  ['pkcs12', ['kind', 'file']],
]);
const PROXY_FORM_FIELDS = ['proxyUrl', 'proxyUsername', 'proxyBypass'];
const CERT_FORM_FIELDS = ['clientCertFile', 'clientKeyFile'];
const AGENT_FIELDS = ['agentId', 'name', 'notes', 'tags', 'placeholders', 'learnedKeys'];
const TAB_FIELDS = ['id', 'title', 'profile', 'agentId', 'text', 'payloadText'];

function fileError(problem: WorkspaceFileProblem, message: string): { ok: false; error: WorkspaceFileError } {
  const code = problem === 'not_json' ? 'not_json' : problem === 'too_large' ? 'too_large' : 'invalid_argument';
  return { ok: false, error: { code, message, problem } };
}

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;

/** An item's key: its kind and what names it, as JSON (so no name can be read as two). */
function itemKey(...parts: string[]): string {
  return JSON.stringify(parts);
}

/** The fields of `record` this version does not know, named from the item (`prefix`: "tls."). */
function unknownNames(record: Record<string, unknown>, known: readonly string[], prefix = ''): string[] {
  return Object.keys(record)
    .filter((field) => !known.includes(field))
    .map((field) => `${prefix}${field}`);
}

/** Warnings for fields ignored; a key-like or password-like one is told apart, since no secret is ever imported. */
function ignored(extra: string[]): string[] {
  if (extra.length === 0) return [];
  const warnings = [`Ignored what this version does not know: ${extra.slice(0, 5).map(quote).join(', ')}${extra.length > 5 ? '…' : ''}.`];
  if (extra.some((field) => /key|secret|token/i.test(field)))
    warnings.push('A key is never imported from a file: set it in Manage profiles.');
  if (extra.some((field) => /pass/i.test(field)))
    warnings.push('A password or passphrase is never imported from a file: set it in Manage profiles.');
  return warnings;
}

function unknownFields(record: Record<string, unknown>, known: readonly string[]): string[] {
  return ignored(unknownNames(record, known));
}

/** The fields a setting of one kind (`mode`, `kind`) does not have; none for a kind not known (it is repaired whole). */
function unknownOfKind(raw: unknown, tag: string, fields: ReadonlyMap<string, string[]>, prefix: string): string[] {
  if (!isPlainObject(raw) || typeof raw[tag] !== 'string') return [];
  const known = fields.get(raw[tag]);
  return known ? unknownNames(raw, known, prefix) : [];
}

/** Keys must be unique in a file: a second item with the same key gets its position added. */
function uniqueKey(used: Set<string>, key: string, index: number): string {
  const unique = used.has(key) ? itemKey(key, `#${index + 1}`) : key;
  used.add(unique);
  return unique;
}

const SYSTEM_INSTEAD = ": it comes with the system's proxy settings instead; choose a proxy in Manage profiles if needed.";

/**
 * The proxy and the client certificate as the file has them, only their known fields (a
 * password or passphrase beside them is never taken); a setting this version cannot read is
 * repaired, saying so: the system's proxy settings and no certificate are never less safe than
 * what a file from someone else names.
 */
function networkSettings(
  rawProxy: unknown,
  rawCert: unknown,
  warnings: string[],
): { proxy: ProxySettings; clientCert: ClientCertSettings | null } {
  let proxy: ProxySettings = { mode: 'system' };
  if (rawProxy !== undefined && isProxySettingsShape(rawProxy)) proxy = proxyOf(rawProxy);
  else if (rawProxy !== undefined)
    warnings.push(
      "Its proxy setting is not one this version knows: it comes with the system's proxy settings instead; choose a proxy in Manage profiles if needed.",
    );
  let clientCert: ClientCertSettings | null = null;
  if (rawCert !== undefined && rawCert !== null && isClientCertShape(rawCert)) clientCert = clientCertOf(rawCert);
  else if (rawCert !== undefined && rawCert !== null)
    warnings.push(
      'Its client certificate setting is not one this version knows: it comes without one; choose one in Manage profiles if needed.',
    );
  return { proxy, clientCert };
}

async function readProfile(raw: unknown, index: number, seen: Set<string>): Promise<Omit<ReadProfile, 'key'>> {
  const name = isPlainObject(raw) && typeof raw['name'] === 'string' && raw['name'].trim() !== '' ? raw['name'].trim() : null;
  const label = name === null ? `Profile ${index + 1} of the file` : `Profile ${quote(name)}`;
  const shapeless = {
    name,
    label,
    read: {
      ok: false as const,
      reason: 'It is not in the expected shape: a profile needs name, baseUrl, auth, timeoutMs, tls and allowInsecureHttp.',
    },
  };
  if (!isPlainObject(raw) || !isPlainObject(raw['tls'])) return shapeless;
  // The proxy and the certificate are read apart: one this version cannot read costs that setting, not the profile.
  const { proxy: rawProxy, ...rest } = raw;
  const { clientCert: rawCert, ...tls } = raw['tls'];
  const base = { ...rest, tls };
  if (!isProfileInputShape(base)) return shapeless;
  if (name !== null && seen.has(name.toLowerCase()))
    return { name, label, read: { ok: false, reason: `The file has another profile named ${quote(name)} before this one.` } };
  if (name !== null) seen.add(name.toLowerCase());
  const warnings = ignored([
    ...unknownNames(raw, PROFILE_FIELDS),
    ...unknownNames(raw['tls'], TLS_FIELDS, 'tls.'),
    ...unknownOfKind(rawProxy, 'mode', PROXY_FIELDS, 'proxy.'),
    ...unknownOfKind(rawCert, 'kind', CERT_FIELDS, 'tls.clientCert.'),
  ]);
  const { proxy, clientCert } = networkSettings(rawProxy, rawCert, warnings);
  let input: ProfileInput = {
    name: base.name,
    baseUrl: base.baseUrl,
    auth: base.auth,
    timeoutMs: base.timeoutMs,
    tls: { verify: base.tls.verify, caFile: base.tls.caFile, clientCert },
    allowInsecureHttp: base.allowInsecureHttp,
    proxy,
  };
  // A CA file or a client certificate is a path the file names: here it is judged by its text
  // alone, since nothing the file names is touched before the person chooses to import (the
  // import reads a CA file then, see workspaceFileService; a certificate is read when a request
  // needs it). A network or device path is refused with the profile: opening it would connect
  // to another host or reach a device. Any other path that cannot be used leaves the profile
  // without that file (for a CA, its server's certificate must then verify as usual: never less safe).
  const caFile = input.tls.caFile?.trim() || null;
  const caPath = caFile === null ? null : caFilePathProblem(caFile);
  if (caPath !== null && caPath.kind !== 'relative')
    return { name, label, read: { ok: false, reason: `Its CA file cannot be used: ${caPath.message}` } };
  const certPath = clientCert === null ? undefined : clientCertPathProblems(clientCert).find((problem) => problem.kind !== 'relative');
  if (certPath !== undefined)
    return { name, label, read: { ok: false, reason: `Its client certificate cannot be used: ${certPath.message}` } };
  // The form's own rules, with what cannot be used here repaired, one setting at a time.
  for (;;) {
    const checked = await checkProfileInput(input, [], { readCaFile: false });
    if (checked.ok) return { name, label, read: { ok: true, value: checked.value, warnings } };
    const { field, message } = checked.error;
    if (field === 'caFile' && input.tls.caFile !== null) {
      warnings.push(`Its CA file cannot be used here (${message}): it is imported without one; choose one in Manage profiles if needed.`);
      input = { ...input, tls: { ...input.tls, caFile: null } };
    } else if (field !== undefined && PROXY_FORM_FIELDS.includes(field) && input.proxy?.mode === 'manual') {
      warnings.push(`Its proxy setting cannot be used (${message})${SYSTEM_INSTEAD}`);
      input = { ...input, proxy: { mode: 'system' } };
    } else if (field !== undefined && CERT_FORM_FIELDS.includes(field) && input.tls.clientCert) {
      warnings.push(
        `Its client certificate cannot be used here (${message}): it comes without one; choose one in Manage profiles if needed.`,
      );
      input = { ...input, tls: { ...input.tls, clientCert: null } };
    } else {
      return { name, label, read: { ok: false, reason: message } };
    }
  }
}

function readAgent(raw: unknown): ItemRead<FileCatalogAgent> {
  const checked = checkCatalogInput(raw);
  if (!checked.ok) return { ok: false, reason: checked.error.message };
  const record = raw as Record<string, unknown>;
  // The catalog file's own reader checks the learned keys (names a placeholder may have).
  const [agent] = parseCatalog({ entries: [{ ...record, learnedKeys: record['learnedKeys'] ?? [] }] }, () => undefined)?.['entries'] ?? [];
  if (!agent) return { ok: false, reason: 'Its learned keys are not all placeholder names (no spaces or braces).' };
  const { agentId, name, notes, tags, placeholders, learnedKeys } = agent;
  return { ok: true, value: { agentId, name, notes, tags, placeholders, learnedKeys }, warnings: unknownFields(record, AGENT_FIELDS) };
}

function readCatalog(groups: unknown[], used: Set<string>): ReadCatalogEntry[] {
  const entries: ReadCatalogEntry[] = [];
  groups.forEach((group, groupIndex) => {
    const profile =
      isPlainObject(group) && typeof group['profile'] === 'string' && group['profile'].trim() !== '' ? group['profile'].trim() : null;
    const of = profile === null ? `catalog group ${groupIndex + 1}` : `profile ${quote(profile)}`;
    if (!isPlainObject(group) || profile === null || !Array.isArray(group['agents'])) {
      const key = uniqueKey(used, itemKey('catalog-group', String(groupIndex)), groupIndex);
      entries.push({
        key,
        profile,
        label: `The catalog of ${of}`,
        read: {
          ok: false,
          reason: 'It is not in the expected shape: a catalog group needs "profile" (a profile name) and "agents" (a list).',
        },
      });
      return;
    }
    const seen = new Set<string>();
    (group['agents'] as unknown[]).forEach((raw, index) => {
      const agentId = isPlainObject(raw) && typeof raw['agentId'] === 'string' ? raw['agentId'].trim() : '';
      const name = isPlainObject(raw) && typeof raw['name'] === 'string' ? raw['name'].trim() : '';
      const label = `Agent ${quote(agentId || `${index + 1} of the list`)}${name ? ` (${quote(name)})` : ''} in the catalog of ${of}`;
      const key = uniqueKey(used, itemKey('catalog', (profile ?? '').toLowerCase(), agentId), index);
      let read = readAgent(raw);
      if (read.ok && seen.has(read.value.agentId))
        read = { ok: false, reason: `The file has another entry for agent ${quote(agentId)} in this catalog before this one.` };
      if (read.ok) seen.add(read.value.agentId);
      entries.push({ key, profile, label, read });
    });
  });
  return entries;
}

function readTab(raw: unknown, index: number, seen: Set<string>): Omit<ReadTab, 'key'> {
  const record = isPlainObject(raw) ? raw : {};
  const profile = typeof record['profile'] === 'string' && record['profile'].trim() !== '' ? record['profile'].trim() : null;
  const named = [record['title'], record['agentId'], record['id']].find((value) => typeof value === 'string' && value.trim() !== '') as
    string | undefined;
  const label = `Request tab ${named === undefined ? String(index + 1) : quote(named.trim())}`;
  const draft = {
    id: record['id'],
    title: record['title'],
    agentId: record['agentId'],
    text: record['text'],
    payloadText: record['payloadText'],
  };
  const profileOk = record['profile'] === undefined || record['profile'] === null || typeof record['profile'] === 'string';
  if (!isPlainObject(raw) || !isTabDraft(draft) || !profileOk) {
    return {
      profile,
      label,
      read: {
        ok: false,
        reason:
          'It is not in the expected shape: a request tab needs id, title, agentId, text and payloadText as text, and profile as a name or null.',
      },
    };
  }
  const sizes = checkTabSizes([draft]);
  if (sizes && !sizes.ok) return { profile, label, read: { ok: false, reason: sizes.error.message } };
  if (seen.has(draft.id))
    return { profile, label, read: { ok: false, reason: 'The file has another request tab with this id before this one.' } };
  seen.add(draft.id);
  return { profile, label, read: { ok: true, value: draft, warnings: unknownFields(record, TAB_FIELDS) } };
}

/**
 * Reads a workspace file's text. Refuses, with the reason as `problem`, a text too large, not
 * JSON, not a workspace file, from a newer version, or with lists that are not lists; otherwise
 * answers every item, valid or not.
 */
export async function readWorkspaceFile(content: string): Promise<Result<ReadWorkspaceFile, WorkspaceFileError>> {
  const limit = `${MAX_WORKSPACE_FILE_BYTES / (1024 * 1024)} MB`;
  if (content.length > MAX_WORKSPACE_FILE_BYTES || Buffer.byteLength(content, 'utf8') > MAX_WORKSPACE_FILE_BYTES) {
    return fileError('too_large', `The file is larger than ${limit}, the most a workspace file may be.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (error) {
    return fileError('not_json', `The file is not JSON (${error instanceof Error ? error.message : 'it cannot be read as JSON'}).`);
  }
  if (!isPlainObject(raw) || raw['format'] !== WORKSPACE_FILE_FORMAT) {
    return fileError('wrong_format', `This is not an Agent Explorer workspace file: its "format" is not "${WORKSPACE_FILE_FORMAT}".`);
  }
  const version = raw['version'];
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return fileError('wrong_format', 'The workspace file has no valid "version" (a whole number from 1).');
  }
  if (version > WORKSPACE_FILE_VERSION) {
    return fileError(
      'newer_version',
      `The file was written by a newer Agent Explorer (workspace file version ${version}); ` +
        `this one reads versions up to ${WORKSPACE_FILE_VERSION}. Update Agent Explorer to import it.`,
    );
  }
  const lists: Record<'profiles' | 'catalog' | 'tabs', unknown[]> = { profiles: [], catalog: [], tabs: [] };
  for (const name of ['profiles', 'catalog', 'tabs'] as const) {
    const list = raw[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return fileError('invalid', `"${name}" in the file must be a list.`);
    lists[name] = list;
  }
  const agents = lists.catalog.reduce<number>(
    (sum, group) => sum + (isPlainObject(group) && Array.isArray(group['agents']) ? group['agents'].length : 1),
    0,
  );
  for (const [name, count] of [
    ['profiles', lists.profiles.length],
    ['catalog', agents],
    ['tabs', lists.tabs.length],
  ] as const) {
    if (count > MAX_ITEMS[name])
      return fileError(
        'invalid',
        `The file holds more ${name === 'catalog' ? 'catalog entries' : name} than a workspace file may (at most ${MAX_ITEMS[name]}).`,
      );
  }
  const used = new Set<string>();
  const names = new Set<string>();
  const profiles: ReadProfile[] = [];
  for (const [index, item] of lists.profiles.entries()) {
    const read = await readProfile(item, index, names);
    profiles.push({ ...read, key: uniqueKey(used, itemKey('profile', (read.name ?? '').toLowerCase()), index) });
  }
  const tabIds = new Set<string>();
  const tabs = lists.tabs.map((item, index): ReadTab => {
    const read = readTab(item, index, tabIds);
    return { ...read, key: uniqueKey(used, itemKey('tab', read.read.ok ? read.read.value.id : String(index)), index) };
  });
  const extra = Object.keys(raw).filter((field) => !TOP_LEVEL.includes(field));
  const notes = extra.length > 0 ? [`Ignored what this version does not know: ${extra.slice(0, 5).map(quote).join(', ')}.`] : [];
  return { ok: true, value: { profiles, catalog: readCatalog(lists.catalog, used), tabs, notes } };
}
