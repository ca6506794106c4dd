import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type {
  Api,
  CatalogAgent,
  ImportChoice,
  KnownAgent,
  ProfileInput,
  ProfileSecretName,
  TabDraft,
  Workspace,
  WorkspaceFileError,
  WorkspaceImportItem,
  WorkspaceImportOutcome,
  WorkspaceImportRequest,
} from '../../shared/api';
import type { CatalogByProfile } from './appStores';
import { originOf } from '../profiles/baseUrl';
import type { JsonDocument } from '../storage/jsonDocument';
import { readCaFile, type CheckedProfileInput } from '../profiles/profileInput';
import { clearMovedSecrets, PROFILE_SECRET_NAMES, secretId } from '../profiles/profileSecrets';
import { newProfileId, type Profile, type ProfileStore } from '../profiles/profiles';
import { createRedactor, type Redactor } from '../http/redact';
import type { SecretStore } from '../profiles/secrets';
import {
  buildWorkspaceDocument,
  describeDocument,
  serializeWorkspaceDocument,
  WORKSPACE_FILE_NAME,
  type WorkspaceFileDocument,
} from './workspaceFile';
import { readWorkspaceFile } from './workspaceFileRead';
import { SECRET_WORDS } from './workspaceImportNetwork';
import { planImport, type CurrentState, type PlanItem, type ProfileTarget } from './workspaceImportPlan';
import { mergeWorkspace, type TabChange } from './workspaceMerge';

/** The contract's workspace file methods. */
export type WorkspaceFileApi = Pick<Api, 'exportWorkspaceFile' | 'previewWorkspaceImport' | 'applyWorkspaceImport'>;

export interface WorkspaceFileDeps {
  profiles: ProfileStore;
  secrets: SecretStore;
  catalog: JsonDocument<CatalogByProfile>;
  workspace: JsonDocument<Workspace>;
  /** The service's record of when each tab last changed (see workspaceMerge): imported tabs are changes too. */
  tabChanges: Map<string, TabChange>;
  wallClock: () => Date;
  /** The agents a profile's server is known to have (the Sandbox's); absent: none. Their placeholders confirm learned keys. */
  knownResources?: (profile: Profile) => { agents: KnownAgent[] };
}

/** The writer id imported tabs are stamped with: a page that edited one meanwhile keeps its text too. */
const IMPORT_WRITER = 'workspace-file-import';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The person has chosen to import: the CA file a profile names is read now, by the form's own
 * rules (readCaFile), and one that cannot be used on this computer is left out, saying why.
 */
async function withUsableCaFile<T extends ProfileInput>(input: T): Promise<{ input: T; note: string }> {
  if (input.tls.caFile === null) return { input, note: '' };
  const ca = await readCaFile(input.tls.caFile);
  if (ca.ok) return { input, note: '' };
  return {
    input: { ...input, tls: { ...input.tls, caFile: null } },
    note: ` Its CA file was left out: ${ca.message} Choose one in Manage profiles if needed.`,
  };
}

/**
 * The person has chosen to import: whether the client certificate's files are on this computer
 * is looked at (a stat, never a read: the key may need a passphrase not given yet, and it is read
 * when a request needs it). The setting is kept either way, as the file names it: the files may
 * be copied there later, and until then every request of the profile says what is wrong.
 */
