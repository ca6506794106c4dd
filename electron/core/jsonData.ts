/**
 * Plain JSON data, within a depth limit: one check for every place that takes JSON from outside
 * (a contract method's argument, a suite, a data file's row). Deeper data is refused where it
 * arrives, because everything after walks it recursively (substitution, redaction, sending): a
 * payload nested 50,000 deep would overflow the stack there instead of being a clear problem.
 */

/** How deep JSON data may nest: a value at the top is depth 0, each object or list one more. */
export const MAX_JSON_DEPTH = 64;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * True when `value` is what JSON.parse could have made (finite numbers, plain objects) and
 * nests no deeper than MAX_JSON_DEPTH, counting from `depth` (where `value` itself sits, for a
 * part of a larger document). Stops at the first level too deep: never recurses past it.
 */
export function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  return isPlainObject(value) && Object.values(value).every((item) => isJsonValue(item, depth + 1));
}
