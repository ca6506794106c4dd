import type {
  CatalogAgent,
  ImportChoice,
  ProfileInput,
  ProfileSecretName,
  TabDraft,
  Workspace,
  WorkspaceImportItem,
} from '../../shared/api';
import { describePresentation } from '../../shared/keyPresentation';
import { checkCatalogInput, MAX_TABS, type CatalogByProfile } from './appStores';
import { isInsecureHttp, originOf } from '../profiles/baseUrl';
import type { CheckedProfileInput } from '../profiles/profileInput';
import { movedSecrets } from '../profiles/profileSecrets';
import type { Profile } from '../profiles/profiles';
import { fileAgentOf, fileProfileOf, type FileCatalogAgent } from './workspaceFile';
import type { ReadWorkspaceFile } from './workspaceFileRead';
import { describeClientCert, describeProxy, networkWarnings, SECRET_WORDS } from './workspaceImportNetwork';

/**
 * What importing a read workspace file would do here, item by item, given the choices made so
 * far. The preview shows it; the import recomputes it against what is here at that moment and
 * carries out exactly its effects, so the two cannot drift apart.
 *
 * A file names profiles by name (see workspaceFile.ts), so a name is resolved once: to the
 * profile the file's own profile becomes (new, replacing, or a kept-both copy), else to the
 * profile of that name here (the built-ins too), else to nothing (the item is skipped). An item
 * whose profile still needs a choice "waits": where it goes depends on that choice.
 */

/** Where an item goes: a profile here, or one this import creates (by its item key). */
export type ProfileTarget = { existing: string } | { created: string };

type PlanEffect =
  | { type: 'createProfile'; input: CheckedProfileInput }
  | { type: 'replaceProfile'; profileId: string; input: CheckedProfileInput; clearKey: boolean }
  | { type: 'putAgent'; target: ProfileTarget; agent: FileCatalogAgent }
  | { type: 'putTab'; target: ProfileTarget | null; tab: Omit<TabDraft, 'profileId'>; newId: boolean };

export interface PlanItem extends WorkspaceImportItem {
  effect: PlanEffect | null;
  /** The profile item this one depends on (its effect must have been written first). */
  dependsOn: string | null;
}

export interface CurrentState {
  /** All profiles here, the built-ins too. */
  profiles: Profile[];
  catalog: CatalogByProfile;
  workspace: Workspace;
  /** Ids of profiles that have a key (a replace that moves one to another server clears it). */
  keyed: ReadonlySet<string>;
  /** The proxy password and passphrase set, by profile id (a replace that points one elsewhere clears it). */
  secrets: ReadonlyMap<string, ReadonlySet<ProfileSecretName>>;
}

export interface Choices {
  decisions: ReadonlyMap<string, ImportChoice>;
  forAll?: ImportChoice | undefined;
}

const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function chosen(key: string, allowed: ImportChoice[], choices: Choices): ImportChoice | null {
  const own = choices.decisions.get(key);
  if (own !== undefined && allowed.includes(own)) return own;
  return choices.forAll !== undefined && allowed.includes(choices.forAll) ? choices.forAll : null;
}

function profileWarnings(input: ProfileInput): string[] {
  const warnings: string[] = [];
  if (isInsecureHttp(input.baseUrl)) warnings.push('Insecure HTTP: the key and all data would travel unencrypted.');
  if (input.baseUrl.startsWith('https:') && !input.tls.verify)
    warnings.push('TLS not verified: anyone on the network path could pose as this server.');
  // The preview touches no file the workspace file names: the CA file is read on import.
  if (input.tls.caFile)
    warnings.push(
      `Also trusts the CA certificates in ${input.tls.caFile}. It is read only when you import: ` +
        'if it cannot be used on this computer, the profile comes without it.',
    );
  return [...warnings, ...networkWarnings(input)];
}

