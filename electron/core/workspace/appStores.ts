import type { AppSettings, CatalogAgent, CatalogAgentInput, HistoryRetention, Result, TabDraft, Workspace } from '../../shared/api';
import { invalid, isPlainObject } from '../../shared/check';
import { MAX_RUN_REQUESTS, MAX_RUN_REQUESTS_SETTING } from '../../shared/runs/runLimits';
import { createJsonDocument, type JsonDocument } from '../storage/jsonDocument';

/**
 * The app's own documents: settings, the request tabs' drafts, and the agent catalog (per
 * profile, since agent ids belong to a platform). Each is a JsonDocument, in the data
 * directory or in memory.
 */

export const DEFAULT_SETTINGS: AppSettings = {
  maxResponseBytes: 50 * 1024 * 1024,
  maxSavedFileBytes: 256 * 1024 * 1024,
  historyRetention: { kind: 'all' },
  maxRunRequests: MAX_RUN_REQUESTS,
};
const MIN_RESPONSE_BYTES = 1024;
const MAX_RESPONSE_BYTES = 1024 * 1024 * 1024;
const MIN_SAVED_FILE_BYTES = 1024 * 1024;
const MAX_SAVED_FILE_BYTES = 1024 * 1024 * 1024 * 1024;

export function settingsDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<AppSettings> {
  return createJsonDocument({
    file,
    empty: () => ({ ...DEFAULT_SETTINGS }),
    parse: (raw, drop) => {
      if (!isPlainObject(raw)) return null;
      // Entry by entry: a bad value falls back to its default, the others are kept. Settings
      // saved before the save-to-file limit existed have none: they get the default, silently.
      const saved = raw as Partial<Record<keyof AppSettings, unknown>>;
      const settings: AppSettings = { ...DEFAULT_SETTINGS };
      const response = saved.maxResponseBytes;
      if (typeof response === 'number' && checkMaxResponseBytes(response).ok) settings.maxResponseBytes = response;
      else if (response !== undefined) drop('The response size limit was not from 1 KB to 1 GB; the default is used.');
      const savedFile = saved.maxSavedFileBytes;
      if (typeof savedFile === 'number' && checkMaxSavedFileBytes(savedFile).ok) settings.maxSavedFileBytes = savedFile;
      else if (savedFile !== undefined) drop('The save-to-file limit was not from 1 MB to 1 TB; the default is used.');
      const runRequests = saved.maxRunRequests;
      if (typeof runRequests === 'number' && checkMaxRunRequests(runRequests).ok) settings.maxRunRequests = runRequests;
      else if (runRequests !== undefined)
        drop('The largest run was not a whole number from 1 to 1,000,000,000 requests; the default is used.');
      const judges = saved.judgeAgents === undefined ? null : checkJudgeAgents(saved.judgeAgents);
      if (judges?.ok) settings.judgeAgents = judges.value;
      else if (judges) drop('The judge agents picked per profile could not be read; none is picked.');
      // A retention that cannot be read keeps everything: the safe side, nothing is deleted.
      const retention = saved.historyRetention === undefined ? null : checkHistoryRetention(saved.historyRetention);
      if (retention?.ok) settings.historyRetention = retention.value;
      else if (retention) drop('The history retention could not be read; everything is kept.');
      return settings;
    },
    ...(onProblem ? { onProblem } : {}),
  });
}

export function checkMaxResponseBytes(value: number): Result<number> {
  if (!Number.isInteger(value) || value < MIN_RESPONSE_BYTES || value > MAX_RESPONSE_BYTES) {
    return invalid('The response size limit must be from 1 KB to 1 GB.', 'maxResponseBytes');
  }
  return { ok: true, value };
}

/** The save-to-file limit: from 1 MB (smaller is never what anyone wants) to 1 TB. */
export function checkMaxSavedFileBytes(value: number): Result<number> {
  if (!Number.isInteger(value) || value < MIN_SAVED_FILE_BYTES || value > MAX_SAVED_FILE_BYTES) {
    return invalid('The save-to-file limit must be from 1 MB to 1 TB.', 'maxSavedFileBytes');
  }
  return { ok: true, value };
}

