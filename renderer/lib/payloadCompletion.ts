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

/** The key being typed at `pos`, or null when the caret is not where a top-level key goes. */
export function keySpotAt(text: string, pos: number): KeySpot | null {
  const tokens = nestTokens(tokenizeJson(text.slice(0, pos)));
  const last = tokens.at(-1);
  if (!last) return null;
  const touching = last.end === pos && (last.kind === 'string' || last.kind === 'word');
  const before = touching ? tokens.at(-2) : last;
  // A key goes right after the top-level object's "{" or after a "," directly inside it.
  const keyPlace =
    before !== undefined &&
    ((before.text === '{' && before.depth === 0) || (before.kind === 'comma' && before.depth === 1 && before.inObject));
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
 * The known keys to offer at a spot: not already in the payload, matching what was typed at
 * the start of the key or of one of its words ("name" finds customer_name), names starting
 * with it first, in the given order otherwise.
 */
export function keySuggestions(text: string, spot: KeySpot, known: readonly { key: string; detail: string }[]): KeySuggestion[] {
  const present = new Set(topLevelKeys(text));
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
