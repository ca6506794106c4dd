import type { ReportChecklists } from './reportChecklist';
import type { ErrorCode, ExchangeRecord, ExchangeTiming, HistoryExchange, HistoryKind, HistoryProfile, JsonObject } from '../api';

/**
 * One exchange as a QA report states it: the facts a reader checks (request, outcome, answer,
 * contract check, timing, profile), flattened out of the stored Result so the HTML, the JSON
 * bundle and the Markdown all say the same thing. Plain data with a fixed shape: every field is
 * always there (null when it does not apply), in the order written here, so a bundle diffs well.
 *
 * Built from a history entry in the app; the command line builds it from the exchanges of a run (it
 * has the same Result and profile), which is why it takes only what an exchange carries.
 *
 * Everything here is untrusted text from the platform or the user: the renderers escape it.
 * The key is not here: the exchange was redacted by the core before it was recorded.
 */
export interface ReportEntry {
  /** The history entry's id; null for an exchange that was never kept (a CLI run). */
  id: number | null;
  /** When the exchange was recorded, ISO 8601. */
  recordedAt: string;
  kind: HistoryKind;
  profile: HistoryProfile;
  request: {
    what: 'invoke' | 'guideline';
    /** The agent or guideline id. */
    targetId: string;
    method: 'GET' | 'POST';
    /** The URL as called; null when nothing was sent (no key, bad input). */
    url: string | null;
    /** The invoke's text and payload; null for a guideline fetch. */
    text: string | null;
    payload: JsonObject | null;
    /** The JSON body exactly as sent, when one was. */
    bodyAsSent: string | null;
  };
  outcome: {
    ok: boolean;
    /** HTTP status; null when no response arrived or nothing was sent. */
    status: number | null;
    statusText: string | null;
    error: { code: ErrorCode; message: string } | null;
  };
  /** The parsed answer as the Response view showed it; where the body went for a save to a file; null for a failure. */
  answer:
    | { what: 'invoke'; answer: string; duration: string; token: string | null }
    | { what: 'guideline'; name: string; description: string; content: string }
    | { what: 'saved'; path: string; bytes: number; limitReached: boolean; limitBytes: number }
    | null;
  contractCheck: { result: 'passed' | 'failed' | 'not_checked'; detail: string };
  /** True when an invoke's answer carried a non-empty `token`. */
  tokenPresent: boolean;
  timing: {
    /** The server's own `duration`, as sent and in ms (null ms: a format not understood). */
    serverDuration: { raw: string; ms: number | null } | null;
    roundTripMs: number | null;
    startedAt: string | null;
    phases: ExchangeTiming | null;
  };
  /** The response as received (headers by name, the body as text, cut when long); null when none arrived. */
  response: { headers: Record<string, string>; body: string | null; bytes: number; bodyTruncated: boolean } | null;
  /**
   * The checklists kept with the entry: only present when there is one (see
   * reportChecklist.ts), so it comes last and older reports keep their bytes.
   */
  checklists?: ReportChecklists;
  /**
   * The name the person's catalog or library (else the app) knows the agent or guideline by:
   * only present when one is known, so it comes last and reports without names keep their bytes.
   */
  targetName?: string;
}

/** What a report entry is built from: an exchange, the profile it went to, and when. */
export type ReportSource = HistoryExchange & { id?: number | null; recordedAt: string; kind?: HistoryKind; profile: HistoryProfile };

/** The same phases in the same order whatever order they were stored in. */
function orderedPhases(timing: ExchangeTiming | null): ExchangeTiming | null {
  if (timing === null) return null;
  const { dns, connect, tls, send, wait, download, total, reusedConnection } = timing;
  return { dns, connect, tls, send, wait, download, total, reusedConnection };
}

function orderedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(headers)
      .sort()
      .map((name) => [name, headers[name] ?? '']),
  );
}

function responseOf(exchange: ExchangeRecord | null): ReportEntry['response'] {
  if (exchange === null || exchange.status === null) return null;
  return {
    headers: orderedHeaders(exchange.responseHeaders),
    body: exchange.responseBody,
    bytes: exchange.responseBytes,
    bodyTruncated: exchange.responseBodyTruncated,
  };
}

