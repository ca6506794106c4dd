import {
  ERROR_CODES,
  MAX_REPORT_ENTRIES,
  MAX_REPORT_NOTE_CHARS,
  type ClearHistoryRequest,
  type DeleteHistoryRequest,
  type ErrorCode,
  type HistoryEntryRef,
  type HistoryKind,
  type HistoryQuery,
  type HistoryReportRequest,
  type HistorySearchRequest,
  type LastResponsesRequest,
  type PinHistoryRequest,
  type Result,
} from '../../shared/contract';
import { MAX_PAGE_SIZE } from './historySchema';

/**
 * Argument validators of the history methods (validate.ts holds them in its record). Every
 * field is checked and an unknown field is refused, so a typo in a filter is an error, not a
 * filter silently ignored.
 */

const KINDS: readonly HistoryKind[] = ['invoke', 'guideline', 'cancelled', 'failed'];
const MAX_ID_CHARS = 1024;
const MAX_SEARCH_CHARS = 1000;
const QUERY_FIELDS = ['profileId', 'kind', 'targetId', 'statusClass', 'errorCode', 'tokenPresent', 'pinned', 'from', 'to', 'beforeId', 'limit'];

function invalid<T>(message: string): Result<T> {
  return { ok: false, error: { code: 'invalid_argument', message } };
}

function isRecord(raw: unknown): raw is Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && [Object.prototype, null].includes(Object.getPrototypeOf(raw));
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && /^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?$/.test(value) && !Number.isNaN(Date.parse(value));
}

const isEntryId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function narrowQuery(record: Record<string, unknown>, extra: readonly string[]): Result<HistoryQuery> {
  const unknown = Object.keys(record).find((key) => !QUERY_FIELDS.includes(key) && !extra.includes(key));
  if (unknown !== undefined) return invalid(`"${unknown.slice(0, 40)}" is not a history filter.`);
  const query: HistoryQuery = {};
  const { profileId, kind, targetId, statusClass, errorCode, tokenPresent, pinned, from, to, beforeId, limit } = record;
  for (const [name, value] of [['profileId', profileId], ['targetId', targetId]] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > MAX_ID_CHARS) return invalid(`"${name}" must be a string.`);
    query[name] = value;
  }
  if (kind !== undefined) {
    if (!KINDS.includes(kind as HistoryKind)) return invalid(`"kind" must be one of ${KINDS.join(', ')}.`);
    query.kind = kind as HistoryKind;
  }
  if (statusClass !== undefined) {
    if (!Number.isInteger(statusClass) || (statusClass as number) < 0 || (statusClass as number) > 5) return invalid('"statusClass" must be 0 (no status) or 1 to 5.');
    query.statusClass = statusClass as number;
  }
  if (errorCode !== undefined) {
    if (!ERROR_CODES.includes(errorCode as ErrorCode)) return invalid('"errorCode" is not an error code.');
    query.errorCode = errorCode as ErrorCode;
  }
  if (tokenPresent !== undefined) {
    if (typeof tokenPresent !== 'boolean') return invalid('"tokenPresent" must be true or false.');
    query.tokenPresent = tokenPresent;
  }
  if (pinned !== undefined) {
    if (typeof pinned !== 'boolean') return invalid('"pinned" must be true or false.');
    query.pinned = pinned;
  }
  for (const [name, value] of [['from', from], ['to', to]] as const) {
    if (value === undefined) continue;
    if (!isIsoDate(value)) return invalid(`"${name}" must be an ISO 8601 date.`);
    // Stored times are UTC ISO strings compared as text: an offset or a bare date is made one too.
    query[name] = new Date(value).toISOString();
  }
  if (beforeId !== undefined) {
    if (!isEntryId(beforeId)) return invalid('"beforeId" must be an entry id.');
    query.beforeId = beforeId;
  }
  if (limit !== undefined) {
    if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_PAGE_SIZE) return invalid(`"limit" must be from 1 to ${MAX_PAGE_SIZE}.`);
    query.limit = limit as number;
  }
  return { ok: true, value: query };
}

export function validateHistoryQuery(raw: unknown): Result<HistoryQuery> {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  return isRecord(raw) ? narrowQuery(raw, []) : invalid('The argument must be an object.');
}

export function validateHistorySearch(raw: unknown): Result<HistorySearchRequest> {
  if (!isRecord(raw)) return invalid('The argument must be an object.');
  const { text } = raw;
  if (typeof text !== 'string' || text.length > MAX_SEARCH_CHARS) return invalid(`"text" must be a string of at most ${MAX_SEARCH_CHARS} characters.`);
  const query = narrowQuery(raw, ['text']);
  return query.ok ? { ok: true, value: { ...query.value, text } } : query;
}

