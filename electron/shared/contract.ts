/**
 * The one contract between the renderer and the host (Electron main, or the browser-mode host).
 *
 * Every method the renderer may call is declared here once. The core service, the IPC
 * registration, the preload bridge, the browser-mode HTTP client and the test fake all
 * implement `Api`, and the argument validators are a record keyed by `keyof Api`, so adding
 * a method here breaks the build until every side has it.
 *
 * Rules that keep the boundary safe:
 * - Every method takes at most one argument, a plain JSON value (it crosses IPC or HTTP).
 * - No type here carries the API key. Key status is `KeyStatus`, never the key itself.
 * - Failures the user should see are data (`Result` with a stable `code`), not exceptions.
 */

/** Stable error codes: callers branch on these, never on message text. */
export const ERROR_CODES = [
  'invalid_argument',
  'no_key',
  'key_origin',
  'timeout',
  'network',
  'http_status',
  'not_json',
  'contract',
  'too_large',
  'cancelled',
  'internal',
  'profile_changed',
  'bad_suite',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A failure a person can read: `message` is one plain sentence, `code` is for code. */
export interface AppError {
  code: ErrorCode;
  message: string;
  /** The input field the problem is about, when there is one (e.g. "baseUrl"), for forms. */
  field?: string;
}

export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

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

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

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

export type HostKind = 'electron' | 'browser';

export interface AppInfo {
  name: string;
  version: string;
  host: HostKind;
  /**
   * The desktop app's answer to "do my pages run in Chromium's sandbox?": false when it was
   * started with --no-sandbox (the AppImage's launcher adds it where user namespaces are
   * blocked), and the page then says so. Absent in browser mode: the browser's sandbox is the
   * browser's own.
   */
  sandboxed?: boolean;
}

/** Whether a profile has a key and where it is kept. Never the key, nor any part of it. */
export interface KeyStatus {
  set: boolean;
  /** keychain: encrypted by the OS store on disk; memory: this session only; environment: from AGENT_EXPLORER_API_KEY. */
  storage: 'keychain' | 'memory' | 'environment' | 'none';
  /** Plain words a person should read about where the key is kept, e.g. why it is not saved. */
  note: string | null;
  /**
   * The origin (scheme://host:port) the key is bound to: it was saved for that server and is
   * sent to no other. Changing the profile's base URL to another origin clears the key.
   */
  origin?: string | null;
}

/**
 * How the key is put on a request; the contract leaves it open. Bearer is the default:
 * `Authorization: Bearer <key>`; scheme: `Authorization: <scheme> <key>`; header:
 * `<header>: <key>`; query: `?<param>=<key>`.
 */
export type KeyPresentation =
  | { kind: 'bearer' }
  | { kind: 'scheme'; scheme: string }
  | { kind: 'header'; header: string }
  | { kind: 'query'; param: string };

export interface TlsSettings {
  /** Verify the server's certificate. On unless the user turns it off for this profile. */
  verify: boolean;
  /** A PEM file of extra trusted CA certificates (e.g. a corporate proxy's), or null. */
  caFile: string | null;
  /** The certificate presented when a server asks for one; absent or null: none. */
  clientCert?: ClientCertSettings | null;
}

/**
 * A client certificate, as files on this computer: a PEM certificate and its key, or one PKCS#12
 * file (.p12/.pfx). A passphrase for the key is kept like the API key (setProfileSecret), never here.
 */
export type ClientCertSettings = { kind: 'pem'; certFile: string; keyFile: string } | { kind: 'pkcs12'; file: string };

/**
 * How a profile's requests reach the server. system (the default): in the desktop app what the
 * operating system's settings say for each URL (PAC and WPAD included, as Chrome sees them); in
 * browser mode and on the command line HTTP_PROXY, HTTPS_PROXY and NO_PROXY. none: directly.
 * manual: through this http: or https: proxy, except for the hosts in `bypass` (NO_PROXY's
 * entries: a host, .domain, an IP address or range, host:port, or *). HTTPS goes through the
 * proxy with CONNECT, so the proxy never sees the request or its key. The proxy's password is
 * kept like the API key (setProfileSecret), never here.
 */
export type ProxySettings =
  | { mode: 'system' }
  | { mode: 'none' }
  | { mode: 'manual'; url: string; username: string | null; bypass: string[] };

/** The secrets of a profile besides its key, each write-only like the key. */
export type ProfileSecretName = 'proxyPassword' | 'certPassphrase';

/**
 * Whether each of a profile's other secrets is set and where it is kept (never the secret).
 * The proxy password is bound to the proxy's origin, and the passphrase to the certificate
 * file it opens: pointing the setting elsewhere clears it.
 */
export type ProfileSecretsStatus = Record<ProfileSecretName, KeyStatus>;

export interface SetProfileSecretRequest {
  profileId: string;
  name: ProfileSecretName;
  /** Kept exactly as given (a passphrase may begin or end with a space); never read back. */
  value: string;
}

export interface ProfileSecretRef {
  profileId: string;
  name: ProfileSecretName;
}

export type ProfileKind = 'sandbox' | 'environment' | 'custom';

/** Something risky about a profile, shown wherever the profile is shown. */
export interface ProfileWarning {
  code: 'insecure_http' | 'tls_unverified' | 'custom_ca' | 'proxy_plain_password';
  message: string;
}

/** What a person edits: everything about a profile except its id and key. */
export interface ProfileInput {
  name: string;
  baseUrl: string;
  auth: KeyPresentation;
  /** Time-out of a whole exchange, in milliseconds. */
  timeoutMs: number;
  tls: TlsSettings;
  /** Allow plain http: to a host that is not loopback. Off by default; shown as a warning. */
  allowInsecureHttp: boolean;
  /** How requests reach the server; absent: the system's settings. */
  proxy?: ProxySettings;
}

export interface ProfileSummary extends ProfileInput {
  id: string;
  kind: ProfileKind;
  /** False for the Sandbox and Environment profiles, which the user cannot change or delete. */
  editable: boolean;
  key: KeyStatus;
  /** The proxy password and the client certificate's passphrase: set or not, never the secret. */
  secrets: ProfileSecretsStatus;
  proxy: ProxySettings;
  warnings: ProfileWarning[];
}

export interface ProfilesState {
  profiles: ProfileSummary[];
  activeProfileId: string;
}

export interface SelectProfileRequest {
  profileId: string;
}

export interface ProfileRef {
  profileId: string;
}

export interface UpdateProfileRequest {
  profileId: string;
  profile: ProfileInput;
}

/** The profiles after a change, and the id of the profile the change made or touched. */
export interface ProfileChange {
  state: ProfilesState;
  profileId: string;
  /** True when the change moved the profile to another origin, so its key was cleared. */
  keyCleared?: boolean;
}

export interface SetKeyRequest {
  profileId: string;
  /** Trimmed of surrounding whitespace and newlines before it is kept. */
  key: string;
  /**
   * The base URL the person saw when giving the key. The key is bound to the profile's origin;
   * when this is given and the profile meanwhile points at another origin, the key is refused
   * (`key_origin`), so a change made behind the person's back cannot receive it.
   */
  forBaseUrl?: string;
}

export interface DetectRequest {
  profileId: string;
  /** A guideline to GET with each presentation: a GET has no side effects, an invoke might. */
  guidelineId: string;
}

/** One try of Detect: which presentation, and what the server said to it. */
export interface DetectAttempt {
  presentation: KeyPresentation;
  /** The presentation in words, e.g. "Authorization: Bearer <key>". */
  label: string;
  status: number | null;
  /** accepted: not 401/403 (kept); rejected: 401/403; failed: no HTTP answer (network, time-out). */
  outcome: 'accepted' | 'rejected' | 'failed';
  message: string;
}

export interface DetectReport {
  attempts: DetectAttempt[];
  /** The presentation now saved on the profile, or null when none was accepted. */
  chosen: KeyPresentation | null;
  state: ProfilesState;
  /**
   * Only for the Environment profile, which is never saved: the chosen presentation applies
   * until Agent Explorer quits, and this is the variable setting that makes it permanent,
   * e.g. "AGENT_EXPLORER_AUTH=header:X-API-Key".
   */
  environmentSetting?: string;
}

/** An agent the app knows of for the active profile (the API itself has no list). */
export interface KnownAgent {
  id: string;
  name: string;
  description: string;
  /** Placeholder names the agent's prompt is known to use. */
  placeholders: string[];
  /** A ready-made input that shows the agent off, offered when the agent is picked. */
  example: { text: string; payload: JsonObject } | null;
}

/** A guideline the app knows of for the active profile. */
export interface KnownGuideline {
  id: string;
  name: string;
  description: string;
}

export interface CancelRequest {
  requestId: string;
}

/** Settings of the app as a whole (not of one profile). */
export interface AppSettings {
  /** Responses larger than this are aborted and reported as too large. Default 50 MB. */
  maxResponseBytes: number;
  /** "Save to a file" stops writing at this many bytes of the answer. Default 256 MB. */
  maxSavedFileBytes: number;
  /** How much history is kept (pinned entries always are). Default: everything. */
  historyRetention: HistoryRetention;
}

/** One request tab's draft, kept by the host across restarts. */
export interface TabDraft {
  id: string;
  /** What the tab is called; empty means "use the agent's name or id". */
  title: string;
  agentId: string;
  text: string;
  /** The payload editor's text, exactly as typed (it may be invalid JSON mid-edit). */
  payloadText: string;
  /**
   * The profile the tab was made for (it is sent there, or the user is asked first). Absent in
   * drafts saved before tabs carried a profile: those take the profile active when loaded.
   */
  profileId?: string;
}

export interface Workspace {
  tabs: TabDraft[];
  activeTabId: string | null;
  /**
   * The host's count of changes to the tabs, so a page can say which version its changes were
   * made on. Absent in workspace.json files written before it existed (read as 0).
   */
  revision?: number;
}

/**
 * One page's changes to the tabs since the workspace revision it last saw. Several pages (browser
 * tabs) can share one workspace: each sends only what it changed and the host merges, so no page
 * overwrites tabs another page is editing. Tabs are keyed by their random id.
 */
export interface WorkspaceChanges {
  /** The `revision` of the workspace this page last received (0 for none). */
  baseRevision: number;
  /** A random id of this page, so its own saves in a row are never taken for a conflict. */
  writer: string;
  /** Tabs this page added or changed, whole, in its strip order. */
  tabs: TabDraft[];
  /** Ids of tabs this page closed. A tab changed meanwhile by another page is kept: nothing typed is lost. */
  closed: string[];
  /** The tab in front in this page (what a newly opened page starts on). */
  activeTabId: string | null;
}

/**
 * What the user knows about an agent of the active profile, kept locally (the API has no list
 * of agents). `placeholders` are the ones the user entered; `learnedKeys` are the payload keys
 * of requests that were answered 2xx, learned by the host.
 */
export interface CatalogAgent {
  agentId: string;
  name: string;
  notes: string;
  tags: string[];
  placeholders: string[];
  learnedKeys: string[];
  /** ISO 8601. */
  updatedAt: string;
}

/**
 * An entry as the user saves it. `learnedKeys`, when given, is the learned keys the user kept
 * after reviewing them: learned keys not in it are removed (a typo the platform happened to
 * accept). It can only remove: keys are learned from answers, or entered as placeholders.
 */
export type CatalogAgentInput = Omit<CatalogAgent, 'learnedKeys' | 'updatedAt'> & { learnedKeys?: string[] };

export interface CatalogAgentRef {
  agentId: string;
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

export * from './historyContract';
export * from './workspaceFileContract';
export * from './libraryContract';
export * from './runsContract';
export * from './checklistContract';
import type { EntryChecklist, EntryChecklistsRequest, SaveEntryChecklistRequest } from './checklistContract';
export * from './guidelineTabsContract';
import type {
  GuidelineCopy,
  GuidelineVersionRequest,
  GuidelineVersionSummary,
  LibraryAddReport,
  LibraryAddRequest,
  LibraryGuideline,
  LibraryGuidelineRef,
  LibraryLabelsRequest,
  LibraryPinRequest,
  LibraryRemoveRequest,
  LibraryRequest,
  LibrarySearchHit,
  LibrarySearchRequest,
} from './libraryContract';
import type {
  CompareRunsRequest,
  ExportRunRequest,
  ListRunsRequest,
  OpenedSuiteFile,
  RunComparison,
  RunExportFile,
  RunLatency,
  RunMatrix,
  RunProgress,
  RunRecord,
  RunRef,
  RunResultDetail,
  RunResultRef,
  RunResultsPage,
  RunResultsQuery,
  RunStarted,
  RunStartError,
  StartRunRequest,
} from './runsContract';
import type { GuidelineTabs, GuidelineTabsChanges } from './guidelineTabsContract';
import type {
  ClearHistoryRequest,
  DeleteHistoryRequest,
  HistoryCounts,
  HistoryEntry,
  HistoryEntryRef,
  HistoryRemoved,
  HistoryRetention,
  HistoryPage,
  HistoryQuery,
  HistoryReportFile,
  HistoryReportRequest,
  HistorySearchPage,
  HistorySearchRequest,
  LastResponsesRequest,
  PinHistoryRequest,
  TabLastResponse,
} from './historyContract';
import type { WorkspaceFileError, WorkspaceFileExport, WorkspaceImportPreview, WorkspaceImportReport, WorkspaceImportRequest } from './workspaceFileContract';

/** Everything the renderer may ask of its host. */
export interface Api {
  getAppInfo(): Promise<AppInfo>;
  listProfiles(): Promise<ProfilesState>;
  selectProfile(request: SelectProfileRequest): Promise<Result<ProfilesState>>;
  /** Creates a profile (it becomes active). */
  createProfile(request: ProfileInput): Promise<Result<ProfileChange>>;
  updateProfile(request: UpdateProfileRequest): Promise<Result<ProfileChange>>;
  /** Copies a profile's settings under a new name; the key is not copied. */
  duplicateProfile(request: ProfileRef): Promise<Result<ProfileChange>>;
  deleteProfile(request: ProfileRef): Promise<Result<ProfilesState>>;
  /** Write-only: sets or replaces the key. Nothing ever reads it back. */
  setProfileKey(request: SetKeyRequest): Promise<Result<KeyStatus>>;
  clearProfileKey(request: ProfileRef): Promise<Result<KeyStatus>>;
  /** Write-only, like the key: sets the proxy password or the client certificate's passphrase. */
  setProfileSecret(request: SetProfileSecretRequest): Promise<Result<KeyStatus>>;
  clearProfileSecret(request: ProfileSecretRef): Promise<Result<KeyStatus>>;
  /** Tries each key presentation with a GET of a guideline and keeps the first not refused. */
  detectKeyPresentation(request: DetectRequest): Promise<Result<DetectReport>>;
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
  getSettings(): Promise<AppSettings>;
  updateSettings(request: Partial<AppSettings>): Promise<Result<AppSettings>>;
  /** The request tabs as they were left, across restarts. */
  loadWorkspace(): Promise<Workspace>;
  /** Merges a page's changes into the saved workspace; answers the merged workspace (other pages' tabs too). */
  saveWorkspace(request: WorkspaceChanges): Promise<Result<Workspace>>;
  /** The local agent catalog of the active profile. */
  listCatalog(): Promise<CatalogAgent[]>;
  saveCatalogAgent(request: CatalogAgentInput): Promise<Result<CatalogAgent[]>>;
  deleteCatalogAgent(request: CatalogAgentRef): Promise<Result<CatalogAgent[]>>;
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
  /** The workspace (profiles without keys, agent catalog, request tabs) as a workspace file's text. */
  exportWorkspaceFile(): Promise<Result<WorkspaceFileExport>>;
  /** What importing a workspace file would do, item by item, with the choices given so far. Writes nothing. */
  previewWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportPreview, WorkspaceFileError>>;
  /** Imports a workspace file once every clash has a choice; reports what was and was not taken. */
  applyWorkspaceImport(request: WorkspaceImportRequest): Promise<Result<WorkspaceImportReport, WorkspaceFileError>>;
  /** Pins or unpins an entry; answers its new state (an error when there is no such entry). */
  pinHistoryEntry(request: PinHistoryRequest): Promise<Result<{ pinned: boolean }>>;
  /** Deletes these entries, pinned or not (ask the user first). */
  deleteHistoryEntries(request: DeleteHistoryRequest): Promise<Result<HistoryRemoved>>;
  /** Deletes every entry, or every unpinned one (ask the user first). */
  clearHistory(request: ClearHistoryRequest): Promise<Result<HistoryRemoved>>;
  /** How many entries there are and how many are pinned (for Clear all's confirmation). */
  countHistory(): Promise<Result<HistoryCounts>>;
  /** A profile's guideline library (issue 9): pinned first, then by name. */
  listGuidelineLibrary(request: LibraryRequest): Promise<Result<LibraryGuideline[]>>;
  /** Adds pasted ids (a list, or links holding them), reporting each item; new ones are fetched when the profile is active. */
  addToGuidelineLibrary(request: LibraryAddRequest): Promise<Result<LibraryAddReport>>;
  /** Removes guidelines from the library, with their kept versions; answers the library after. */
  removeFromGuidelineLibrary(request: LibraryRemoveRequest): Promise<Result<LibraryGuideline[]>>;
  pinLibraryGuideline(request: LibraryPinRequest): Promise<Result<LibraryGuideline>>;
  /** Sets the person's own title and tags (the server's name and description stay as they are). */
  setLibraryGuidelineLabels(request: LibraryLabelsRequest): Promise<Result<LibraryGuideline>>;
  /** Full-text search of names, descriptions, content, titles and tags, best match first, with the passage. */
  searchGuidelineLibrary(request: LibrarySearchRequest): Promise<Result<LibrarySearchHit[]>>;
  /** The kept versions of a guideline, newest first. */
  listGuidelineVersions(request: LibraryGuidelineRef): Promise<Result<GuidelineVersionSummary[]>>;
  /** A kept version in full (the latest when none is named): the offline copy, marked with when it was fetched. */
  getGuidelineVersion(request: GuidelineVersionRequest): Promise<Result<GuidelineCopy>>;
  /** Marks the latest version read: "changed since you last read it" then waits for the next change. */
  markGuidelineRead(request: LibraryGuidelineRef): Promise<Result<LibraryGuideline>>;
  /** The checklists kept with a history entry (issue 9): a guideline's rules marked against its answer. */
  listEntryChecklists(request: EntryChecklistsRequest): Promise<Result<EntryChecklist[]>>;
  /** Keeps a checklist with its history entry, replacing that guideline's earlier one there. */
  saveEntryChecklist(request: SaveEntryChecklistRequest): Promise<Result<EntryChecklist>>;
  /** The open guideline tabs and the guideline beside the workbench, kept across restarts. */
  loadGuidelineTabs(): Promise<GuidelineTabs>;
  /** Merges a page's opened and closed guideline tabs into the kept ones; answers the result. */
  saveGuidelineTabs(request: GuidelineTabsChanges): Promise<Result<GuidelineTabs>>;
  /**
   * Desktop only: searches the page with Chromium's find (Electron has no find bar of its own).
   * The core cannot see the page, so it refuses; the Electron shell answers these two itself.
   * Browser mode never calls them: the browser's own find works there.
   */
  findInPage(request: FindInPageRequest): Promise<Result<FindInPageResult>>;
  /** Ends the search and clears its highlights, keeping the active match selected. */
  stopFindInPage(): Promise<Result<{ stopped: boolean }>>;
  /**
   * Desktop only: asks where to save a file the app made (a QA report, a workspace file) with
   * the system's save dialog, and writes it there. The core has no window to put a dialog on,
   * so it refuses; the Electron shell answers it. Browser mode never calls it: the page
   * downloads the file instead (renderer/queries/saveTextFile.ts).
   */
  saveTextFile(request: SaveTextFileRequest): Promise<Result<SavedTextFile>>;
  /**
   * Runs (issue 10): checks the suite in full and, when it has no problem, starts it on the
   * host's runner and answers at once; progress comes as HostEvents.onRunProgress. A bad suite
   * answers `bad_suite` with every problem, and nothing is sent.
   */
  startRun(request: StartRunRequest): Promise<Result<RunStarted, RunStartError>>;
  /** Stops new requests at once and aborts those in flight; false when the run had already ended. */
  cancelRun(request: RunRef): Promise<Result<{ cancelled: boolean }>>;
  /** Kept runs, newest first. */
  listRuns(request: ListRunsRequest): Promise<Result<RunRecord[]>>;
  getRun(request: RunRef): Promise<Result<RunRecord>>;
  /** A page of a run's results in plan order (all, or only the failures). */
  listRunResults(request: RunResultsQuery): Promise<Result<RunResultsPage>>;
  /** One result in full, to open in the Response view. */
  getRunResult(request: RunResultRef): Promise<Result<RunResultDetail>>;
  getRunLatency(request: RunRef): Promise<Result<RunLatency>>;
  getRunMatrix(request: RunRef): Promise<Result<RunMatrix>>;
  compareRuns(request: CompareRunsRequest): Promise<Result<RunComparison>>;
  /** Deletes a run that has ended, with its results. */
  deleteRun(request: RunRef): Promise<Result<{ deleted: boolean }>>;
  /** A run as JUnit XML, JSON, CSV or the self-contained HTML report, for the page to save. */
  exportRun(request: ExportRunRequest): Promise<Result<RunExportFile>>;
  /**
   * Desktop only: asks which suite file to open, and reads it with the data file it names. Null
   * when the person cancelled. A browser page opens files itself (renderer/queries/suiteFiles.ts).
   */
  openSuiteFile(): Promise<Result<OpenedSuiteFile | null>>;
  /**
   * The Runs section's unsaved suite, as the page last saved it (its editor's own document), or
   * null when none is kept. Kept by the host so it outlives a restart in browser mode too, where
   * the page's origin (and so its storage) changes with the host's port.
   */
  loadSuiteDraft(): Promise<Result<{ draft: JsonObject | null }>>;
  /** Keeps the suite being edited (null forgets it); a draft over 20 MB as JSON is `too_large`. */
  saveSuiteDraft(request: SuiteDraftSave): Promise<Result<{ kept: boolean }>>;
}

/** saveSuiteDraft's argument. */
export interface SuiteDraftSave {
  draft: JsonObject | null;
}

/** The kinds of file the app saves; each has its extension and its filter in the save dialog. */
export const SAVED_FILE_TYPES = {
  'text/html': { extension: 'html', label: 'HTML page' },
  'application/json': { extension: 'json', label: 'JSON file' },
  'text/markdown': { extension: 'md', label: 'Markdown text' },
  'application/xml': { extension: 'xml', label: 'XML file' },
  'text/csv': { extension: 'csv', label: 'CSV file' },
} as const;

export type SavedFileMediaType = keyof typeof SAVED_FILE_TYPES;

export interface SaveTextFileRequest {
  /** A file name without folders (e.g. "qa-report-2026-11-23.html"), offered in the dialog. */
  suggestedName: string;
  /** The whole file, written as UTF-8. */
  content: string;
  mediaType: SavedFileMediaType;
}

export interface SavedTextFile {
  /** False when the user cancelled the dialog: nothing was written. */
  saved: boolean;
  /** Where it was written; null when cancelled, or in a browser (the browser chooses). */
  path: string | null;
}

export interface FindInPageRequest {
  text: string;
  /** Towards the end of the page (true) or back towards its start. */
  forward: boolean;
  /** A new search (the text changed), or false: move to the next or previous match of this one. */
  newSearch: boolean;
}

export interface FindInPageResult {
  /** How many matches the page holds. */
  matches: number;
  /** Which one is highlighted now, from 1; 0 when there is none. */
  activeMatchOrdinal: number;
}

/**
 * What the host tells the page without being asked. One
 * named subscription per event, never a generic `on(channel)`; each returns its unsubscribe.
 */
export interface HostEvents {
  /** The menu's Find in Page (Ctrl/Cmd+F) was chosen: open the find bar. */
  onFindRequested(listener: () => void): () => void;
  /**
   * A run's progress (issue 10), for every run of this host, batched. Browser mode has this one
   * too, as Server-Sent Events on the host (electron/web/), behind the same session checks.
   */
  onRunProgress(listener: (progress: RunProgress) => void): () => void;
  /**
   * Optional (browser mode only): the event stream has just opened or reopened. Events sent
   * while it was down (or before it first opened) are not replayed, so a view that follows a
   * run reads it again (getRun, listRunResults); otherwise a run that ended during a drop would
   * stay "running" on the page. The desktop's IPC has no such gap and does not offer it.
   */
  onEventsResumed?(listener: () => void): () => void;
}

/** The IPC channel of a main-to-page event. */
export function eventChannel(event: keyof HostEvents): string {
  return `agent-explorer:event:${event}`;
}

export type ApiMethod = keyof Api;

/** The argument type of a method, or `undefined` for methods without one. */
export type ApiArgument<M extends ApiMethod> = Parameters<Api[M]> extends [infer A] ? A : undefined;

/** The resolved result type of a method. */
export type ApiReturn<M extends ApiMethod> = Awaited<ReturnType<Api[M]>>;

/**
 * Every method name, checked against `Api` both ways: a name that is not a method fails,
 * and a method missing from the list fails.
 */
export const API_METHODS = [
  'getAppInfo',
  'listProfiles',
  'selectProfile',
  'createProfile',
  'updateProfile',
  'duplicateProfile',
  'deleteProfile',
  'setProfileKey',
  'clearProfileKey',
  'setProfileSecret',
  'clearProfileSecret',
  'detectKeyPresentation',
  'listKnownAgents',
  'listKnownGuidelines',
  'invokeAgent',
  'cancelRequest',
  'getGuideline',
  'saveResponseToFile',
  'getSettings',
  'updateSettings',
  'loadWorkspace',
  'saveWorkspace',
  'listCatalog',
  'saveCatalogAgent',
  'deleteCatalogAgent',
  'findInPage',
  'stopFindInPage',
  'saveTextFile',
  'listHistory',
  'getHistoryEntry',
  'searchHistory',
  'lastResponses',
  'buildHistoryReport',
  'exportWorkspaceFile',
  'previewWorkspaceImport',
  'applyWorkspaceImport',
  'pinHistoryEntry',
  'deleteHistoryEntries',
  'clearHistory',
  'countHistory',
  'listGuidelineLibrary',
  'addToGuidelineLibrary',
  'removeFromGuidelineLibrary',
  'pinLibraryGuideline',
  'setLibraryGuidelineLabels',
  'searchGuidelineLibrary',
  'listGuidelineVersions',
  'getGuidelineVersion',
  'markGuidelineRead',
  'listEntryChecklists',
  'saveEntryChecklist',
  'loadGuidelineTabs',
  'saveGuidelineTabs',
  'startRun',
  'cancelRun',
  'listRuns',
  'getRun',
  'listRunResults',
  'getRunResult',
  'getRunLatency',
  'getRunMatrix',
  'compareRuns',
  'deleteRun',
  'exportRun',
  'openSuiteFile',
  'loadSuiteDraft',
  'saveSuiteDraft',
] as const satisfies readonly ApiMethod[];

type Unlisted = Exclude<ApiMethod, (typeof API_METHODS)[number]>;
/** Compile-time proof that `API_METHODS` lists every method of `Api`. */
export const API_METHODS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

/** The IPC channel for a method: one channel per method, never a generic one. */
export function ipcChannel(method: ApiMethod): string {
  return `agent-explorer:${method}`;
}

/** The browser-mode HTTP path for a method. */
export function rpcPath(method: ApiMethod): string {
  return `/rpc/${method}`;
}

/** Name of the header that carries a browser-mode page's secret (one half of its session: electron/web/session.ts). */
export const LAUNCH_SECRET_HEADER = 'x-agent-explorer-secret';

/** Browser mode: where a page spends the one-time token of its address for a session (POST `{ token }`). */
export const SESSION_PATH = '/session';
