import type { ErrorCode, ExchangeRecord } from '../../electron/shared/api';

/** How an error looks: danger for failures of the call, warning for "nothing was sent". */
export type ErrorTone = 'danger' | 'warning';

export interface ErrorKind {
  title: string;
  tone: ErrorTone;
}

/**
 * One title per stable error code. Titles describe what happened from the user's side; the
 * host's `message` follows underneath with the detail. Branching is on `code` only.
 */
const KINDS: Record<ErrorCode, ErrorKind> = {
  http_status: { title: 'HTTP error', tone: 'danger' },
  not_json: { title: "The server's answer is not JSON", tone: 'danger' },
  contract: { title: 'The answer does not match the contract', tone: 'danger' },
  network: { title: 'Could not reach the server', tone: 'danger' },
  timeout: { title: 'No answer in time', tone: 'danger' },
  too_large: { title: 'The answer is too large', tone: 'danger' },
  no_key: { title: 'No API key for this profile', tone: 'warning' },
  key_origin: { title: 'The key was saved for another server', tone: 'warning' },
  invalid_argument: { title: 'The request was refused before sending', tone: 'warning' },
  cancelled: { title: 'The request was cancelled', tone: 'warning' },
  internal: { title: 'Agent Explorer hit an internal error', tone: 'danger' },
  profile_changed: { title: 'The active profile changed: nothing was sent', tone: 'warning' },
  bad_suite: { title: 'The suite has problems: nothing was sent', tone: 'warning' },
};

/** The title and tone for an error; `http_status` names the status, e.g. "HTTP 404 Not Found". */
export function errorKind(code: ErrorCode, exchange: ExchangeRecord | null): ErrorKind {
  const kind = KINDS[code];
  if (code === 'http_status' && exchange?.status != null) {
    return { ...kind, title: `HTTP ${exchange.status} ${exchange.statusText}`.trim() };
  }
  return kind;
}

/** A readable message for something thrown by the host call (the host itself is unreachable). */
export function thrownMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The call to the Agent Explorer host failed.';
}