export function validateHistoryEntryRef(raw: unknown): Result<HistoryEntryRef> {
  if (!isRecord(raw)) return invalid('The argument must be an object.');
  return isEntryId(raw['id']) ? { ok: true, value: { id: raw['id'] } } : invalid('"id" must be an entry id.');
}

/** At most this many tabs per lookup: more than any strip holds, few enough to answer at once. */
const MAX_TAB_IDS = 500;

/** `lastResponses`: `{ tabIds }`, a list of tab ids (strings), nothing else. */
export function validateLastResponses(raw: unknown): Result<LastResponsesRequest> {
  if (!isRecord(raw)) return invalid('Expected an object with "tabIds".');
  const unknown = Object.keys(raw).find((key) => key !== 'tabIds');
  if (unknown !== undefined) return invalid(`"${unknown.slice(0, 40)}" is not a field of this request.`);
  const { tabIds } = raw;
  if (!Array.isArray(tabIds) || tabIds.length > MAX_TAB_IDS) return invalid(`"tabIds" must be a list of at most ${MAX_TAB_IDS} tab ids.`);
  if (!tabIds.every((id): id is string => typeof id === 'string' && id.length <= MAX_ID_CHARS)) return invalid('"tabIds" must hold only strings.');
  return { ok: true, value: { tabIds: [...tabIds] } };
}

/**
 * `buildHistoryReport`: `{ ids, note, format }`. The ids are distinct entry ids (a duplicate is
 * refused rather than printed twice), the note is bounded text, the format one of the two files.
 */
export function validateHistoryReport(raw: unknown): Result<HistoryReportRequest> {
  if (!isRecord(raw)) return invalid('Expected an object with "ids", "note" and "format".');
  const unknown = Object.keys(raw).find((key) => !['ids', 'note', 'format'].includes(key));
  if (unknown !== undefined) return invalid(`"${unknown.slice(0, 40)}" is not a field of this request.`);
  const { ids, note, format } = raw;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_REPORT_ENTRIES) return invalid(`"ids" must list 1 to ${MAX_REPORT_ENTRIES} entry ids.`);
  if (!ids.every(isEntryId)) return invalid('"ids" must hold only entry ids.');
  if (new Set(ids).size !== ids.length) return invalid('"ids" must not name an entry twice.');
  if (typeof note !== 'string' || note.length > MAX_REPORT_NOTE_CHARS) return invalid(`"note" must be a text of at most ${MAX_REPORT_NOTE_CHARS} characters.`);
  if (format !== 'html' && format !== 'json') return invalid('"format" must be "html" or "json".');
  return { ok: true, value: { ids: [...ids], note, format } };
}

/** Refuses any field but these (a typo is an error, not an option silently ignored). */
function onlyFields(record: Record<string, unknown>, fields: readonly string[]): Result<never> | null {
  const unknown = Object.keys(record).find((key) => !fields.includes(key));
  return unknown === undefined ? null : invalid(`"${unknown.slice(0, 40)}" is not a field of this request.`);
}

/** `pinHistoryEntry`: `{ id, pinned }`. */
export function validatePinHistory(raw: unknown): Result<PinHistoryRequest> {
  if (!isRecord(raw)) return invalid('The argument must be an object.');
  const extra = onlyFields(raw, ['id', 'pinned']);
  if (extra) return extra;
  const { id, pinned } = raw;
  if (!isEntryId(id)) return invalid('"id" must be an entry id.');
  if (typeof pinned !== 'boolean') return invalid('"pinned" must be true or false.');
  return { ok: true, value: { id, pinned } };
}

/** At most this many ids a delete: more than a selection holds by hand; Clear all is for the rest. */
export const MAX_DELETE_IDS = 10_000;

/** `deleteHistoryEntries`: `{ ids }`, 1 to 10,000 entry ids. */
export function validateDeleteHistory(raw: unknown): Result<DeleteHistoryRequest> {
  if (!isRecord(raw)) return invalid('The argument must be an object.');
  const extra = onlyFields(raw, ['ids']);
  if (extra) return extra;
  const { ids } = raw;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_DELETE_IDS) return invalid(`"ids" must be a list of 1 to ${MAX_DELETE_IDS} entry ids.`);
  if (!ids.every(isEntryId)) return invalid('"ids" must hold only entry ids.');
  return { ok: true, value: { ids: [...new Set(ids)] } };
}

/** `clearHistory`: `{ keepPinned }`, said explicitly: clearing is not something to default into. */
export function validateClearHistory(raw: unknown): Result<ClearHistoryRequest> {
  if (!isRecord(raw)) return invalid('The argument must be an object.');
  const extra = onlyFields(raw, ['keepPinned']);
  if (extra) return extra;
  if (typeof raw['keepPinned'] !== 'boolean') return invalid('"keepPinned" must be true or false.');
  return { ok: true, value: { keepPinned: raw['keepPinned'] } };
}
