import type { GuidelineRequest, HistoryExchange, HistoryKind, HistoryProfile, HistoryQuery, HistorySummary } from '../../shared/api';
import { savedToFileText } from '../../shared/api';

/**
 * What the history store derives from an exchange (the columns it files and filters an entry
 * by, the texts it is found by), and the rules of a search the library's store shares.
 */

/** What the service hands the store: the exchange, who it went to, and when. */
export interface NewHistoryEntry {
  exchange: HistoryExchange;
  profile: HistoryProfile;
  recordedAt: string;
  /** The request tab an invoke came from, when the page named one (InvokeRequest.tabId). */
  tabId?: string;
}

/** The columns an entry is filtered on (as the list shows them), and the texts it is found by. */
export interface HistoryFacts extends Pick<
  HistorySummary,
  'kind' | 'targetId' | 'method' | 'url' | 'status' | 'errorCode' | 'roundTripMs' | 'tokenPresent'
> {
  /** Searchable: the request text (invoke) or the guideline id. */
  text: string;
  /** Searchable: the payload as JSON (invoke), else empty. */
  payload: string;
  /** Searchable: the answer, the guideline, or the error with the body that came with it. */
  answer: string;
}

const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** Derives the filter columns and search texts of an exchange. Never throws on a well-typed one. */
export function historyFacts(exchange: HistoryExchange): HistoryFacts {
  const { result } = exchange;
  const record = result.ok ? result.value.exchange : result.error.exchange;
  const base = {
    method: record?.method ?? null,
    url: record?.url ?? null,
    status: record?.status ?? null,
    roundTripMs: record?.roundTripMs ?? null,
    errorCode: result.ok ? null : result.error.code,
  };
  const failure = result.ok ? '' : [result.error.message, result.error.exchange?.responseBody ?? ''].join('\n');
  // A successful save keeps its target's kind, so the Invokes / Guideline fetches filter still finds it.
  const kind: HistoryKind = result.ok
    ? exchange.what === 'saved'
      ? exchange.request.kind
      : exchange.what
    : result.error.code === 'cancelled'
      ? 'cancelled'
      : 'failed';
  if (exchange.what === 'saved') {
    // The body went to a file, unread: no answer and no token to find, only where it went.
    const invoke = exchange.request.kind === 'invoke' ? exchange.request.request : null;
    return {
      ...base,
      kind,
      targetId: invoke ? invoke.agentId : (exchange.request.request as GuidelineRequest).guidelineId,
      tokenPresent: false,
      text: invoke ? invoke.text : (exchange.request.request as GuidelineRequest).guidelineId,
      payload: invoke ? JSON.stringify(invoke.payload) : '',
      answer: exchange.result.ok ? savedToFileText(exchange.result.value) : failure,
    };
  }
  if (exchange.what === 'invoke') {
    const value = exchange.result.ok ? exchange.result.value : null;
    return {
      ...base,
      kind,
      targetId: exchange.request.agentId,
      tokenPresent: typeof value?.response.token === 'string' && value.response.token !== '',
      text: exchange.request.text,
      payload: JSON.stringify(exchange.request.payload),
      answer: value ? value.response.answer : failure,
    };
  }
  const guideline = exchange.result.ok ? exchange.result.value.guideline : null;
  return {
    ...base,
    kind,
    targetId: exchange.request.guidelineId,
    tokenPresent: false,
    text: exchange.request.guidelineId,
    payload: '',
    answer: guideline ? [guideline.name, guideline.description, guideline.content].join('\n') : failure,
  };
}

/**
 * The oldest time "keep N days" keeps, as the ISO text entries are stored with (so it compares
 * as text). N days means N times 24 hours back from now, not calendar days.
 */
export function retentionCutoff(days: number, now: Date): string {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
}

/** 2 for 2xx and so on; 0 when there is no status. */
export function statusClass(status: number | null): number {
  return status === null ? 0 : Math.floor(status / 100);
}

export function pageSize(query: HistoryQuery): number {
  return Math.min(Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_SIZE)), MAX_PAGE_SIZE);
}

/**
 * The words of a search, each as a quoted FTS5 prefix term, all required. What a person types
 * is never FTS5 syntax: quotes, NEAR, AND/OR or a stray `*` must not make the query fail or mean
 * something else, so only letters and digits are kept.
 */
export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16);
}

/**
 * From this many characters a search word matches the start of a word; shorter, the whole word.
 * FTS5 answers a prefix by merging the entries of every word that starts with it: for one or
 * two letters that is nearly the whole index, which takes seconds at 100,000 entries, on
 * the host's event loop (node:sqlite is synchronous). The section searches from 3 characters
 * typed, so "a b" or "I am a" would otherwise be such a search.
 */
export const MIN_PREFIX_CHARS = 3;

export function ftsQuery(terms: string[]): string {
  return terms.map((term) => (term.length >= MIN_PREFIX_CHARS ? `"${term}"*` : `"${term}"`)).join(' ');
}

/**
 * The two private-use characters snippet() once marked highlights with: still replaced by a space
 * in every searchable text, as in files made before, so text from any version reads alike.
 */
export function withoutMarks(text: string): string {
  return text.replace(/[\uE000\uE001]/g, ' ');
}
