import type { ErrorCode, JsonObject, Result } from './common';
import type { BodyTarget, GuidelineRequest, GuidelineResult, InvokeResult, PlatformError, SavedBody } from './platform';

/**
 * History. Every invoke, guideline fetch, cancel and failure is kept as it was
 * answered: the request as asked and the Result exactly as the Response view got it (the
 * exchange record is already redacted, so the key is never in an entry; a cut body stays cut
 * and says so in `responseBodyTruncated`).
 */
export type HistoryKind = 'invoke' | 'guideline' | 'cancelled' | 'failed';

/** The profile an exchange went to, as it was then (a profile may be renamed or deleted later). */
export interface HistoryProfile {
  id: string;
  name: string;
  baseUrl: string;
}

/**
 * What was asked and what came back: an invoke or a guideline fetch, with its Result as returned;
 * or a "Save the whole body to a file" (`saved`): the request was sent again and its body went to
 * a file, unread, so there is no parsed answer, only the exchange (`responseBody` null) and where
 * the body went. Its `kind` is still the target's ('invoke' or 'guideline') when it succeeded.
 */
export type HistoryExchange =
  | { what: 'invoke'; request: { agentId: string; text: string; payload: JsonObject }; result: InvokeResult }
  | { what: 'guideline'; request: GuidelineRequest; result: GuidelineResult }
  | { what: 'saved'; request: BodyTarget; result: Result<SavedBody, PlatformError> };

/** One recorded exchange. `kind`, `tokenPresent` are derived from the result when recorded. */
export type HistoryEntry = HistoryExchange & {
  /** Increasing, never reused (a deleted entry's id is not given to another). */
  id: number;
  /** When it was recorded, ISO 8601. */
  recordedAt: string;
  kind: HistoryKind;
  profile: HistoryProfile;
  /** True when an invoke's answer carried a non-empty `token`. */
  tokenPresent: boolean;
  pinned: boolean;
};

/** An entry as a list row: no bodies, so a page of 100 rows stays small. */
export interface HistorySummary {
  id: number;
  recordedAt: string;
  kind: HistoryKind;
  what: HistoryExchange['what'];
  /** The agent or guideline id. */
  targetId: string;
  profile: HistoryProfile;
  method: 'GET' | 'POST' | null;
  url: string | null;
  /** HTTP status, or null when none arrived (or nothing was sent). */
  status: number | null;
  errorCode: ErrorCode | null;
  roundTripMs: number | null;
  tokenPresent: boolean;
  pinned: boolean;
}

/** Filters and paging of the history list; every filter is optional. Newest first. */
export interface HistoryQuery {
  profileId?: string;
  kind?: HistoryKind;
  /** The agent or guideline id. */
  targetId?: string;
  /** 1 to 5 for 1xx..5xx; 0 for "no HTTP status" (network failure, time-out, nothing sent). */
  statusClass?: number;
  errorCode?: ErrorCode;
  tokenPresent?: boolean;
  /** Only pinned entries (true), or only unpinned ones (false). */
  pinned?: boolean;
  /** ISO 8601 bounds on `recordedAt`: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  /** Paging: only entries older than this id (the `nextBeforeId` of the previous page). */
  beforeId?: number;
  /** Rows per page: 1 to 500, default 100. */
  limit?: number;
}

export interface HistoryPage {
  entries: HistorySummary[];
  /** Pass as `beforeId` for the next page; null when this page is the last. */
  nextBeforeId: number | null;
}

export interface HistoryEntryRef {
  id: number;
}

/** Full-text search over the request text, the payload and the answer (or error), with the list's filters. */
export interface HistorySearchRequest extends HistoryQuery {
  text: string;
}

/**
 * The matching passage of an entry, as plain text (untrusted: render as text) and the ranges
 * of `text` that matched, for highlighting without markup.
 */
export interface HistoryPassage {
  text: string;
  highlights: Array<{ start: number; end: number }>;
}

export interface HistorySearchHit {
  entry: HistorySummary;
  passage: HistoryPassage;
}

export interface HistorySearchPage {
  hits: HistorySearchHit[];
  nextBeforeId: number | null;
}

/** Which request tabs' last answers to look up (at most 500 ids). */
export interface LastResponsesRequest {
  tabIds: string[];
}

