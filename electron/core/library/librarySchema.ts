import { createHash } from 'node:crypto';
import type { Guideline, LibraryAddItem, LibraryGuideline } from '../../shared/api';
import { isUuid } from '../../shared/check';

/**
 * What the library store and the service share: how a pasted list becomes ids, how a version is
 * told from the last one, and the limits on labels.
 */

/** A guideline id: the platform addresses guidelines by UUID (platform-api-spec.md, 4.2). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** At most this many items in one paste: a long list is fine, a pasted file of megabytes is not. */
const MAX_PASTED_ITEMS = 500;
export const MAX_TITLE_CHARS = 200;
export const MAX_TAGS = 20;
export const MAX_TAG_CHARS = 40;
const DEFAULT_SEARCH_HITS = 50;
export const MAX_SEARCH_HITS = 200;

/** An item of a paste and the id in it, or why it was refused (before the library is looked at). */
export interface PastedItem {
  input: string;
  guidelineId: string | null;
  /** Why it was refused; null when an id was found. */
  refusal: string | null;
}

const shown = (item: string) => (item.length > 200 ? `${item.slice(0, 199)}…` : item);

/**
 * Splits a paste into items (lines, commas, semicolons, spaces) and finds the id in each: the
 * item itself, or the UUID inside a link (…/api/guideline/<id>/, ?guideline=<id>, a page of
 * the platform's own UI). Ids are compared in lower case, as UUIDs are case-blind. An item
 * with two different ids is refused rather than guessed; one listed twice is refused the
 * second time. Nothing here is trusted: each item is only matched, never parsed as a URL
 * that could be fetched.
 */
export function parsePastedIds(text: string): PastedItem[] {
  const items = text.split(/[\s,;]+/u).filter((item) => item !== '');
  const seen = new Set<string>();
  const parsed: PastedItem[] = [];
  for (const raw of items.slice(0, MAX_PASTED_ITEMS)) {
    const input = shown(raw);
    const found = [...new Set((raw.match(UUID) ?? []).map((id) => id.toLowerCase()))];
    const isLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw);
    const bare = raw.replace(/^[<("'[]+|[>)"'\].]+$/g, '');
    if (found.length > 1)
      parsed.push({ input, guidelineId: null, refusal: 'It holds more than one guideline id: paste them one per line.' });
    else if (found.length === 0) {
      parsed.push({
        input,
        guidelineId: null,
        refusal: isLink
          ? 'This link holds no guideline id (a UUID such as 7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47).'
          : 'This is not a guideline id (a UUID such as 7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47).',
      });
    } else if (!isLink && bare.toLowerCase() !== found[0]) {
      // "abc7d3e1f9a-…" or "id=…" outside a link: a typo more likely than an id; say so.
      parsed.push({ input, guidelineId: null, refusal: 'There is more than an id here: paste the id alone, or the whole link.' });
    } else if (seen.has(found[0]!)) parsed.push({ input, guidelineId: found[0]!, refusal: 'It is listed twice in this paste.' });
    else {
      seen.add(found[0]!);
      parsed.push({ input, guidelineId: found[0]!, refusal: null });
    }
  }
  if (items.length > MAX_PASTED_ITEMS) {
    parsed.push({
      input: `${items.length - MAX_PASTED_ITEMS} more items`,
      guidelineId: null,
      refusal: `Only the first ${MAX_PASTED_ITEMS} items of a paste are read.`,
    });
  }
  return parsed;
}

/** The refused items of a paste as report lines (the service adds the taken ones). */
export function refusedItem(item: PastedItem): LibraryAddItem {
  return { input: item.input, guidelineId: item.guidelineId, outcome: 'refused', message: item.refusal ?? '' };
}

/**
 * A version's identity: SHA-256 of name, description and content as one JSON array, so no
 * text moved from one field to the next can give the same hash.
 */
export function versionHash(guideline: Guideline): string {
  return createHash('sha256')
    .update(JSON.stringify([guideline.name, guideline.description, guideline.content]))
    .digest('hex');
}

/** Tags as kept: trimmed, empty ones dropped, duplicates (case-blind) dropped, in the order given. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim().replace(/\s+/g, ' ');
    if (trimmed === '' || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

/** The library's order: pinned first, then by the shown name (local title, server name, id), case-blind. */
export function libraryOrder(a: LibraryGuideline, b: LibraryGuideline): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const name = (entry: LibraryGuideline) => (entry.title || entry.name || entry.guidelineId).toLowerCase();
  return name(a).localeCompare(name(b)) || a.guidelineId.localeCompare(b.guidelineId);
}

/** Search weights per field (name, description, content, title, tags, id): a name match outranks a passing mention. */
export const FIELD_WEIGHTS = [10, 4, 1, 10, 6, 2] as const;

export function clampHits(limit: number | undefined): number {
  return Math.min(Math.max(1, Math.floor(limit ?? DEFAULT_SEARCH_HITS)), MAX_SEARCH_HITS);
}

/**
 * The id a fetch is filed under: trimmed, and in lower case when it is a UUID (so a pasted
 * "7D3E…" and a typed "7d3e…" are one entry). Other ids are kept as typed.
 */
export function libraryId(raw: string): string {
  const id = raw.trim();
  return isUuid(id) ? id.toLowerCase() : id;
}
