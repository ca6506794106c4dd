import type { Result } from './api/common';

/**
 * The one kit for narrowing what arrives from outside (a contract method's argument over IPC or
 * HTTP, a suite, a data file's row, a workspace file) from `unknown`: a refusal in the project's
 * error shape, the object guard, the JSON check, and the predicates several checkers share. The
 * messages stay with each checker, beside the field they are about, because people read them
 * (and tests hold them word for word); the kit only carries them.
 */

export type Fields = Record<string, unknown>;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A bad argument refused, with the form field it is about when there is one. */
export function invalid(message: string, field?: string): Result<never> {
  return { ok: false, error: { code: 'invalid_argument', message, ...(field ? { field } : {}) } };
}

/** An object as JSON or structured clone makes it: not a list, not null, not a class's instance. */
export function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** How deep JSON data may nest: a value at the top is depth 0, each object or list one more. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when `value` is what JSON.parse could have made (finite numbers, plain objects) and
 * nests no deeper than MAX_JSON_DEPTH, counting from `depth` (where `value` itself sits, for a
 * part of a larger document). Deeper data is refused where it arrives, because everything after
 * walks it recursively (substitution, redaction, sending): a payload nested 50,000 deep would
 * overflow the stack there instead of being a clear problem. Never recurses past the limit.
 */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  return isPlainObject(value) && Object.values(value).every((item) => isJsonValue(item, depth + 1));
}

/** An id as the platform gives agents and guidelines: a UUID (any case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The first field of `fields` outside `allowed`, cut to 40 characters (messages quote it), or undefined. */
export function unknownField(fields: Fields, allowed: readonly string[]): string | undefined {
  return Object.keys(fields)
    .find((key) => !allowed.includes(key))
    ?.slice(0, 40);
}

/** How a checker words the refusal of a non-object and of a field it does not know. */
export interface FieldWords {
  notObject?: string;
  unknown?: (name: string) => string;
}

/**
 * The argument as a plain object with no field outside `allowed` (a typo is an error, not an
 * option silently ignored). Worded for a method's argument unless the caller words it.
 */
export function fieldsOf(raw: unknown, allowed: readonly string[], words: FieldWords = {}): Result<Fields> {
  if (!isPlainObject(raw)) return invalid(words.notObject ?? 'The argument must be an object.');
  const unknown = unknownField(raw, allowed);
  if (unknown !== undefined) return invalid(words.unknown?.(unknown) ?? `"${unknown}" is not a field of this request.`);
  return ok(raw);
}

/** A plain-object argument narrowed by `narrow`, or the refusal of anything else. */
export function objectArgument<T>(raw: unknown, narrow: (fields: Fields) => Result<NoInfer<T>>): Result<T> {
  return isPlainObject(raw) ? narrow(raw) : invalid('The argument must be an object.');
}

/** `values` without the keys whose value is undefined: an optional field left out stays out. */
export function definedOnly<const T extends Fields>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

export const isText = (value: unknown, maxChars: number): value is string => typeof value === 'string' && value.length <= maxChars;

/** Text with something besides spaces in it: an id or a name. */
export const isNonBlankText = (value: unknown, maxChars: number): value is string => isText(value, maxChars) && value.trim() !== '';

export const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A stored row's id or number (a history entry's, a guideline version's): a whole number from 1. */
export const isRowId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
