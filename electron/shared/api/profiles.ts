import type { Result } from './common';

/**
 * Profiles: which server, how the key is presented, TLS, the proxy, and the secrets kept for
 * each (write-only: set, clear and status, never read back).
 */

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
  { kind: 'bearer' } | { kind: 'scheme'; scheme: string } | { kind: 'header'; header: string } | { kind: 'query'; param: string };

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
  { mode: 'system' } | { mode: 'none' } | { mode: 'manual'; url: string; username: string | null; bypass: string[] };

/** The secrets of a profile besides its key, each write-only like the key. */
export type ProfileSecretName = 'proxyPassword' | 'certPassphrase';

/**
 * Whether each of a profile's other secrets is set and where it is kept (never the secret).
 * The proxy password is bound to the proxy's origin, and the passphrase to the certificate
 * file it opens: pointing the setting elsewhere clears it.
 */
export type ProfileSecretsStatus = Record<ProfileSecretName, KeyStatus>;

interface SetProfileSecretRequest {
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

interface SelectProfileRequest {
  profileId: string;
}

interface ProfileRef {
  profileId: string;
}

interface UpdateProfileRequest {
  profileId: string;
  profile: ProfileInput;
}

/** The profiles after a change, and the id of the profile the change made or touched. */
interface ProfileChange {
  state: ProfilesState;
  profileId: string;
  /** True when the change moved the profile to another origin, so its key was cleared. */
  keyCleared?: boolean;
}

interface SetKeyRequest {
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

interface DetectRequest {
  profileId: string;
  /**
   * A guideline to GET with each presentation (a GET has no side effects). Empty: each try is an
   * invoke of an agent id made up for it, with an empty text and payload (no agent runs), whose
   * 401/403 or 404 tells whether the key was taken.
   */
  guidelineId: string;
}

/** One try of Detect: which presentation, and what the server said to it. */
export interface DetectAttempt {
  presentation: KeyPresentation;
  /** The presentation in words, e.g. "Authorization: Bearer <key>". */
  label: string;
  status: number | null;
  /** accepted: not 401/403 (kept); rejected: 401/403; failed: no telling answer (network, time-out, a server error). */
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

/** The profiles' slice of the Api. */
export interface ProfilesApi {
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
  /** Tries each key presentation (a GET of a guideline, or an invoke of a made-up agent) and keeps the first not refused. */
  detectKeyPresentation(request: DetectRequest): Promise<Result<DetectReport>>;
}
