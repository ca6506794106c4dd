import type { Guideline, InvokeAnswer } from '../../shared/api';
import { isPlainObject } from '../../shared/check';

/**
 * Checks a parsed response body against the platform contract. A body that does not match is
 * never passed on as a success: the caller turns the problems into a `contract` error.
 * Extra fields are allowed (servers add them); `token` may be absent but not of another type.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function requireStrings(body: unknown, required: string[], optional: string[]): string[] {
  if (!isPlainObject(body)) {
    return [`the body is ${describe(body)}, not a JSON object`];
  }
  const record = body;
  const problems: string[] = [];
  for (const field of required) {
    if (!(field in record)) problems.push(`"${field}" is missing`);
    else if (typeof record[field] !== 'string') problems.push(`"${field}" is ${describe(record[field])}, not a string`);
  }
  for (const field of optional) {
    if (field in record && typeof record[field] !== 'string') {
      problems.push(`"${field}" is ${describe(record[field])}, not a string`);
    }
  }
  return problems;
}

/** An invoke answer: `answer` and `duration` strings, `token` a string when present. */
export function checkInvokeAnswer(body: unknown): Checked<InvokeAnswer> {
  const problems = requireStrings(body, ['answer', 'duration'], ['token']);
  if (problems.length > 0) return { ok: false, problems };
  const record = body as Record<string, string>;
  const value: InvokeAnswer = { answer: record['answer'] ?? '', duration: record['duration'] ?? '' };
  if (typeof record['token'] === 'string') value.token = record['token'];
  return { ok: true, value };
}

/** A guideline: `name`, `description` and `content` strings. */
export function checkGuideline(body: unknown): Checked<Guideline> {
  const problems = requireStrings(body, ['name', 'description', 'content'], []);
  if (problems.length > 0) return { ok: false, problems };
  const record = body as Record<string, string>;
  return {
    ok: true,
    value: { name: record['name'] ?? '', description: record['description'] ?? '', content: record['content'] ?? '' },
  };
}