/** The largest run, in requests: from 1 to MAX_RUN_REQUESTS_SETTING. */
export function checkMaxRunRequests(value: number): Result<number> {
  if (!Number.isInteger(value) || value < 1 || value > MAX_RUN_REQUESTS_SETTING) {
    return invalid('The largest run must be a whole number of requests from 1 to 1,000,000,000.', 'maxRunRequests');
  }
  return { ok: true, value };
}

/** At most this many profiles have a judge agent picked (far more profiles than anyone keeps). */
const MAX_JUDGE_AGENTS = 1_000;

/** The judge agent picked per profile: profile id to agent id, both non-blank and bounded. */
export function checkJudgeAgents(raw: unknown): Result<Record<string, string>> {
  const field = 'judgeAgents';
  if (!isPlainObject(raw)) return invalid('The judge agents must be an object of profile id to agent id.', field);
  const entries = Object.entries(raw);
  if (entries.length > MAX_JUDGE_AGENTS) return invalid(`A judge agent can be picked for at most ${MAX_JUDGE_AGENTS} profiles.`, field);
  const picked: Record<string, string> = {};
  for (const [profileId, agentId] of entries) {
    if (profileId.trim() === '' || profileId.length > 200 || typeof agentId !== 'string' || agentId.trim() === '' || agentId.length > 1024)
      return invalid('Each judge agent must be an agent id (text of at most 1024 characters) under a profile id.', field);
    picked[profileId] = agentId;
  }
  return { ok: true, value: picked };
}

/** "Keep the last N entries": from 1 to 10 million (far more than any history here holds). */
const MAX_RETENTION_ENTRIES = 10_000_000;
/** "Keep the last N days": from 1 day to 100 years. */
const MAX_RETENTION_DAYS = 36_500;

/** Narrows a retention setting from untrusted input: a field error names `historyRetention`. */
export function checkHistoryRetention(raw: unknown): Result<HistoryRetention> {
  const field = 'historyRetention';
  if (!isPlainObject(raw)) return invalid('The history retention must be an object.', field);
  const record = raw;
  const keys = Object.keys(record).sort().join(',');
  if (record['kind'] === 'all' && keys === 'kind') return { ok: true, value: { kind: 'all' } };
  if (record['kind'] === 'entries' && keys === 'count,kind') {
    const count = record['count'];
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_RETENTION_ENTRIES) {
      return invalid(`Keep from 1 to ${MAX_RETENTION_ENTRIES.toLocaleString('en')} entries (a whole number).`, field);
    }
    return { ok: true, value: { kind: 'entries', count } };
  }
  if (record['kind'] === 'days' && keys === 'days,kind') {
    const days = record['days'];
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
      return invalid(`Keep from 1 to ${MAX_RETENTION_DAYS.toLocaleString('en')} days (a whole number).`, field);
    }
    return { ok: true, value: { kind: 'days', days } };
  }
  return invalid('The history retention must be { kind: "all" }, { kind: "entries", count } or { kind: "days", days }.', field);
}

const MAX_DRAFT_TEXT_CHARS = 5 * 1024 * 1024;

/** A tab draft's shape (sizes are checked by `checkTabSizes`). Exported for the merge of a page's changes. */
export function isTabDraft(value: unknown): value is TabDraft {
  if (!isPlainObject(value)) return false;
  const tab = value;
  if (!(['id', 'title', 'agentId', 'text', 'payloadText'] as const).every((field) => typeof tab[field] === 'string')) return false;
  // Ids are random UUIDs from the renderer; the merge keys tabs by them.
  if ((tab['id'] as string).length === 0 || (tab['id'] as string).length > 200) return false;
  // The profile a tab was made for; absent in drafts saved before tabs carried one.
  return tab['profileId'] === undefined || (typeof tab['profileId'] === 'string' && tab['profileId'].length <= 200);
}

/** At most this many tabs are kept. */
export const MAX_TABS = 50;

/** Null when every tab is within the size limits, else why not. */
export function checkTabSizes(tabs: readonly TabDraft[]): Result<never> | null {
  if (
    tabs.some(
      (tab) => tab.text.length + tab.payloadText.length > MAX_DRAFT_TEXT_CHARS || tab.agentId.length > 1024 || tab.title.length > 200,
    )
  ) {
    return invalid('A tab draft is too large to keep (over 5 MB).');
  }
  return null;
}

