import type { KeyPresentation } from '../../shared/api';
import { REDACTED } from '../http/redact';

export { checkPresentation, DEFAULT_PRESENTATION, describePresentation, samePresentation } from '../../shared/keyPresentation';

/**
 * How the key goes on a request. The contract leaves it open, so a profile says which of four
 * forms its server wants. This is the only place that puts a key on a request, and it also
 * builds the key-free URL that is recorded and shown.
 */

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
      return {
        url: withKey,
        headers: {},
        recordedUrl: shown.toString().replace(`${presentation.param}=KEY`, `${presentation.param}=${REDACTED}`),
      };
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
