import type { AppError } from '../../shared/api';
import { invalid } from '../../shared/check';

/**
 * Builds the relative path for a platform resource from a user-typed id.
 *
 * The contract only says an id is "a string", so we do not insist on UUIDs. What we do insist
 * on is that no id can change which endpoint is called: the id is trimmed, percent-encoded
 * into one path segment (so `/`, `?`, `#` and `%` cannot escape it), and the two ids that URL
 * parsers treat as path navigation, `.` and `..`, are refused.
 */

const MAX_ID_LENGTH = 1024;

export type PathResult = { ok: true; value: string } | { ok: false; error: AppError };

export function platformPath(kind: 'agent' | 'guideline', rawId: string): PathResult {
  const id = rawId.trim();
  const noun = kind === 'agent' ? 'agent' : 'guideline';
  if (id === '') return invalid(`The ${noun} id is empty.`);
  if (id.length > MAX_ID_LENGTH) return invalid(`The ${noun} id is longer than ${MAX_ID_LENGTH} characters.`);
  if (id === '.' || id === '..') return invalid(`The ${noun} id "${id}" cannot be sent: it would change which path is called.`);
  const segment = encodeURIComponent(id);
  return { ok: true, value: kind === 'agent' ? `api/agent/${segment}/invoke/` : `api/guideline/${segment}/` };
}
