/**
 * A lenient JSON tokenizer that keeps every token's place in the text.
 *
 * `jsonLocation.ts` says whether a text is JSON and where it stops being JSON; this module
 * answers the other questions the payload editor asks of a text that may be half-typed:
 * which keys are at the top level, where a string value starts, whether the caret sits
 * where a key goes. It never throws and never builds values, so it can run on every key
 * press, on valid and invalid text alike.
 */

/** What a token is; `other` is any character that cannot start a JSON token. */
type JsonTokenKind = 'open' | 'close' | 'colon' | 'comma' | 'string' | 'number' | 'word' | 'other';

/** One token: its kind, its exact source text, and its UTF-16 offsets (`end` exclusive). */
export interface JsonToken {
  kind: JsonTokenKind;
  text: string;
  start: number;
  end: number;
}

const NUMBER = /-?[0-9][0-9.eE+-]*|-/y;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

/** Splits a text into tokens, skipping whitespace. An unclosed string ends at its line's end. */
export function tokenizeJson(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      i++;
      continue;
    }
    const end = tokenEnd(text, i, ch);
    tokens.push({ kind: kindOf(ch), text: text.slice(i, end), start: i, end });
    i = end;
  }
  return tokens;
}

function kindOf(ch: string): JsonTokenKind {
  if (ch === '{' || ch === '[') return 'open';
  if (ch === '}' || ch === ']') return 'close';
  if (ch === ':') return 'colon';
  if (ch === ',') return 'comma';
  if (ch === '"') return 'string';
  if (ch === '-' || (ch >= '0' && ch <= '9')) return 'number';
  if (/[A-Za-z_$]/.test(ch)) return 'word';
  return 'other';
}

function tokenEnd(text: string, start: number, ch: string): number {
  if (ch === '"') return stringEnd(text, start);
  const pattern = ch === '-' || (ch >= '0' && ch <= '9') ? NUMBER : /[A-Za-z_$]/.test(ch) ? WORD : null;
  if (pattern) {
    pattern.lastIndex = start;
    pattern.exec(text);
    return Math.max(pattern.lastIndex, start + 1);
  }
  // A lone surrogate pair stays one token, so a later slice never cuts an emoji in half.
  const code = text.codePointAt(start) ?? 0;
  return start + (code > 0xffff ? 2 : 1);
}

/** The offset after a string's closing quote, or the end of its line when it is never closed. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '"') return i + 1;
    if (ch === '\n' || ch === '\r') return i;
    i++;
  }
  return text.length;
}

/** True when a string token has its closing quote. */
function isClosedString(token: JsonToken): boolean {
  if (token.kind !== 'string' || token.text.length < 2 || !token.text.endsWith('"')) return false;
  // An escaped quote at the end does not close it: count the backslashes before it.
  let slashes = 0;
  for (let i = token.text.length - 2; i > 0 && token.text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

/** The text of a string token without its quotes, escapes decoded where they are valid. */
export function stringContent(token: JsonToken): string {
  const inner = isClosedString(token) ? token.text : `${token.text}"`;
  try {
    return JSON.parse(inner) as string;
  } catch {
    return token.text.slice(1, isClosedString(token) ? -1 : undefined);
  }
}

/** A token with its nesting: `depth` counts the containers it is inside; `inObject` tells which kind is innermost. */
export interface NestedToken extends JsonToken {
  depth: number;
  inObject: boolean;
  /** For strings: true when the next token is ':' (a property name). */
  isKey: boolean;
}

/** Tokens with their nesting depth and whether each string is a property name. */
export function nestTokens(tokens: readonly JsonToken[]): NestedToken[] {
  const stack: string[] = [];
  return tokens.map((token, index) => {
    if (token.kind === 'close') stack.pop();
    const nested: NestedToken = {
      ...token,
      depth: stack.length,
      inObject: stack.at(-1) === '{',
      isKey: token.kind === 'string' && tokens[index + 1]?.kind === 'colon',
    };
    if (token.kind === 'open') stack.push(token.text);
    return nested;
  });
}