/** The kind the history derives when it records: kept here so a CLI run's entries read the same. */
function kindOf(source: ReportSource): HistoryKind {
  if (source.kind !== undefined) return source.kind;
  if (source.result.ok) return source.what === 'saved' ? source.request.kind : source.what;
  return source.result.error.code === 'cancelled' ? 'cancelled' : 'failed';
}

function contractCheckOf(source: ReportSource): ReportEntry['contractCheck'] {
  const { result } = source;
  if (result.ok) {
    if (source.what === 'saved') return { result: 'not_checked', detail: 'the body went to a file, unread' };
    if (source.what === 'guideline') return { result: 'passed', detail: 'name, description and content are strings' };
    const token =
      source.result.ok && source.result.value.response.token !== undefined
        ? 'token is a string'
        : 'token is absent (allowed by the contract)';
    return { result: 'passed', detail: `answer and duration are strings; ${token}` };
  }
  if (result.error.code === 'contract') return { result: 'failed', detail: result.error.message };
  return { result: 'not_checked', detail: `no answer to check (${result.error.code})` };
}

/** What an exchange asked: an invoke or a guideline fetch (a save to a file was one of the two, sent again). */
export type Asked = { what: 'invoke'; agentId: string; text: string; payload: JsonObject } | { what: 'guideline'; guidelineId: string };

/** What was asked: a save to a file is stated as the invoke or guideline fetch it sent again. */
export function askedOf(source: HistoryExchange): Asked {
  const asked =
    source.what === 'saved'
      ? source.request
      : source.what === 'invoke'
        ? { kind: 'invoke' as const, request: source.request }
        : { kind: 'guideline' as const, request: source.request };
  if (asked.kind === 'invoke')
    return { what: 'invoke', agentId: asked.request.agentId, text: asked.request.text, payload: asked.request.payload };
  return { what: 'guideline', guidelineId: asked.request.guidelineId };
}

/** The report's view of one exchange (see ReportEntry). */
export function reportEntry(source: ReportSource): ReportEntry {
  const exchange = source.result.ok ? source.result.value.exchange : source.result.error.exchange;
  const request = askedOf(source);
  const invoke = request.what === 'invoke' ? request : null;
  let answer: ReportEntry['answer'] = null;
  let serverDuration: ReportEntry['timing']['serverDuration'] = null;
  if (source.what === 'invoke' && source.result.ok) {
    const { response } = source.result.value;
    answer = { what: 'invoke', answer: response.answer, duration: response.duration, token: response.token ?? null };
    serverDuration = { raw: source.result.value.serverDuration.raw, ms: source.result.value.serverDuration.ms };
  } else if (source.what === 'guideline' && source.result.ok) {
    const { name, description, content } = source.result.value.guideline;
    answer = { what: 'guideline', name, description, content };
  } else if (source.what === 'saved' && source.result.ok) {
    const { path, bytes, limitReached, limitBytes } = source.result.value;
    answer = { what: 'saved', path, bytes, limitReached, limitBytes };
  }
  return {
    id: source.id ?? null,
    recordedAt: source.recordedAt,
    kind: kindOf(source),
    profile: { id: source.profile.id, name: source.profile.name, baseUrl: source.profile.baseUrl },
    request: {
      what: request.what,
      targetId: request.what === 'invoke' ? request.agentId : request.guidelineId,
      method: exchange?.method ?? (invoke ? 'POST' : 'GET'),
      url: exchange?.url ?? null,
      text: invoke?.text ?? null,
      payload: invoke?.payload ?? null,
      bodyAsSent: exchange?.requestBody ?? null,
    },
    outcome: {
      ok: source.result.ok,
      status: exchange?.status ?? null,
      statusText: exchange && exchange.status !== null ? exchange.statusText : null,
      error: source.result.ok ? null : { code: source.result.error.code, message: source.result.error.message },
    },
    answer,
    contractCheck: contractCheckOf(source),
    tokenPresent: answer?.what === 'invoke' && answer.token !== null && answer.token !== '',
    timing: {
      serverDuration,
      roundTripMs: exchange?.roundTripMs ?? null,
      startedAt: exchange?.startedAt ?? null,
      phases: orderedPhases(exchange?.timing ?? null),
    },
    response: responseOf(exchange),
  };
}
