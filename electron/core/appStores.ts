import type { AppError, AppSettings, CatalogAgent, CatalogAgentInput, Result, TabDraft, Workspace } from '../shared/contract';
import { createJsonDocument, type JsonDocument } from './jsonDocument';

/**
 * The app's own documents: settings, the request tabs' drafts, and the agent catalog (per
 * profile, since agent ids belong to a platform). Each is a JsonDocument, in the data
 * directory or in memory.
 */

export const DEFAULT_SETTINGS: AppSettings = { maxResponseBytes: 50 * 1024 * 1024 };
const MIN_RESPONSE_BYTES = 1024;
const MAX_RESPONSE_BYTES = 1024 * 1024 * 1024;

function invalid<T>(message: string, field?: string): Result<T> {
  return { ok: false, error: { code: 'invalid_argument', message, ...(field ? { field } : {}) } as AppError };
}

export function settingsDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<AppSettings> {
  return createJsonDocument({
    file,
    empty: () => ({ ...DEFAULT_SETTINGS }),
    parse: (raw) => {
      const value = (raw as Partial<AppSettings> | null)?.maxResponseBytes;
      return typeof value === 'number' && checkMaxResponseBytes(value).ok ? { maxResponseBytes: value } : null;
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

const MAX_TABS = 50;
const MAX_DRAFT_TEXT_CHARS = 5 * 1024 * 1024;

function isTabDraft(value: unknown): value is TabDraft {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Record<string, unknown>;
  if (!(['id', 'title', 'agentId', 'text', 'payloadText'] as const).every((field) => typeof tab[field] === 'string')) return false;
  // The profile a tab was made for; absent in drafts saved before tabs carried one.
  return tab['profileId'] === undefined || (typeof tab['profileId'] === 'string' && tab['profileId'].length <= 200);
}

/** Narrows a workspace from untrusted input (the renderer, or a file), within size limits. */
export function parseWorkspace(raw: unknown): Result<Workspace> {
  if (typeof raw !== 'object' || raw === null) return invalid('The workspace is not in the expected shape.');
  const { tabs, activeTabId } = raw as Record<string, unknown>;
  if (!Array.isArray(tabs) || !tabs.every(isTabDraft)) return invalid('The workspace tabs are not in the expected shape.');
  if (tabs.length > MAX_TABS) return invalid(`At most ${MAX_TABS} tabs can be kept.`);
  if (tabs.some((tab) => tab.text.length + tab.payloadText.length > MAX_DRAFT_TEXT_CHARS || tab.agentId.length > 1024 || tab.title.length > 200)) {
    return invalid('A tab draft is too large to keep (over 5 MB).');
  }
  if (activeTabId !== null && typeof activeTabId !== 'string') return invalid('The active tab id must be a string.');
  return {
    ok: true,
    value: {
      tabs: tabs.map(({ id, title, agentId, text, payloadText, profileId }) => ({
        id,
        title,
        agentId,
        text,
        payloadText,
        ...(profileId === undefined ? {} : { profileId }),
      })),
      activeTabId: activeTabId ?? null,
    },
  };
}

export function workspaceDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<Workspace> {
  return createJsonDocument({
    file,
    empty: () => ({ tabs: [], activeTabId: null }),
    parse: (raw) => {
      const parsed = parseWorkspace(raw);
      return parsed.ok ? parsed.value : null;
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
  if (typeof r['agentId'] !== 'string' || typeof r['name'] !== 'string' || typeof r['notes'] !== 'string' || !strings(r['tags']) || !strings(r['placeholders'])) {
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
  return { ok: true, value: { agentId, name: r['name'].trim(), notes: r['notes'], tags, placeholders } };
}

export function catalogDocument(file: string | null, onProblem?: (message: string) => void): JsonDocument<CatalogByProfile> {
  return createJsonDocument<CatalogByProfile>({
    file,
    empty: () => ({}),
    parse: (raw) => (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as CatalogByProfile) : null),
    ...(onProblem ? { onProblem } : {}),
  });
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