/** How a profile here differs from the file's, in words. */
function differences(here: Profile, file: ProfileInput): string {
  const parts: string[] = [];
  const said = (what: string, a: string, b: string) => a !== b && parts.push(`${what} ${a} here, ${b} in the file`);
  said('name', here.name, file.name);
  said('base URL', here.baseUrl, file.baseUrl);
  said('key sent as', describePresentation(here.auth), describePresentation(file.auth));
  said('time-out', `${here.timeoutMs / 1000} s`, `${file.timeoutMs / 1000} s`);
  said('TLS verification', here.tls.verify ? 'on' : 'off', file.tls.verify ? 'on' : 'off');
  said('CA file', here.tls.caFile ?? 'none', file.tls.caFile ?? 'none');
  said('insecure HTTP', here.allowInsecureHttp ? 'allowed' : 'not allowed', file.allowInsecureHttp ? 'allowed' : 'not allowed');
  said('proxy', describeProxy(here.proxy), describeProxy(file.proxy));
  said('client certificate', describeClientCert(here.tls.clientCert), describeClientCert(file.tls.clientCert));
  return parts.join('; ');
}

/** A name no profile here or in the file has: "Staging (2)", "Staging (3)"… */
function freeName(name: string, taken: Set<string>): string {
  const base = name.slice(0, 72);
  let candidate = `${base} (2)`;
  for (let n = 3; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** "Keep both" for a catalog entry: yours stays, the file's notes go below your notes, lists are joined. Null when that does not fit. */
function mergedAgent(mine: CatalogAgent, theirs: FileCatalogAgent): FileCatalogAgent | null {
  const join = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  const notes =
    theirs.notes === '' || mine.notes.includes(theirs.notes)
      ? mine.notes
      : mine.notes === ''
        ? theirs.notes
        : `${mine.notes}\n\n${theirs.notes}`;
  const merged = {
    agentId: mine.agentId,
    name: mine.name || theirs.name,
    notes,
    tags: join(mine.tags, theirs.tags),
    placeholders: join(mine.placeholders, theirs.placeholders),
  };
  if (!checkCatalogInput(merged).ok) return null;
  return { ...merged, learnedKeys: join(mine.learnedKeys, theirs.learnedKeys).slice(0, 200) };
}

type NameTarget = { target: ProfileTarget; label: string } | { waiting: string } | { missing: string };

/** The plan: every item of the file with what importing it does here. */
export function planImport(file: ReadWorkspaceFile, here: CurrentState, choices: Choices): PlanItem[] {
  const items: PlanItem[] = [];
  const localByName = new Map(here.profiles.map((profile) => [profile.name.toLowerCase(), profile]));
  const takenNames = new Set([...localByName.keys(), ...file.profiles.flatMap((p) => (p.name ? [p.name.toLowerCase()] : []))]);
  const names = new Map<string, NameTarget>();

  for (const { key, label, name, read } of file.profiles) {
    const base = { key, kind: 'profile' as const, label, dependsOn: null };
    const local = name === null ? undefined : localByName.get(name.toLowerCase());
    if (!read.ok) {
      // A profile the file names twice keeps what its first, valid one resolves to.
      if (name !== null && !local && !names.has(name.toLowerCase()))
        names.set(name.toLowerCase(), { missing: `its profile ${quote(name)} in the file is not taken (${read.reason})` });
      items.push({ ...base, action: 'skip', detail: read.reason, warnings: [], effect: null });
      continue;
    }
    const input = read.value;
    const warnings = [...read.warnings, ...profileWarnings(input)];
    const lower = input.name.toLowerCase();
    if (!local) {
      names.set(lower, { target: { created: key }, label: input.name });
      items.push({
        ...base,
        action: 'take',
        detail: 'A new profile, without a key: set its key in Manage profiles.',
        warnings,
        effect: { type: 'createProfile', input },
      });
      continue;
    }
    if (local.kind === 'custom' && sameJson(fileProfileOf(local), fileProfileOf(input))) {
      names.set(lower, { target: { existing: local.id }, label: local.name });
      items.push({ ...base, action: 'skip', detail: 'Already here, with the same settings.', warnings: [], effect: null });
      continue;
    }
    const builtIn = local.kind !== 'custom';
    const allowed: ImportChoice[] = builtIn ? ['keepBoth', 'skip'] : ['replace', 'keepBoth', 'skip'];
    const existing = builtIn
      ? `The built-in ${local.name} profile has this name: it cannot be replaced.`
      : `Your profile ${quote(local.name)} differs: ${differences(local, input)}.`;
    const choice = chosen(key, allowed, choices);
    const conflict = { existing, choices: allowed, chosen: choice };
    if (choice === null) {
      names.set(lower, { waiting: `It belongs to profile ${quote(input.name)}, which needs a choice first.` });
      items.push({
        ...base,
        action: 'conflict',
        detail: 'A profile with this name is here already: choose what to do.',
        conflict,
        warnings,
        effect: null,
      });
    } else if (choice === 'replace') {
      const clearKey = here.keyed.has(local.id) && originOf(local.baseUrl) !== originOf(input.baseUrl);
      const keyWarning = clearKey
        ? [
            `Its key will be cleared: the server changes to ${originOf(input.baseUrl)}, and a key is sent only to the server it was given for.`,
          ]
        : [];
      // The proxy password and the passphrase, as an edit in the form would clear them (workspaceFileService clears them).
      const set = here.secrets.get(local.id);
      const secretWarnings = movedSecrets(local, { ...local, ...input })
        .filter((name) => set?.has(name))
        .map((name) => SECRET_WORDS[name].willClear);
      names.set(lower, { target: { existing: local.id }, label: local.name });
      items.push({
        ...base,
        action: 'take',
        detail: `Replaces the settings of your profile ${quote(local.name)}.`,
        conflict,
        warnings: [...warnings, ...keyWarning, ...secretWarnings],
        effect: { type: 'replaceProfile', profileId: local.id, input, clearKey },
      });
    } else if (choice === 'keepBoth') {
      const renamed = freeName(input.name, takenNames);
      names.set(lower, { target: { created: key }, label: renamed });
      items.push({
        ...base,
        action: 'take',
        detail: `Added as a new profile named ${quote(renamed)}, without a key; yours stays as it is.`,
        conflict,
        warnings,
        effect: { type: 'createProfile', input: { ...input, name: renamed } },
      });
    } else {
      names.set(lower, { target: { existing: local.id }, label: local.name });
      items.push({
        ...base,
        action: 'skip',
        detail: `Your profile ${quote(local.name)} stays as it is; what the file has for this profile goes to it.`,
        conflict,
        warnings: [],
        effect: null,
      });
    }
  }

  const resolve = (name: string): NameTarget => {
    const found = names.get(name.toLowerCase());
    if (found) return found;
    const local = localByName.get(name.toLowerCase());
    return local
      ? { target: { existing: local.id }, label: local.name }
      : { missing: `there is no profile named ${quote(name)} here or in the file` };
  };
  const dependsOn = (target: ProfileTarget | null) => (target && 'created' in target ? target.created : null);

  const putAgents = new Set<string>();
  for (const { key, label, profile, read } of file.catalog) {
    const base = { key, kind: 'catalog' as const, label, warnings: read.ok ? read.warnings : [], dependsOn: null };
    if (!read.ok || profile === null) {
      items.push({ ...base, action: 'skip', detail: read.ok ? 'It names no profile.' : read.reason, effect: null });
      continue;
    }
    const where = resolve(profile);
    if ('waiting' in where) {
      items.push({ ...base, action: 'waiting', detail: where.waiting, effect: null });
      continue;
    }
    if ('missing' in where) {
      items.push({ ...base, action: 'skip', detail: `Not taken: ${where.missing}.`, effect: null });
      continue;
    }
    const agent = read.value;
    const slot = JSON.stringify([where.target, agent.agentId]);
    if (putAgents.has(slot)) {
      items.push({
        ...base,
        action: 'skip',
        detail: `The file has another entry for this agent in the catalog of ${quote(where.label)}.`,
        effect: null,
      });
      continue;
    }
    const put = (detail: string, entry: FileCatalogAgent, conflict?: WorkspaceImportItem['conflict']) => {
      putAgents.add(slot);
      items.push({
        ...base,
        action: 'take',
        detail,
        ...(conflict ? { conflict } : {}),
        effect: { type: 'putAgent', target: where.target, agent: entry },
        dependsOn: dependsOn(where.target),
      });
    };
    const mine =
      'existing' in where.target ? here.catalog[where.target.existing]?.find((entry) => entry.agentId === agent.agentId) : undefined;
    if (!mine) {
      put(`Added to the catalog of ${quote(where.label)}.`, agent);
      continue;
    }
    if (sameJson(fileAgentOf(mine), fileAgentOf(agent))) {
      items.push({ ...base, action: 'skip', detail: `Already in the catalog of ${quote(where.label)}, the same.`, effect: null });
      continue;
    }
    const merged = mergedAgent(mine, agent);
    const allowed: ImportChoice[] = merged ? ['replace', 'keepBoth', 'skip'] : ['replace', 'skip'];
    const choice = chosen(key, allowed, choices);
    const conflict = {
      existing: `Your catalog of ${quote(where.label)} has an entry for this agent${mine.name ? ` (${quote(mine.name)})` : ''} that differs.`,
      choices: allowed,
      chosen: choice,
    };
    if (choice === null)
      items.push({
        ...base,
        action: 'conflict',
        detail: 'This agent is in your catalog already: choose what to do.',
        conflict,
        effect: null,
      });
    else if (choice === 'replace') put('Replaces your entry for this agent.', agent, conflict);
    else if (choice === 'keepBoth' && merged)
      put(
        'Merged with your entry: your name and notes stay, the file’s notes are added below yours, and the tags, ' +
          'placeholders and learned keys of both are kept.',
        merged,
        conflict,
      );
    else items.push({ ...base, action: 'skip', detail: 'Your entry stays as it is.', conflict, effect: null });
  }

  let open = here.workspace.tabs.length;
  for (const { key, label, profile, read } of file.tabs) {
    const base = { key, kind: 'tab' as const, label, warnings: read.ok ? read.warnings : [], dependsOn: null };
    if (!read.ok) {
      items.push({ ...base, action: 'skip', detail: read.reason, effect: null });
      continue;
    }
    const where = profile === null ? null : resolve(profile);
    if (where && 'waiting' in where) {
      items.push({ ...base, action: 'waiting', detail: where.waiting, effect: null });
      continue;
    }
    if (where && 'missing' in where) {
      items.push({ ...base, action: 'skip', detail: `Not taken: ${where.missing}.`, effect: null });
      continue;
    }
    const target = where ? where.target : null;
    const tab = read.value;
    const forProfile = where ? ` for profile ${quote(where.label)}` : ' (for the profile active when it is sent)';
    const mineTab = here.workspace.tabs.find((other) => other.id === tab.id);
    /** `adds`: it opens another tab (under a new id when this id is open here already). */
    const put = (adds: boolean, detail: string, conflict?: WorkspaceImportItem['conflict']) => {
      if (adds && open + 1 > MAX_TABS) {
        items.push({
          ...base,
          action: 'skip',
          detail: `At most ${MAX_TABS} request tabs can be open: close some, then import again.`,
          ...(conflict ? { conflict } : {}),
          effect: null,
        });
        return;
      }
      if (adds) open += 1;
      items.push({
        ...base,
        action: 'take',
        detail,
        ...(conflict ? { conflict } : {}),
        effect: { type: 'putTab', target, tab, newId: adds && mineTab !== undefined },
        dependsOn: dependsOn(target),
      });
    };
    if (!mineTab) {
      put(true, `Opens as a new request tab${forProfile}.`);
      continue;
    }
    const sameProfile =
      target !== null && 'existing' in target ? mineTab.profileId === target.existing : target === null && mineTab.profileId === undefined;
    if (
      sameProfile &&
      sameJson([mineTab.title, mineTab.agentId, mineTab.text, mineTab.payloadText], [tab.title, tab.agentId, tab.text, tab.payloadText])
    ) {
      items.push({ ...base, action: 'skip', detail: 'Already open, the same.', effect: null });
      continue;
    }
    const allowed: ImportChoice[] = ['replace', 'keepBoth', 'skip'];
    const choice = chosen(key, allowed, choices);
    const conflict = { existing: 'A request tab with this id is open here with another draft.', choices: allowed, chosen: choice };
    if (choice === null)
      items.push({
        ...base,
        action: 'conflict',
        detail: 'This request tab is open here with another draft: choose what to do.',
        conflict,
        effect: null,
      });
    else if (choice === 'replace') put(false, `The open tab takes the file's draft${forProfile}.`, conflict);
    else if (choice === 'keepBoth') put(true, `Opens as another request tab${forProfile}; yours stays as it is.`, conflict);
    else items.push({ ...base, action: 'skip', detail: 'Your tab stays as it is.', conflict, effect: null });
  }
  return items;
}
