import type { JsonValue } from '../../electron/shared/api';

/**
 * Quoting arbitrary text into source code: a POSIX shell word, a JavaScript string, a Python
 * string, and JSON values as Python literals. The text comes from the user and the platform,
 * so anything may be in it (quotes, newlines, `$`, backticks, `!`, unicode, lone surrogates);
 * each function returns a literal that means exactly the given text in its language.
 */

/**
 * A POSIX shell word in single quotes. Inside single quotes nothing is special (not `$`,
 * backticks, backslashes, `!` or newlines), so the one case left is the single quote itself,
 * written as `'\''`: close, an escaped quote, reopen.
 */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** Characters that mean nothing special inside shell double quotes (no `$`, backtick, `\`, `"`, `!`). */
const SHELL_DOUBLE_SAFE = /^[A-Za-z0-9 _.,:;=+/@%^~-]*$/;

/**
 * `literal` followed by the value of the environment variable `name`, as one shell word:
 * `"Authorization: Bearer $NAME"` when the literal is plain, else `'literal'"$NAME"` so a
 * literal with `$`, quotes or backticks in it cannot expand into something else.
 */
export function shellWithVariable(literal: string, name: string): string {
  return SHELL_DOUBLE_SAFE.test(literal) ? `"${literal}$${name}"` : `${shellQuote(literal)}"$${name}"`;
}

/** Code points a reader should see escaped, in JavaScript or Python source. */
function escapeInvisible(code: number): string | null {
  const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f);
  const isLineSeparator = code === 0x2028 || code === 0x2029;
  const isLoneSurrogate = code >= 0xd800 && code <= 0xdfff;
  if (isControl && code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (isLineSeparator || isLoneSurrogate || code === 0xfeff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return null;
}

/** Walks `text` by code point, so a surrogate pair (an emoji) is kept whole. */
function quoteWith(text: string, escapes: Record<string, string>): string {
  let out = '"';
  for (const char of text) {
    const simple = escapes[char];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    out += char.length === 1 ? (escapeInvisible(code) ?? char) : char;
  }
  return `${out}"`;
}

const COMMON_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A JavaScript string literal in double quotes. Not a template literal, so `${…}` and
 * backticks inside stay plain characters.
 */
export function jsString(text: string): string {
  return quoteWith(text, COMMON_ESCAPES);
}

/** A Python 3 `str` literal in double quotes (not raw, not an f-string, so `{}` stay plain). */
export function pythonString(text: string): string {
  return quoteWith(text, COMMON_ESCAPES);
}

/**
 * A JSON value as a Python literal: objects become dicts, arrays lists, `true`/`false`/`null`
 * become `True`/`False`/`None`, indented by four spaces from `indent`.
 */
export function pythonLiteral(value: JsonValue, indent = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') return pythonString(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${inner}${pythonString(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}
