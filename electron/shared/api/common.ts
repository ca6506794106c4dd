/**
 * What every part of the contract shares: failures as data (`Result` with a stable code and a
 * sentence a person can act on) and the JSON values that cross IPC and HTTP. A leaf: it imports
 * nothing, so every other file of the contract may import it.
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

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
