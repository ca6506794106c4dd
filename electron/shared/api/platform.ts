import type { AppError, JsonObject, Result } from './common';

/**
 * Calls to the platform: invoking an agent, reading a guideline, cancelling a request, saving a
 * large answer to a file; and the exchange record every one of them answers with. The key is
 * read in the host and never appears in anything here.
 */

/**
 * What was sent and what came back, as the user should see it. Built in the host after the
 * exchange; it never contains the key (headers that carry it are not recorded).
 */
export interface ExchangeRecord {
  method: 'GET' | 'POST';
  /** The URL as called, with no credentials in it. */
  url: string;
  /** The JSON body as sent, or null for GET. */
  requestBody: string | null;
  /** HTTP status, or null when no response arrived (network failure, time-out). */
  status: number | null;
  statusText: string;
  responseHeaders: Record<string, string>;
  /** The response body decoded as UTF-8 text; null when none arrived. Untrusted: render as text. */
  responseBody: string | null;
  /**
   * Bytes of response body read, after its content codings were undone (a gzip body counts its
   * decoded bytes here; `received.bytes` counts what came over the wire).
   */
  responseBytes: number;
  /**
   * True when `responseBody` holds only the start of the body. A successful answer crosses to
   * the renderer once, as the parsed answer; its raw copy is cut (at 256 KB) so a 30 MB answer
   * is not sent twice. An error body is cut at 256 KB too (a 40 MB error page must not cross
   * whole); its start is the evidence, and "save to a file" gets the rest.
   */
  responseBodyTruncated: boolean;
  /**
   * True when the host stopped reading the body at the cut (error bodies): `responseBytes` then
   * counts what was read, not the whole body. Absent means the body was read to its end.
   */
  responseReadStopped?: boolean;
  /** Time from starting the request to the end of the body (or the failure), measured in the host. */
  roundTripMs: number;
  /** When the request started, ISO 8601. */
  startedAt: string;
  /** Where the time went, measured on the socket in the host; null when no request was made. */
  timing: ExchangeTiming | null;
  /** What the TLS handshake agreed, for an https exchange whose connection was made; absent otherwise. */
  tls?: ExchangeTls;
  /**
   * The path the request took: null direct, or the proxy it went through as scheme://host:port
   * (never its credentials). Absent when no route was decided (nothing sent) and on older records.
   */
  via?: string | null;
  /**
   * The body as it came over the wire, before its content codings were undone: the encoding,
   * the bytes received and the first of them. Absent when no body arrived, and on older records.
   */
  received?: ReceivedBody;
}

/** How many of a body's first bytes, as received, an exchange record keeps (`ReceivedBody.head`). */
export const RECEIVED_HEAD_BYTES = 4096;

/**
 * A response body as it travelled, for the Raw view's "Bytes as received". Only the response:
 * the request is never in it.
 */
export interface ReceivedBody {
  /** The Content-Encoding as the server sent it (e.g. "gzip", "br, gzip"); null when it sent none. */
  encoding: string | null;
  /**
   * Bytes of body that came over the wire (after the chunked framing, before decoding). When
   * reading stopped early (the size cap, a cut error body, a failure), what had arrived by then.
   */
  bytes: number;
  /**
   * Base64 of the body's first bytes as received, at most RECEIVED_HEAD_BYTES of them; null when
   * not kept (`withheld` says why). In a body sent without a content coding, the key is replaced
   * by "[redacted key]" as in the body text; compressed bytes cannot be redacted, so they are kept
   * only when the decoded body was checked whole and holds no key.
   */
  head: string | null;
  /** True when the body went on past `head`: only its start is shown. */
  headTruncated: boolean;
  /**
   * True when `head` is left out because the bytes are exactly the body text's UTF-8 (a body sent
   * without a content coding, valid UTF-8, no byte-order mark): the record does not keep them
   * twice, and the view reads them from `responseBody`.
   */
  inBody?: true;
  /**
   * Why `head` is null: `key`, the compressed body held the key; `unread`, the compressed body
   * was not read and decoded whole (too large, cut, saved to a file, a failure part-way), so it
   * could not be checked for the key. (A body sent as it is keeps its head whenever it was read.)
   */
  withheld?: 'key' | 'unread';
}

/**
 * The TLS facts of an https exchange's connection (a reused connection's too). The names are
 * the server certificate's own text: untrusted, shown as text.
 */
export interface ExchangeTls {
  /** The protocol version agreed, e.g. "TLSv1.3"; null when the runtime could not say. */
  protocol: string | null;
  /** The server certificate's subject, e.g. "CN=platform.example.com, O=Example"; null when none was presented. */
  subject: string | null;
  /** Who issued it, e.g. "CN=Example Issuing CA, O=Example". */
  issuer: string | null;
}

/**
 * The phases of one exchange, in milliseconds, as a waterfall: each phase starts where the one
 * before it ended. A phase that did not happen is null (no DNS for an IP address; no DNS,
 * connect or TLS on a reused connection; no TLS over http:).
 */
