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
  'timeout',
  'network',
  'http_status',
  'not_json',
  'contract',
  'too_large',
  'cancelled',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A failure a person can read: `message` is one plain sentence, `code` is for code. */
export interface AppError {
  code: ErrorCode;
  message: string;
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
  /** Bytes of response body received (before decoding). */
  responseBytes: number;
  /** Time from starting the request to the end of the body (or the failure), measured in the host. */
  roundTripMs: number;
  /** When the request started, ISO 8601. */
  startedAt: string;
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
}

export interface InvokeSuccess {
  response: InvokeAnswer;
  serverDuration: ServerDuration;
  exchange: ExchangeRecord;
}

export type InvokeResult = Result<InvokeSuccess, PlatformError>;

export interface GuidelineRequest {
  guidelineId: string;
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
}

/** Whether a profile has a key and where it is kept. Never the key, nor any part of it. */
export interface KeyStatus {
  set: boolean;
  storage: 'memory' | 'keychain' | 'none';
}

export interface ProfileSummary {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'sandbox' | 'custom';
  key: KeyStatus;
}

export interface ProfilesState {
  profiles: ProfileSummary[];
  activeProfileId: string;
}

export interface SelectProfileRequest {
  profileId: string;
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

/** Everything the renderer may ask of its host. */
export interface Api {
  getAppInfo(): Promise<AppInfo>;
  listProfiles(): Promise<ProfilesState>;
  selectProfile(request: SelectProfileRequest): Promise<Result<ProfilesState>>;
  listKnownAgents(): Promise<KnownAgent[]>;
  listKnownGuidelines(): Promise<KnownGuideline[]>;
  invokeAgent(request: InvokeRequest): Promise<InvokeResult>;
  getGuideline(request: GuidelineRequest): Promise<GuidelineResult>;
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
  'listKnownAgents',
  'listKnownGuidelines',
  'invokeAgent',
  'getGuideline',
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

/** Name of the header that carries the browser-mode launch secret. */
export const LAUNCH_SECRET_HEADER = 'x-agent-explorer-secret';
