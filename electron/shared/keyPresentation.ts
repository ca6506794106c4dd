import type { AppError } from './api/common';
import type { KeyPresentation } from './api/profiles';

/**
 * How a key presentation reads to people, shared by the host (Detect's report, the Sandbox's
 * hints) and the renderer (the profile form), so both say it in the same words. Never with a
 * key: `<key>` stands in for it.
 */
export function describePresentation(presentation: KeyPresentation): string {
  switch (presentation.kind) {
    case 'bearer':
      return 'Authorization: Bearer <key>';
    case 'scheme':
      return `Authorization: ${presentation.scheme} <key>`;
    case 'header':
      return `${presentation.header}: <key>`;
    case 'query':
      return `?${presentation.param}=<key>`;
  }
}

/** Whether two presentations put the key on a request the same way (names compare case-blind, as HTTP does). */
export function samePresentation(a: KeyPresentation, b: KeyPresentation): boolean {
  return describePresentation(a).toLowerCase() === describePresentation(b).toLowerCase();
}

/** RFC 9110 token characters: what a header name or an auth scheme may contain. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUERY_PARAM = /^[A-Za-z0-9._~-]+$/;
/** Headers that a key must not replace: they frame the request itself. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'accept',
  'user-agent',
  'cookie',
]);

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
      if (!TOKEN.test(scheme) || scheme.length > 64)
        return fail('The scheme must be one word of letters, digits or -._~ (for example Api-Key or Token).');
      return { ok: true, value: { kind: 'scheme', scheme } };
    }
    case 'header': {
      const header = typeof record['header'] === 'string' ? record['header'].trim() : '';
      if (!TOKEN.test(header) || header.length > 64)
        return fail('The header name must be one word of letters, digits or - (for example X-API-Key).');
      if (RESERVED_HEADERS.has(header.toLowerCase())) return fail(`The key cannot be sent in the ${header} header.`);
      return { ok: true, value: { kind: 'header', header } };
    }
    case 'query': {
      const param = typeof record['param'] === 'string' ? record['param'].trim() : '';
      if (!QUERY_PARAM.test(param) || param.length > 64)
        return fail('The query parameter must be letters, digits or -._~ (for example api_key).');
      return { ok: true, value: { kind: 'query', param } };
    }
    default:
      return fail('Choose how the key is presented.');
  }
}

/** The presentation an AGENT_EXPLORER_AUTH value names (bearer, scheme:NAME, header:NAME, query:NAME), or null. */
export function parseAuthVariable(text: string): KeyPresentation | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'bearer') return DEFAULT_PRESENTATION;
  const match = /^(scheme|header|query):(.+)$/i.exec(trimmed);
  if (!match) return null;
  const kind = match[1]!.toLowerCase();
  const name = match[2]!;
  const raw = kind === 'scheme' ? { kind, scheme: name } : kind === 'header' ? { kind, header: name } : { kind, param: name };
  const checked = checkPresentation(raw);
  return checked.ok ? checked.value : null;
}

/**
 * The AGENT_EXPLORER_AUTH value for a presentation (the inverse of parseAuthVariable), so
 * Detect on the Environment profile can say how to make what it found permanent.
 */
export function authVariableValue(presentation: KeyPresentation): string {
  switch (presentation.kind) {
    case 'bearer':
      return 'bearer';
    case 'scheme':
      return `scheme:${presentation.scheme}`;
    case 'header':
      return `header:${presentation.header}`;
    case 'query':
      return `query:${presentation.param}`;
  }
}
