import type { JsonObject, JsonValue } from '../../electron/shared/api';
import { findJsonProblem } from './jsonLocation';
import { isPlainObject } from '../../electron/shared/check';

/** The payload editor's verdict on its text. */
export type PayloadCheck =
  | { ok: true; payload: JsonObject }
  | { ok: false; kind: 'invalid_json'; message: string; offset: number }
  | { ok: false; kind: 'not_object'; message: string; offset: number };

/** The message shown when the text is JSON but not an object (the API wants an object). */
const NOT_AN_OBJECT = 'Payload must be a JSON object';

/** Checks the payload text: it must be JSON, and the JSON must be an object. */
export function checkPayload(text: string): PayloadCheck {
  const problem = findJsonProblem(text);
  if (problem) {
    return {
      ok: false,
      kind: 'invalid_json',
      message: `Invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.reason}`,
      offset: problem.offset,
    };
  }
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch {
    // The scanner follows RFC 8259, so this should not happen; if it does, still refuse to send.
    return { ok: false, kind: 'invalid_json', message: 'Invalid JSON', offset: 0 };
  }
  if (!isPlainObject(value)) {
    return { ok: false, kind: 'not_object', message: NOT_AN_OBJECT, offset: text.length - text.trimStart().length };
  }
  return { ok: true, payload: value };
}

/** Pretty-prints JSON text with two-space indentation; returns null when it does not parse. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}