/** Only a tab draft's own fields, in one order (extra fields of untrusted input are dropped). */
export function tabDraftOf({ id, title, agentId, text, payloadText, profileId }: TabDraft): TabDraft {
  return { id, title, agentId, text, payloadText, ...(profileId === undefined ? {} : { profileId }) };
}

/** Narrows a workspace from untrusted input (a file), within size limits. */
export function parseWorkspace(raw: unknown): Result<Workspace> {
  if (typeof raw !== 'object' || raw === null) return invalid('The workspace is not in the expected shape.');
  const { tabs, activeTabId, revision } = raw as Record<string, unknown>;
  if (!Array.isArray(tabs) || !tabs.every(isTabDraft)) return invalid('The workspace tabs are not in the expected shape.');
  if (tabs.length > MAX_TABS) return invalid(`At most ${MAX_TABS} tabs can be kept.`);
  const sizes = checkTabSizes(tabs);
  if (sizes) return sizes;
  if (activeTabId !== null && typeof activeTabId !== 'string') return invalid('The active tab id must be a string.');
  // Files written before revisions existed have none: they start at 0.
  const counted = typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 0 ? revision : 0;
  return { ok: true, value: { tabs: tabs.map(tabDraftOf), activeTabId: activeTabId ?? null, revision: counted } };
}

export function workspaceDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<Workspace> {
  return createJsonDocument({
    file,
    empty: () => ({ tabs: [], activeTabId: null, revision: 0 }),
    parse: (raw, drop) => {
      const parsed = parseWorkspace(raw);
      if (parsed.ok) return parsed.value;
      // Entry by entry: keep the tabs that are whole, drop the others and say how many.
      if (!isPlainObject(raw) || !Array.isArray(raw['tabs'])) return null;
      const { tabs, activeTabId } = raw as { tabs: unknown[]; activeTabId?: unknown };
      const kept = tabs.filter((tab) => parseWorkspace({ tabs: [tab], activeTabId: null }).ok).slice(0, MAX_TABS) as TabDraft[];
      drop(`${tabs.length - kept.length} request tab(s) could not be used and were dropped.`);
      const active = typeof activeTabId === 'string' && kept.some((tab) => tab.id === activeTabId) ? activeTabId : (kept[0]?.id ?? null);
      const cleaned = parseWorkspace({ tabs: kept, activeTabId: active, revision: (raw as { revision?: unknown }).revision });
      return cleaned.ok ? cleaned.value : null;
    },
    ...(onProblem ? { onProblem } : {}),
  });
}

/** The catalog file: entries by profile id. */
export type CatalogByProfile = Record<string, CatalogAgent[]>;

const PLACEHOLDER = /^[^{}\s]{1,100}$/;

