/**
 * Validation of the invoke request body, the way a real server would do it.
 *
 * The spec says the body is required and has `text` (string) and `payload` (object), but not
 * whether each is mandatory. The Sandbox takes the lenient reading a client can rely on least
 * harmfully: each may be omitted (`text` defaults to "", `payload` to {}), but a present field
 * of the wrong type is refused with a 400 that names it, never coerced.
 */
import type { JsonObject, JsonValue } from '../shared/api';
import { isPlainObject } from '../shared/check';

interface InvokeInput {
  text: string;
  payload: JsonObject;
}

export type ParsedInvoke = { ok: true; value: InvokeInput } | { ok: false; status: 400 | 415; detail: string };

/** A JSON type name for messages: `array` and `null` rather than JavaScript's `object`. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Whether a Content-Type names JSON. A missing header is accepted (many hand-written clients
 * leave it out and the body says what it is); anything else that is not JSON is refused, as
 * a real framework would, so a curl call without `-H 'Content-Type: application/json'`
 * (which sends form encoding) gets a clear message instead of a confusing parse error.
 */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return true;
  const mediaType = (header.split(';')[0] ?? '').trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Parses and checks an invoke body. Never throws. */
export function parseInvokeBody(contentType: string | undefined, bytes: Uint8Array): ParsedInvoke {
  if (!isJsonContentType(contentType)) {
    const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
    return { ok: false, status: 415, detail: `Unsupported media type "${mediaType}" in request.` };
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, status: 400, detail: 'JSON parse error - the body is not valid UTF-8.' };
  }
  let data: JsonValue;
  try {
    data = JSON.parse(text) as JsonValue;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    return { ok: false, status: 400, detail: `JSON parse error - ${reason}` };
  }
  if (!isPlainObject(data)) {
    return {
      ok: false,
      status: 400,
      detail: `Invalid data. Expected a JSON object, but got ${jsonTypeOf(data)}.`,
    };
  }
  const rawText: JsonValue | undefined = data.text;
  const rawPayload: JsonValue | undefined = data.payload;
  if (rawText !== undefined && typeof rawText !== 'string') {
    return { ok: false, status: 400, detail: `text: must be a string, but got ${jsonTypeOf(rawText)}.` };
  }
  if (rawPayload !== undefined && !isPlainObject(rawPayload)) {
    return { ok: false, status: 400, detail: `payload: must be a JSON object, but got ${jsonTypeOf(rawPayload)}.` };
  }
  return { ok: true, value: { text: rawText ?? '', payload: rawPayload ?? {} } };
}
