import { findJsonProblem, positionAt } from './jsonLocation';
import { nestTokens, stringContent, tokenizeJson, type NestedToken } from './jsonTokens';

/** The JSON type of a value, as the key/value table names it. */
export type MemberKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

/** One top-level property of a payload object, with the source text of its value. */
export interface PayloadMember {
  key: string;
  kind: MemberKind;
  /** The value exactly as written (a number keeps `1.50`; an object keeps its layout). */
  source: string;
  /** The decoded value for strings; the source text otherwise. */
  text: string;
}

/**
 * The top-level properties of a JSON object text in source order, duplicates included (the
 * table shows them so the user can see and fix them), or null when the text is not a valid
 * JSON object.
 */
export function topLevelMembers(text: string): PayloadMember[] | null {
  if (findJsonProblem(text)) return null;
  const tokens = nestTokens(tokenizeJson(text));
  if (tokens[0]?.text !== '{') return null;
  const members: PayloadMember[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!(token.isKey && token.depth === 1)) continue;
    const valueStart = tokens[i + 2];
    if (!valueStart) break;
    const valueEnd = endOfValue(tokens, i + 2);
    const source = text.slice(valueStart.start, valueEnd);
    members.push({
      key: stringContent(token),
      kind: kindOf(valueStart),
      source,
      text: valueStart.kind === 'string' ? stringContent(valueStart) : source,
    });
  }
  return members;
}

/** The offset just after the value that starts at `tokens[index]`. */
function endOfValue(tokens: readonly NestedToken[], index: number): number {
  const first = tokens[index]!;
  if (first.kind !== 'open') return first.end;
  for (let i = index + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'close' && token.depth === first.depth) return token.end;
  }
  return tokens.at(-1)?.end ?? first.end;
}

function kindOf(token: NestedToken): MemberKind {
  if (token.kind === 'string') return 'string';
  if (token.kind === 'number') return 'number';
  if (token.text === '{') return 'object';
  if (token.text === '[') return 'array';
  if (token.text === 'null') return 'null';
  return 'boolean';
}

/** The keys of the top-level object as far as they can be read, even in text that is not yet valid. */
export function topLevelKeys(text: string): string[] {
  return nestTokens(tokenizeJson(text))
    .filter((token) => token.isKey && token.depth === 1 && token.inObject)
    .map(stringContent);
}

/**
 * The text with the first top-level key `from` renamed `to`: only the key's own characters
 * change, so its value, the layout and everything else stay exactly as typed. Null when the
 * text has no such key. `to` is written as a JSON string (quotes and escapes as needed).
 */
export function renameTopLevelKey(text: string, from: string, to: string): { text: string; at: number } | null {
  const key = nestTokens(tokenizeJson(text)).find(
    (token) => token.isKey && token.depth === 1 && token.inObject && stringContent(token) === from,
  );
  if (!key) return null;
  return { text: text.slice(0, key.start) + JSON.stringify(to) + text.slice(key.end), at: key.start };
}

/**
 * The text with a top-level `key` added at the end of the object, its value an empty string,
 * and `at`, the offset between that value's quotes (where the person types it). What was
 * typed stays as it was; the new line follows the first key's indentation when the object is
 * laid out on lines. Null when the text is not a valid JSON object.
 */
export function addTopLevelKey(text: string, key: string): { text: string; at: number } | null {
  if (findJsonProblem(text)) return null;
  const tokens = nestTokens(tokenizeJson(text));
  const open = tokens[0];
  const close = tokens.at(-1);
  if (open?.text !== '{' || close === undefined || tokens.length < 2) return null;
  const member = `${JSON.stringify(key)}: ""`;
  const firstKey = tokens.find((token) => token.isKey && token.depth === 1);
  const lineStart = firstKey ? text.lastIndexOf('\n', firstKey.start) + 1 : 0;
  const indent =
    firstKey && /^[ \t]*$/.test(text.slice(lineStart, firstKey.start)) && lineStart > 0 ? text.slice(lineStart, firstKey.start) : '  ';
  const onLines = text.slice(open.end, close.start).includes('\n');
  const after = firstKey ? tokens.at(-2)!.end : open.end;
  const insert = firstKey ? (onLines ? `,\n${indent}${member}` : `, ${member}`) : onLines ? `\n${indent}${member}` : ` ${member} `;
  return { text: text.slice(0, after) + insert + text.slice(after), at: after + insert.indexOf(member) + member.length - 1 };
}

/** A `{name}` inside a string value: the platform fills such names from the payload. */
export interface PlaceholderHint {
  /** The braces and what is between them, e.g. "{name}". */
  placeholder: string;
  /** The whole string value, decoded. */
  value: string;
  /** Offset of the "{" in the text, for the editor's marks. */
  from: number;
  to: number;
  line: number;
  column: number;
}

const BRACED = /\{[^{}"\\]+\}/g;

/** Where a payload is written: a request's, or a suite case's (where `{{column}}` is the suite's own data reference). */
export interface HintContext {
  /** `{{column}}` is replaced by a data row's value before sending: no warning for it. */
  dataReferences?: boolean;
}

/**
 * Every `{…}` inside a string *value* (not a key), anywhere in the payload. The platform
 * treats `{name}` in its prompts as a placeholder; when such text arrives in a value, it may
 * be substituted again, so it is worth a warning (not a refusal: it may be meant).
 */
export function placeholderHints(text: string, context: HintContext = {}): PlaceholderHint[] {
  const hints: PlaceholderHint[] = [];
  for (const token of nestTokens(tokenizeJson(text))) {
    if (token.kind !== 'string' || token.isKey) continue;
    for (const match of token.text.matchAll(BRACED)) {
      const from = token.start + match.index;
      if (context.dataReferences && text[from - 1] === '{' && text[from + match[0].length] === '}') continue;
      hints.push({
        placeholder: match[0],
        value: stringContent(token),
        from,
        to: from + match[0].length,
        ...positionAt(text, from),
      });
    }
  }
  return hints;
}

/** The sentence shown for a hint, in the panel and as the editor's warning. */
export function placeholderHintMessage(hint: PlaceholderHint): string {
  return `The server may treat ${hint.placeholder} as a placeholder.`;
}