function uniqueStrings(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/** Checks and normalises a catalog entry typed by the user. */
export function checkCatalogInput(raw: unknown): Result<CatalogAgentInput> {
  if (typeof raw !== 'object' || raw === null) return invalid('The catalog entry is not in the expected shape.');
  const r = raw as Record<string, unknown>;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((item) => typeof item === 'string');
  if (
    typeof r['agentId'] !== 'string' ||
    typeof r['name'] !== 'string' ||
    typeof r['notes'] !== 'string' ||
    !strings(r['tags']) ||
    !strings(r['placeholders'])
  ) {
    return invalid('The catalog entry is not in the expected shape.');
  }
  const agentId = r['agentId'].trim();
  if (agentId === '' || agentId.length > 1024) return invalid('Give the agent id (up to 1024 characters).', 'agentId');
  if (r['name'].length > 200) return invalid('Keep the name under 200 characters.', 'name');
  if (r['notes'].length > 20_000) return invalid('Keep the notes under 20,000 characters.', 'notes');
  const tags = uniqueStrings(r['tags']);
  if (tags.length > 30 || tags.some((tag) => tag.length > 40)) return invalid('Up to 30 tags of up to 40 characters each.', 'tags');
  const placeholders = uniqueStrings(r['placeholders'].map((p) => p.replace(/^\{|\}$/g, '')));
  const bad = placeholders.find((p) => !PLACEHOLDER.test(p));
  if (bad !== undefined) return invalid(`"${bad.slice(0, 40)}" is not a placeholder name (no spaces or braces).`, 'placeholders');
  if (placeholders.length > 200) return invalid('Up to 200 placeholders.', 'placeholders');
  const value: CatalogAgentInput = { agentId, name: r['name'].trim(), notes: r['notes'], tags, placeholders };
  if (r['learnedKeys'] === undefined) return { ok: true, value };
  if (!strings(r['learnedKeys']) || r['learnedKeys'].length > 1000)
    return invalid('The learned keys are not in the expected shape.', 'learnedKeys');
  return { ok: true, value: { ...value, learnedKeys: uniqueStrings(r['learnedKeys']) } };
}

export function catalogDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<CatalogByProfile> {
  return createJsonDocument<CatalogByProfile>({
    file,
    empty: () => ({}),
    parse: parseCatalog,
    name: 'the agent catalog',
    ...(onProblem ? { onProblem } : {}),
  });
}

/**
 * Reads catalog.json entry by entry. The file is ours but anything could have written it: each
 * profile's list must be an array and each entry a whole catalog agent (checked as the user's
 * input is); what is not is dropped and told, so one bad entry never blanks the app or fails an
 * invoke. Entries with the same agent id keep the first.
 */
export function parseCatalog(raw: unknown, drop: (problem: string) => void): CatalogByProfile | null {
  if (!isPlainObject(raw)) return null;
  const catalog: CatalogByProfile = {};
  for (const [profileId, entries] of Object.entries(raw)) {
    const name = `"${profileId.slice(0, 80)}"`;
    if (!Array.isArray(entries)) {
      drop(`The catalog of profile ${name} is not a list and was dropped.`);
      continue;
    }
    const kept: CatalogAgent[] = [];
    for (const entry of entries) {
      const agent = catalogAgentOf(entry);
      if (agent && !kept.some((other) => other.agentId === agent.agentId)) kept.push(agent);
    }
    if (kept.length < entries.length)
      drop(
        `${entries.length - kept.length} catalog entr${entries.length - kept.length === 1 ? 'y' : 'ies'} of profile ${name} ` +
          'could not be used and were dropped.',
      );
    catalog[profileId] = kept;
  }
  return catalog;
}

function catalogAgentOf(raw: unknown): CatalogAgent | null {
  const checked = checkCatalogInput(raw);
  if (!checked.ok) return null;
  const record = raw as Record<string, unknown>;
  const learned = record['learnedKeys'] ?? [];
  if (!Array.isArray(learned) || !learned.every((key) => typeof key === 'string' && PLACEHOLDER.test(key))) return null;
  const updatedAt =
    typeof record['updatedAt'] === 'string' && !Number.isNaN(Date.parse(record['updatedAt']))
      ? record['updatedAt']
      : new Date(0).toISOString();
  const { agentId, name, notes, tags, placeholders } = checked.value;
  return { agentId, name, notes, tags, placeholders, learnedKeys: uniqueStrings(learned as string[]).slice(0, 200), updatedAt };
}

/** The catalog after learning the payload keys of an answered request (creating the entry if new). */
export function learnKeys(entries: CatalogAgent[], agentId: string, keys: string[], now: Date): CatalogAgent[] {
  const learnable = keys.filter((key) => PLACEHOLDER.test(key));
  const existing = entries.find((entry) => entry.agentId === agentId);
  if (existing && learnable.every((key) => existing.learnedKeys.includes(key))) return entries;
  const updated: CatalogAgent = existing
    ? { ...existing, learnedKeys: uniqueStrings([...existing.learnedKeys, ...learnable]), updatedAt: now.toISOString() }
    : { agentId, name: '', notes: '', tags: [], placeholders: [], learnedKeys: uniqueStrings(learnable), updatedAt: now.toISOString() };
  return existing ? entries.map((entry) => (entry.agentId === agentId ? updated : entry)) : [...entries, updated];
}
