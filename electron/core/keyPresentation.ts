import type { AppError, KeyPresentation } from '../shared/contract';
import { REDACTED } from './redact';

export { describePresentation, samePresentation } from '../shared/keyPresentation';

/**
 * How the key goes on a request. The contract leaves it open, so a profile says which of four
 * forms its server wants. This is the only place that puts a key on a request, and it also
 * builds the key-free URL that is recorded and shown.
 */

/** RFC 9110 token characters: what a header name or an auth scheme may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUERY_PARAM = /^[A-Za-z0-9._~-]+$/;
/** Headers that a key must not replace: they frame the request itself. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'accept', 'user-agent', 'cookie']);

export const DEFAULT_PRESENTATION: KeyPresentation = { kind: 'bearer' };

/** Narrows an untrusted value to a valid presentation, or says what is wrong with it. */
export function checkPresentation(raw: unknown): { ok: true; value: KeyPresentation } | { ok: false; error: AppError } {
  const fail = (message: string) => ({ ok: false as const, error: { code: 'invalid_argument' as const, message, field: 'auth' } });
  if (typeof raw !== 'object' || raw === null) return fail('Choose how the key is presented.');
  const record = raw as Record<string, unknown>;
  switch (record['kind']) {
    case 'bearer':
      return { ok: true, value: { kind: 'bearer' } };
    case 'scheme': {
      const scheme = typeof record['scheme'] === 'string' ? record['scheme'].trim() : '';
      if (!TOKEN.test(scheme) || scheme.length > 64) return fail('The scheme must be one word of letters, digits or -._~ (for example Api-Key or Token).');
      return { ok: true, value: { kind: 'scheme', scheme } };
    }
    case 'header': {
      const header = typeof record['header'] === 'string' ? record['header'].trim() : '';
      if (!TOKEN.test(header) || header.length > 64) return fail('The header name must be one word of letters, digits or - (for example X-API-Key).');
      if (RESERVED_HEADERS.has(header.toLowerCase())) return fail(`The key cannot be sent in the ${header} header.`);
      return { ok: true, value: { kind: 'header', header } };
    }
    case 'query': {
      const param = typeof record['param'] === 'string' ? record['param'].trim() : '';
      if (!QUERY_PARAM.test(param) || param.length > 64) return fail('The query parameter must be letters, digits or -._~ (for example api_key).');
      return { ok: true, value: { kind: 'query', param } };
    }
    default:
      return fail('Choose how the key is presented.');
  }
}

export interface PresentedRequest {
  /** The URL to call (with the key, for the query form). */
  url: URL;
  /** Headers to add (with the key, for the header forms). */
  headers: Record<string, string>;
  /** The URL as recorded and shown: the key replaced by a marker. */
  recordedUrl: string;
}

/** Puts the key on a request in the profile's form. */
/**
 * Whether `presentation` can carry `key` intact. A header carries printable ASCII only: Node
 * refuses other characters (a bare "Invalid character" network error) or, for Latin-1, sends
 * bytes the server would read as another key. The query form percent-encodes anything.
 */
export function canCarryKey(presentation: KeyPresentation, key: string): boolean {
  return presentation.kind === 'query' || /^[\x20-\x7e]*$/.test(key);
}

export function presentKey(presentation: KeyPresentation, key: string, url: URL): PresentedRequest {
  const recordedUrl = url.toString();
  switch (presentation.kind) {
    case 'bearer':
      return { url, headers: { authorization: `Bearer ${key}` }, recordedUrl };
    case 'scheme':
      return { url, headers: { authorization: `${presentation.scheme} ${key}` }, recordedUrl };
    case 'header':
      return { url, headers: { [presentation.header.toLowerCase()]: key }, recordedUrl };
    case 'query': {
      const withKey = new URL(url);
      withKey.searchParams.set(presentation.param, key);
      const shown = new URL(url);
      shown.searchParams.set(presentation.param, 'KEY');
      return { url: withKey, headers: {}, recordedUrl: shown.toString().replace(`${presentation.param}=KEY`, `${presentation.param}=${REDACTED}`) };
    }
  }
}

/** What Detect tries, in order, after the profile's own presentation. */
export const DETECT_CANDIDATES: readonly KeyPresentation[] = [
  { kind: 'bearer' },
  { kind: 'scheme', scheme: 'Token' },
  { kind: 'scheme', scheme: 'Api-Key' },
  { kind: 'header', header: 'X-API-Key' },
  { kind: 'header', header: 'Api-Key' },
  { kind: 'query', param: 'api_key' },
  { kind: 'query', param: 'apikey' },
];