export interface ExchangeTiming {
  dns: number | null;
  connect: number | null;
  tls: number | null;
  /** Writing the request, until its last byte was handed to the socket. */
  send: number | null;
  /** Waiting for the first byte of the response (server time plus one network round). */
  wait: number | null;
  /** From the first byte of the response to its last. */
  download: number | null;
  total: number;
  /** True when an open connection was reused (keep-alive), so there was no connect phase. */
  reusedConnection: boolean;
}

/** A failed call to the platform. `exchange` is null when nothing was sent (bad input, no key). */
export interface PlatformError extends AppError {
  exchange: ExchangeRecord | null;
}

export interface InvokeRequest {
  agentId: string;
  text: string;
  /** Values for the agent prompt's `{placeholders}`, keyed by placeholder name. */
  payload: JsonObject;
  /** Chosen by the caller, so the request can be cancelled while in flight (`cancelRequest`). */
  requestId?: string;
  /**
   * The profile this request was composed for. When given and it is not the active profile at
   * the moment of sending, the host refuses with `profile_changed` and sends nothing: a draft
   * never goes to another server (with that server's key) because the profile changed meanwhile.
   */
  profileId?: string;
  /**
   * The request tab it was sent from: kept with its history entry, so the tab shows its last
   * answer again after a restart (`lastResponses`). Never sent to the platform.
   */
  tabId?: string;
}

/** The platform's answer as the contract defines it. `token` may be absent. */
export interface InvokeAnswer {
  answer: string;
  duration: string;
  token?: string;
}

/** The server's own processing time: as sent, and in milliseconds when the format is understood. */
export interface ServerDuration {
  raw: string;
  /** null when the text is in a format we do not recognise: shown as unparsed, never guessed. */
  ms: number | null;
  /**
   * How far the true time may be from `ms` because the server rounded it, from the text's
   * precision ("0.4s" → 50, "850ms" → 0.5). Absent when unknown (treated as exact).
   */
  roundingMs?: number;
}

export interface InvokeSuccess {
  response: InvokeAnswer;
  serverDuration: ServerDuration;
  exchange: ExchangeRecord;
}

export type InvokeResult = Result<InvokeSuccess, PlatformError>;

export interface GuidelineRequest {
  guidelineId: string;
  /** As `InvokeRequest.profileId`: refused with `profile_changed` when not the active profile. */
  profileId?: string;
  /**
   * False for a read the person did not ask for (a guideline tab restored at start): kept in the
   * library as every read is, but not a History entry, so the requests QA cares about stay on top.
   */
  record?: boolean;
}

export interface Guideline {
  name: string;
  description: string;
  /** Markdown. Untrusted: rendered only through the sanitizing markdown view. */
  content: string;
}

export interface GuidelineSuccess {
  guideline: Guideline;
  exchange: ExchangeRecord;
}

export type GuidelineResult = Result<GuidelineSuccess, PlatformError>;

/** An agent the app knows of for the active profile (the API itself has no list). */
export interface KnownAgent {
  id: string;
  name: string;
  description: string;
  /** Placeholder names the agent's prompt is known to use. */
  placeholders: string[];
  /** A ready-made input that shows the agent off, offered when the agent is picked. */
  example: { text: string; payload: JsonObject } | null;
  /**
   * A judge agent: it answers verdicts on another agent's answer against a guideline's rules
   * (shared/judge/judgeRequest.ts says what it is sent). Absent for the others.
   */
  judge?: true;
}

/** A guideline the app knows of for the active profile. */
export interface KnownGuideline {
  id: string;
  name: string;
  description: string;
}

interface CancelRequest {
  requestId: string;
}

/**
 * A request whose answer should go to a file rather than memory (it was over the size cap).
 * Its request's `profileId`, when given, is checked as for `invokeAgent` and `getGuideline`.
 */
export type BodyTarget = { kind: 'invoke'; request: InvokeRequest } | { kind: 'guideline'; request: GuidelineRequest };

export interface SavedBody {
  /** Where the body was saved (a new file in the Downloads folder). */
  path: string;
  /** Bytes written to the file (the key, if echoed, is redacted there too). */
  bytes: number;
  /** True when the answer was longer than the limit: the file holds its first `limitBytes` bytes. */
  limitReached: boolean;
  /** The save-to-file limit in force (AppSettings.maxSavedFileBytes). */
  limitBytes: number;
  /** The exchange; `responseBody` is null since the body went to the file. Check `status`. */
  exchange: ExchangeRecord;
}

/** The platform's slice of the Api. */
export interface PlatformApi {
  listKnownAgents(): Promise<KnownAgent[]>;
  listKnownGuidelines(): Promise<KnownGuideline[]>;
  invokeAgent(request: InvokeRequest): Promise<InvokeResult>;
  /** Aborts the request with this id; it then ends with a `cancelled` error. False when none was in flight. */
  cancelRequest(request: CancelRequest): Promise<Result<{ cancelled: boolean }>>;
  getGuideline(request: GuidelineRequest): Promise<GuidelineResult>;
  /**
   * Sends the request again and streams its answer into a new file, with no size cap. It is a
   * new request (an invoke runs the agent again): ask the user before calling it.
   */
  saveResponseToFile(request: BodyTarget): Promise<Result<SavedBody, PlatformError>>;
}