async function clientCertNote(input: ProfileInput): Promise<string> {
  const cert = input.tls.clientCert;
  if (!cert) return '';
  for (const file of cert.kind === 'pkcs12' ? [cert.file] : [cert.certFile, cert.keyFile]) {
    const problem = await stat(file).then(
      (info) => (info.isFile() ? null : 'is not a file'),
      (error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? 'does not exist on this computer yet' : `cannot be read (${error.code ?? 'error'})`,
    );
    if (problem !== null)
      return ` Its client certificate: ${file} ${problem}. The profile keeps it, and its requests say what is wrong until that is fixed.`;
  }
  return '';
}

function publicItem({ effect: _effect, dependsOn: _dependsOn, ...item }: PlanItem): WorkspaceImportItem {
  return item;
}

/**
 * A key a person pasted into a tab's text or a catalog note must not go into a shared file:
 * every key kept here is looked for (in each form redact.ts knows) and replaced. Answers how
 * many texts were changed.
 */
async function redactKeys(document: WorkspaceFileDocument, deps: WorkspaceFileDeps): Promise<number> {
  const redactors: Redactor[] = [];
  for (const profile of await deps.profiles.list()) {
    const key = await deps.secrets.get(profile.id, originOf(profile.baseUrl));
    if (key.kind === 'key') redactors.push(createRedactor(key.secret));
  }
  let changed = 0;
  const clean = (text: string) => {
    const out = redactors.reduce((current, redactor) => redactor.redact(current), text);
    if (out !== text) changed += 1;
    return out;
  };
  for (const tab of document.tabs) {
    tab.title = clean(tab.title);
    tab.text = clean(tab.text);
    tab.payloadText = clean(tab.payloadText);
  }
  for (const agent of document.catalog.flatMap((group) => group.agents)) agent.notes = clean(agent.notes);
  return changed;
}

/**
 * Export and import of workspace files (see workspaceFile.ts for the format). Import writes in
 * three steps, profiles first (catalog entries and tabs may belong to a new one), then the
 * catalog in one write, then the tabs in one merge; a step that fails is reported item by item,
 * and what the steps before it wrote is reported as taken: never a silent half-import.
 */
export function createWorkspaceFileMethods(deps: WorkspaceFileDeps): WorkspaceFileApi {
  async function currentState(): Promise<CurrentState> {
    const profiles = await deps.profiles.list();
    const keyed = new Set<string>();
    const secrets = new Map<string, Set<ProfileSecretName>>();
    for (const profile of profiles) {
      if ((await deps.secrets.status(profile.id)).set) keyed.add(profile.id);
      for (const name of PROFILE_SECRET_NAMES) {
        if ((await deps.secrets.status(secretId(profile.id, name))).set)
          secrets.set(profile.id, (secrets.get(profile.id) ?? new Set()).add(name));
      }
    }
    return { profiles, catalog: await deps.catalog.read(), workspace: await deps.workspace.read(), keyed, secrets };
  }

  async function plan(request: WorkspaceImportRequest) {
    const read = await readWorkspaceFile(request.content);
    if (!read.ok) return read;
    const decisions = new Map<string, ImportChoice>((request.decisions ?? []).map(({ key, choice }) => [key, choice]));
    return {
      ok: true as const,
      value: { items: planImport(read.value, await currentState(), { decisions, forAll: request.forAll }), notes: read.value.notes },
    };
  }

  async function apply(items: PlanItem[]): Promise<WorkspaceImportOutcome[]> {
    const outcomes = new Map<string, WorkspaceImportOutcome>();
    const done = (item: PlanItem, outcome: WorkspaceImportOutcome['outcome'], detail: string) =>
      outcomes.set(item.key, { key: item.key, kind: item.kind, label: item.label, outcome, detail });
    for (const item of items) if (item.effect === null) done(item, 'skipped', item.detail);

    const created = new Map<string, string>();
    const failedProfiles = new Set<string>();
    for (const item of items) {
      const effect = item.effect;
      if (effect?.type !== 'createProfile' && effect?.type !== 'replaceProfile') continue;
      try {
        const { input, note: caNote } = await withUsableCaFile<CheckedProfileInput>(effect.input);
        const note = `${caNote}${await clientCertNote(input)}`;
        if (effect.type === 'createProfile') {
          const id = newProfileId();
          await deps.profiles.save({ ...input, id, kind: 'custom' });
          created.set(item.key, id);
          done(item, 'taken', `${item.detail}${note}`);
        } else {
          const current = await deps.profiles.get(effect.profileId);
          if (!current) throw new Error('the profile was deleted meanwhile');
          // As for an edit in the form: a key belongs to its server, so moving the profile clears it first.
          const moved = originOf(current.baseUrl) !== originOf(input.baseUrl);
          if (moved) await deps.secrets.clear(current.id);
          const updated: Profile = { ...current, ...input };
          // Likewise the proxy password and the passphrase belong to the proxy, key file and server they were given for.
          const cleared = await clearMovedSecrets(deps.secrets, current, updated);
          await deps.profiles.save(updated);
          const keyCleared = moved && effect.clearKey ? ' Its key was cleared: set it again for the new server.' : '';
          done(item, 'taken', `${item.detail}${keyCleared}${cleared.map((name) => ` ${SECRET_WORDS[name].cleared}`).join('')}${note}`);
        }
      } catch (error) {
        failedProfiles.add(item.key);
        done(item, 'failed', `Not taken: the profile could not be saved (${messageOf(error)}).`);
      }
    }

    /** The id a target has now, or why its items cannot be written. */
    const targetId = (target: ProfileTarget): string | null =>
      'existing' in target ? target.existing : (created.get(target.created) ?? null);
    const blocked = (item: PlanItem) => item.dependsOn !== null && failedProfiles.has(item.dependsOn);
    const writable = items.filter((item) => item.effect?.type === 'putAgent' || item.effect?.type === 'putTab');
    for (const item of writable.filter(blocked)) done(item, 'failed', 'Not taken: the profile it belongs to could not be saved.');

    const agents = writable.filter((item) => item.effect?.type === 'putAgent' && !blocked(item));
    if (agents.length > 0) {
      const now = deps.wallClock().toISOString();
      try {
        await deps.catalog.update((catalog) => {
          const next: CatalogByProfile = { ...catalog };
          for (const item of agents) {
            if (item.effect?.type !== 'putAgent') continue;
            const id = targetId(item.effect.target)!;
            const entry: CatalogAgent = { ...item.effect.agent, updatedAt: now };
            const list = next[id] ?? [];
            next[id] = list.some((other) => other.agentId === entry.agentId)
              ? list.map((other) => (other.agentId === entry.agentId ? entry : other))
              : [...list, entry];
          }
          return next;
        });
        for (const item of agents) done(item, 'taken', item.detail);
      } catch (error) {
        for (const item of agents) done(item, 'failed', `Not taken: the catalog could not be written (${messageOf(error)}).`);
      }
    }

    const tabs = writable.filter((item) => item.effect?.type === 'putTab' && !blocked(item));
    if (tabs.length > 0) {
      const drafts: TabDraft[] = tabs.map((item) => {
        const effect = item.effect as Extract<PlanItem['effect'], { type: 'putTab' }>;
        const profileId = effect.target === null ? null : targetId(effect.target);
        return { ...effect.tab, id: effect.newId ? randomUUID() : effect.tab.id, ...(profileId === null ? {} : { profileId }) };
      });
      let refusal: string | null = null;
      try {
        await deps.workspace.update((current) => {
          const changes = {
            baseRevision: current.revision ?? 0,
            writer: IMPORT_WRITER,
            tabs: drafts,
            closed: [],
            activeTabId: current.activeTabId,
          };
          const merged = mergeWorkspace(current, changes, deps.tabChanges, randomUUID);
          if (merged.ok) return merged.value;
          refusal = merged.error.message;
          return current;
        });
        for (const item of tabs)
          done(item, refusal === null ? 'taken' : 'failed', refusal === null ? item.detail : `Not taken: ${refusal}`);
      } catch (error) {
        for (const item of tabs) done(item, 'failed', `Not taken: the request tabs could not be written (${messageOf(error)}).`);
      }
    }
    return items.map((item) => outcomes.get(item.key)!);
  }

  return {
    async exportWorkspaceFile() {
      try {
        const { document, leftOut } = buildWorkspaceDocument(
          await deps.profiles.list(),
          await deps.catalog.read(),
          await deps.workspace.read(),
          (profile) => deps.knownResources?.(profile).agents ?? [],
        );
        const redacted = await redactKeys(document, deps);
        const notes = [
          describeDocument(document),
          'Keys are never written to it.',
          ...(redacted > 0
            ? [`A key found in ${redacted} text${redacted === 1 ? '' : 's'} (a tab or a note) was replaced by [redacted key].`]
            : []),
          ...(leftOut.length > 0 ? [`Left out: ${leftOut.join(' ')}`] : []),
        ];
        return {
          ok: true,
          value: { suggestedName: WORKSPACE_FILE_NAME, content: serializeWorkspaceDocument(document), summary: notes.join(' ') },
        };
      } catch (error) {
        return { ok: false, error: { code: 'internal', message: `The workspace could not be read for export: ${messageOf(error)}` } };
      }
    },
    async previewWorkspaceImport(request) {
      const planned = await plan(request);
      if (!planned.ok) return planned;
      return { ok: true, value: { items: planned.value.items.map(publicItem), notes: planned.value.notes } };
    },
    async applyWorkspaceImport(request) {
      const planned = await plan(request);
      if (!planned.ok) return planned;
      const open = planned.value.items.filter((item) => item.action === 'conflict' || item.action === 'waiting').length;
      if (open > 0) {
        const error: WorkspaceFileError = {
          code: 'invalid_argument',
          problem: 'undecided',
          message:
            `${open} item${open === 1 ? '' : 's'} still need${open === 1 ? 's' : ''} a choice (what is here may have ` +
            'changed since the preview): nothing was imported. Look at the preview again.',
        };
        return { ok: false, error };
      }
      const items = await apply(planned.value.items);
      return { ok: true, value: { items, complete: items.every((item) => item.outcome !== 'failed') } };
    },
  };
}
