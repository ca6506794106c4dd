import type { JsonObject, JsonValue } from '../../shared/api';
import type { DataRow } from '../../shared/runs/suiteTypes';

/**
 * `{{column}}` substitution from a data row. Only double braces are ours: the platform's own
 * prompt placeholders are single-brace `{name}` and go to the server untouched, so a payload
 * may carry them. `{{ column }}` with spaces inside is the same reference.
 */

const REFERENCE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const WHOLE_REFERENCE = /^\{\{\s*([^{}]*?)\s*\}\}$/;

/** The column names a text refers to, in order, each once. */
export function referencedColumns(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    const name = match[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** A row value as text: strings as they are, other JSON values JSON-encoded, a missing one empty. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The row's own value for a column, or undefined: never one the row inherits (`{{toString}}`
 * is a column like any other, and a JSONL row that lacks it leaves it empty).
 */
function cellOf(row: DataRow, name: string): unknown {
  return Object.hasOwn(row, name) ? row[name] : undefined;
}

/** `text` with every `{{column}}` replaced by the row's value (the caller has checked the columns exist). */
export function substituteText(text: string, row: DataRow | null, escape: (value: string) => string = (value) => value): string {
  if (row === null || !text.includes('{{')) return text;
  return text.replace(REFERENCE, (_literal, name: string) => escape(asText(cellOf(row, name))));
}

/**
 * A payload with `{{column}}` replaced in every string value, at any depth (keys are left alone).
 * A string that is exactly one reference takes the row's value with its JSON type (a JSONL row's
 * number stays a number); CSV values are always strings.
 */
export function substitutePayload(payload: JsonObject, row: DataRow | null): JsonObject {
  if (row === null) return payload;
  return substituteValue(payload, row) as JsonObject;
}

function substituteValue(value: JsonValue, row: DataRow): JsonValue {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole) {
      const cell = cellOf(row, whole[1] ?? '');
      return cell === undefined ? '' : (cell as JsonValue);
    }
    return substituteText(value, row);
  }
  if (Array.isArray(value)) return value.map((item) => substituteValue(item, row));
  if (value !== null && typeof value === 'object') {
    // Object.fromEntries keeps a "__proto__" key as a key (assigning it would set the prototype and drop it).
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substituteValue(item, row)]));
  }
  return value;
}

/** Every `{{column}}` in the string values of a JSON value, with the JSON path of each. */
export function referencesIn(value: unknown, path: string): Array<{ path: string; column: string }> {
  if (typeof value === 'string') return referencedColumns(value).map((column) => ({ path, column }));
  if (Array.isArray(value)) return value.flatMap((item, index) => referencesIn(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => referencesIn(item, `${path}.${key}`));
  }
  return [];
}
