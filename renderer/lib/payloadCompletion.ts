import { nestTokens, stringContent, tokenizeJson } from './jsonTokens';
import { topLevelKeys } from './payloadMembers';

/**
 * Where a property name of the top-level payload object is being typed, so the editor can
 * offer the agent's known keys there. Placeholders are top-level keys, so nested objects get
 * no suggestions. Works on half-typed text: only what is before the caret decides the place.
 */
export interface KeySpot {
  /** Offsets of the text a completion replaces: from the opening quote (or the bare word) on. */
  from: number;
  to: number;
  /** What has been typed of the name so far, without the quote. */
  typed: string;
  /** True when the user typed the opening quote. */
  quoted: boolean;
  /** True when a ':' already follows the name, so a completion must not add another. */
  colonFollows: boolean;
}

/**
 * The key being typed at `pos`, or null when the caret is not where a top-level key goes (where
 * any object's key goes with `anyDepth`: the suite editor completes keys at every level).
 */
export function keySpotAt(text: string, pos: number, anyDepth = false): KeySpot | null {
  const tokens = nestTokens(tokenizeJson(text.slice(0, pos)));
  const last = tokens.at(-1);
  if (!last) return null;
  const touching = last.end === pos && (last.kind === 'string' || last.kind === 'word');
  const before = touching ? tokens.at(-2) : last;
  // A key goes right after the top-level object's "{" or after a "," directly inside it.
  const keyPlace =
    before !== undefined &&
    ((before.text === '{' && (anyDepth || before.depth === 0)) ||
      (before.kind === 'comma' && before.inObject && (anyDepth || before.depth === 1)));
  if (!keyPlace) return null;
  if (!touching) return { from: pos, to: pos, typed: '', quoted: false, colonFollows: colonAfter(text, pos) };
  // A closed string right before the caret is a finished name: nothing left to complete.
  if (last.kind === 'string' && last.text.length > 1 && last.text.endsWith('"')) return null;
  const quoted = last.kind === 'string';
  const typed = quoted ? last.text.slice(1) : last.text;
  // Replace the rest of the name after the caret too, and its closing quote if there is one.
  const rest = /^[^"\s:,{}[\]]*"?/.exec(text.slice(pos))?.[0] ?? '';
  const to = pos + rest.length;
  return { from: last.start, to, typed, quoted, colonFollows: colonAfter(text, to) };
}

function colonAfter(text: string, offset: number): boolean {
  return /^\s*:/.test(text.slice(offset));
}

/** One suggestion: the key, the text that replaces the spot, and where the key is known from. */
export interface KeySuggestion {
  label: string;
  apply: string;
  detail: string;
}

/** The key and each of its later words, lower-cased: "customer_name" → customer_name, name. */
function wordStarts(key: string): string[] {
  const lower = key.toLowerCase();
  const starts = [lower];
  for (const match of lower.matchAll(/[_\-.\s]+/g)) starts.push(lower.slice(match.index + match[0].length));
  return starts;
}

/**
 * The known keys to offer at a spot: not already in its object (`present`, the payload's top
 * level by default), matching what was typed at the start of the key or of one of its words
 * ("name" finds customer_name), names starting with it first, in the given order otherwise.
 */
export function keySuggestions(
  text: string,
  spot: KeySpot,
  known: readonly { key: string; detail: string }[],
  inObject: ReadonlySet<string> = new Set(topLevelKeys(text)),
): KeySuggestion[] {
  const present = new Set(inObject);
  // The name being typed is in the text too (when quoted and closed); it must stay offered.
  if (spot.quoted) present.delete(stringContent({ kind: 'string', text: text.slice(spot.from, spot.to), start: 0, end: 0 }));
  const typed = spot.typed.toLowerCase();
  const candidates = known.filter(({ key }) => !present.has(key) && wordStarts(key).some((word) => word.startsWith(typed)));
  const starts = candidates.filter(({ key }) => key.toLowerCase().startsWith(typed));
  const inside = candidates.filter(({ key }) => !key.toLowerCase().startsWith(typed));
  return [...starts, ...inside].map(({ key, detail }) => ({
    label: key,
    apply: JSON.stringify(key) + (spot.colonFollows ? '' : ': '),
    detail,
  }));
}

/** Where the caret is in a JSON text: the path of the object or array it is directly inside, and the keys that object holds. */
export interface ContainerAt {
  /** Keys and item indices from the top, e.g. ["cases", 0, "expect"]; [] for the top-level value. */
  path: (string | number)[];
  /** The keys of that object, in the whole text (none for an array). */
  keys: Set<string>;
}

/** The container at `pos` (read from the text before it, so half-typed text works), or null outside any. */
export function containerAt(text: string, pos: number): ContainerAt | null {
  interface Frame {
    open: string;
    start: number;
    segment: string | number | null;
    lastKey: string | null;
    index: number;
  }
  const stack: Frame[] = [];
  const tokens = nestTokens(tokenizeJson(text.slice(0, pos)));
  for (const token of tokens) {
    const top = stack.at(-1);
    if (token.kind === 'open') {
      const segment = top === undefined ? null : top.open === '{' ? top.lastKey : top.index;
      stack.push({ open: token.text, start: token.start, segment, lastKey: null, index: 0 });
    } else if (token.kind === 'close') stack.pop();
    else if (token.kind === 'comma' && top?.open === '[') top.index += 1;
    else if (top?.open === '{' && token.isKey) top.lastKey = stringContent(token);
  }
  const inner = stack.at(-1);
  if (!inner || stack.some((frame, at) => at > 0 && frame.segment === null)) return null;
  const path = stack.slice(1).map((frame) => frame.segment as string | number);
  const keys = new Set<string>();
  if (inner.open === '{') {
    const all = nestTokens(tokenizeJson(text));
    const open = all.findIndex((token) => token.start === inner.start);
    const depth = (all[open]?.depth ?? 0) + 1;
    for (const token of all.slice(open + 1)) {
      if (token.kind === 'close' && token.depth < depth) break;
      if (token.isKey && token.depth === depth) keys.add(stringContent(token));
    }
  }
  return { path, keys };
}
