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
} from '../../shared/api';
import { MAX_PAGE_SIZE } from './historySchema';
import { fieldsOf, invalid, isIntegerIn, isPlainObject, isRowId, isText, ok, unknownField, type Fields } from '../../shared/check';

/**
 * Argument validators of the history methods (validate.ts holds them in its record). Every
 * field is checked and an unknown field is refused, so a typo in a filter is an error, not a
 * filter silently ignored.
 */

const KINDS: readonly HistoryKind[] = ['invoke', 'guideline', 'cancelled', 'failed'];
const MAX_ID_CHARS = 1024;
const MAX_SEARCH_CHARS = 1000;
const QUERY_FIELDS = [
  'profileId',
  'kind',
  'targetId',
  'statusClass',
  'errorCode',
  'tokenPresent',
  'pinned',
  'from',
  'to',
  'beforeId',
  'limit',
];

function isIsoDate(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 40 &&
    /^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-]\d\d:\d\d)?)?$/.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

function narrowQuery(record: Fields, extra: readonly string[]): Result<HistoryQuery> {
  const unknown = unknownField(record, [...QUERY_FIELDS, ...extra]);
  if (unknown !== undefined) return invalid(`"${unknown}" is not a history filter.`);
  const query: HistoryQuery = {};
  const { profileId, kind, targetId, statusClass, errorCode, tokenPresent, pinned, from, to, beforeId, limit } = record;
  for (const [name, value] of [
    ['profileId', profileId],
    ['targetId', targetId],
  ] as const) {
    if (value === undefined) continue;
    if (!isText(value, MAX_ID_CHARS)) return invalid(`"${name}" must be a string.`);
    query[name] = value;
  }
  if (kind !== undefined) {
    if (!KINDS.includes(kind as HistoryKind)) return invalid(`"kind" must be one of ${KINDS.join(', ')}.`);
    query.kind = kind as HistoryKind;
  }
  if (statusClass !== undefined) {
    if (!isIntegerIn(statusClass, 0, 5)) return invalid('"statusClass" must be 0 (no status) or 1 to 5.');
    query.statusClass = statusClass;
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
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value === undefined) continue;
    if (!isIsoDate(value)) return invalid(`"${name}" must be an ISO 8601 date.`);
    // Stored times are UTC ISO strings compared as text: an offset or a bare date is made one too.
    query[name] = new Date(value).toISOString();
  }
  if (beforeId !== undefined) {
    if (!isRowId(beforeId)) return invalid('"beforeId" must be an entry id.');
    query.beforeId = beforeId;
  }
  if (limit !== undefined) {
    if (!isIntegerIn(limit, 1, MAX_PAGE_SIZE)) return invalid(`"limit" must be from 1 to ${MAX_PAGE_SIZE}.`);
    query.limit = limit;
  }
  return ok(query);
}

export function validateHistoryQuery(raw: unknown): Result<HistoryQuery> {
  if (raw === undefined || raw === null) return ok({});
  return isPlainObject(raw) ? narrowQuery(raw, []) : invalid('The argument must be an object.');
}

export function validateHistorySearch(raw: unknown): Result<HistorySearchRequest> {
  if (!isPlainObject(raw)) return invalid('The argument must be an object.');
  const { text } = raw;
  if (!isText(text, MAX_SEARCH_CHARS)) return invalid(`"text" must be a string of at most ${MAX_SEARCH_CHARS} characters.`);
  const query = narrowQuery(raw, ['text']);
  return query.ok ? ok({ ...query.value, text }) : query;
}

export function validateHistoryEntryRef(raw: unknown): Result<HistoryEntryRef> {
  if (!isPlainObject(raw)) return invalid('The argument must be an object.');
  return isRowId(raw['id']) ? ok({ id: raw['id'] }) : invalid('"id" must be an entry id.');
}

/** At most this many tabs per lookup: more than any strip holds, few enough to answer at once. */
const MAX_TAB_IDS = 500;

/** `lastResponses`: `{ tabIds }`, a list of tab ids (strings), nothing else. */
export function validateLastResponses(raw: unknown): Result<LastResponsesRequest> {
  const fields = fieldsOf(raw, ['tabIds'], { notObject: 'Expected an object with "tabIds".' });
  if (!fields.ok) return fields;
  const { tabIds } = fields.value;
  if (!Array.isArray(tabIds) || tabIds.length > MAX_TAB_IDS) return invalid(`"tabIds" must be a list of at most ${MAX_TAB_IDS} tab ids.`);
  if (!tabIds.every((id): id is string => isText(id, MAX_ID_CHARS))) return invalid('"tabIds" must hold only strings.');
  return ok({ tabIds: [...tabIds] });
}

/**
 * `buildHistoryReport`: `{ ids, note, format }`. The ids are distinct entry ids (a duplicate is
 * refused rather than printed twice), the note is bounded text, the format one of the two files.
 */
export function validateHistoryReport(raw: unknown): Result<HistoryReportRequest> {
  const fields = fieldsOf(raw, ['ids', 'note', 'format'], { notObject: 'Expected an object with "ids", "note" and "format".' });
  if (!fields.ok) return fields;
  const { ids, note, format } = fields.value;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_REPORT_ENTRIES)
    return invalid(`"ids" must list 1 to ${MAX_REPORT_ENTRIES} entry ids.`);
  if (!ids.every(isRowId)) return invalid('"ids" must hold only entry ids.');
  if (new Set(ids).size !== ids.length) return invalid('"ids" must not name an entry twice.');
  if (!isText(note, MAX_REPORT_NOTE_CHARS)) return invalid(`"note" must be a text of at most ${MAX_REPORT_NOTE_CHARS} characters.`);
  if (format !== 'html' && format !== 'json') return invalid('"format" must be "html" or "json".');
  return ok({ ids: [...ids], note, format });
}

/** `pinHistoryEntry`: `{ id, pinned }`. */
export function validatePinHistory(raw: unknown): Result<PinHistoryRequest> {
  const fields = fieldsOf(raw, ['id', 'pinned']);
  if (!fields.ok) return fields;
  const { id, pinned } = fields.value;
  if (!isRowId(id)) return invalid('"id" must be an entry id.');
  if (typeof pinned !== 'boolean') return invalid('"pinned" must be true or false.');
  return ok({ id, pinned });
}

/** At most this many ids a delete: more than a selection holds by hand; Clear all is for the rest. */
const MAX_DELETE_IDS = 10_000;

/** `deleteHistoryEntries`: `{ ids }`, 1 to 10,000 entry ids. */
export function validateDeleteHistory(raw: unknown): Result<DeleteHistoryRequest> {
  const fields = fieldsOf(raw, ['ids']);
  if (!fields.ok) return fields;
  const { ids } = fields.value;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_DELETE_IDS)
    return invalid(`"ids" must be a list of 1 to ${MAX_DELETE_IDS} entry ids.`);
  if (!ids.every(isRowId)) return invalid('"ids" must hold only entry ids.');
  return ok({ ids: [...new Set(ids)] });
}

/** `clearHistory`: `{ keepPinned }`, said explicitly: clearing is not something to default into. */
export function validateClearHistory(raw: unknown): Result<ClearHistoryRequest> {
  const fields = fieldsOf(raw, ['keepPinned']);
  if (!fields.ok) return fields;
  const { keepPinned } = fields.value;
  return typeof keepPinned === 'boolean' ? ok({ keepPinned }) : invalid('"keepPinned" must be true or false.');
}