/** A request tab's newest invoke in the history, as the Response view showed it. */
export interface TabLastResponse {
  tabId: string;
  entry: HistoryEntry;
}

/** At most this many entries in one report (a selection is chosen by hand). */
export const MAX_REPORT_ENTRIES = 200;
/** The longest note a report takes, in characters. */
export const MAX_REPORT_NOTE_CHARS = 20_000;

/**
 * A QA report of some history entries: the entries in the order given, the person's
 * note, and which file to make: the self-contained HTML page or the JSON bundle for machines.
 */
export interface HistoryReportRequest {
  /** 1 to MAX_REPORT_ENTRIES distinct entry ids. */
  ids: number[];
  /** Free text, at most MAX_REPORT_NOTE_CHARS characters; may be empty. */
  note: string;
  format: 'html' | 'json';
}

/** A report made in the host, for the page to save (`saveTextFile`). It never holds the key. */
export interface HistoryReportFile {
  /** A safe file name that says what it is and when, e.g. agent-explorer-report-entry-12-….html. */
  fileName: string;
  mediaType: 'text/html' | 'application/json';
  content: string;
}

/** Pins or unpins one entry: a pinned entry survives Clear all (unless asked) and retention. */
export interface PinHistoryRequest {
  id: number;
  pinned: boolean;
}

/** Entries to delete, pinned or not (at most 10,000 ids a call). */
export interface DeleteHistoryRequest {
  ids: number[];
}

/** Clear all: every entry, or every entry but the pinned ones. */
export interface ClearHistoryRequest {
  keepPinned: boolean;
}

/** How many entries went. */
export interface HistoryRemoved {
  deleted: number;
}

/** How many entries there are, and how many of them are pinned (what Clear all would take). */
export interface HistoryCounts {
  total: number;
  pinned: number;
}

/**
 * How much history is kept (an app setting): everything, the newest `count` entries, or the
 * entries of the last `days` days. Pinned entries are always kept on top of it and never count
 * towards `count`. Older entries are deleted when the setting is saved, at start, and as new
 * entries are recorded.
 */
export type HistoryRetention = { kind: 'all' } | { kind: 'entries'; count: number } | { kind: 'days'; days: number };

/**
 * Where a saved body went, as one line: "Saved to <path> (N bytes)", with ", cut at the limit"
 * when the file holds only the first `limitBytes`. The same words in the search text, the list,
 * the opened entry and the reports, so what a person reads is what they can search for.
 */
export function savedToFileText(saved: Pick<SavedBody, 'path' | 'bytes' | 'limitReached'>): string {
  return `Saved to ${saved.path} (${saved.bytes} bytes${saved.limitReached ? ', cut at the limit' : ''})`;
}

/** The history's slice of the Api. */
export interface HistoryApi {
  /** Recorded exchanges, newest first, filtered and paged. */
  listHistory(request: HistoryQuery): Promise<Result<HistoryPage>>;
  /** One recorded exchange in full, as the Response view showed it. */
  getHistoryEntry(request: HistoryEntryRef): Promise<Result<HistoryEntry>>;
  /** Full-text search of the history (request text, payload, answer), newest first, with the passage that matched. */
  searchHistory(request: HistorySearchRequest): Promise<Result<HistorySearchPage>>;
  /** Each request tab's last invoke from the history (tabs with none are left out): its answer after a restart. */
  lastResponses(request: LastResponsesRequest): Promise<Result<TabLastResponse[]>>;
  /** A QA report (HTML page or JSON bundle) of these entries with a note, for the page to save. Never holds the key. */
  buildHistoryReport(request: HistoryReportRequest): Promise<Result<HistoryReportFile>>;
  /** Pins or unpins an entry; answers its new state (an error when there is no such entry). */
  pinHistoryEntry(request: PinHistoryRequest): Promise<Result<{ pinned: boolean }>>;
  /** Deletes these entries, pinned or not (ask the user first). */
  deleteHistoryEntries(request: DeleteHistoryRequest): Promise<Result<HistoryRemoved>>;
  /** Deletes every entry, or every unpinned one (ask the user first). */
  clearHistory(request: ClearHistoryRequest): Promise<Result<HistoryRemoved>>;
  /** How many entries there are and how many are pinned (for Clear all's confirmation). */
  countHistory(): Promise<Result<HistoryCounts>>;
}
