import type { JsonObject, JsonValue } from '../../../electron/shared/api';

/**
 * Provenance: where the payload's values show up in an answer.
 *
 * An analyst wants to see which parts of an answer came from the payload and which keys the
 * agent ignored. This module is pure and works on plain strings; nothing here ever builds
 * HTML, so the answer stays inert text whatever it contains.
 *
 * Which values count:
 * - strings as they are; numbers and booleans as their JSON text (`42`, `true`);
 * - nested objects and arrays are flattened to their leaves, named by path
 *   (`customer.name`, `items[0]`), because agents often read nested payloads;
 * - null, and values shorter than two characters, are skipped: they would match everywhere.
 *
 * Matching is exact and case-sensitive, with no regular expressions (so `a.b*(c)` means
 * exactly those characters). Numbers and booleans must stand alone (see `touchesWord`), so
 * the payload's `42` is not found inside `1423` or `42.5`; strings match anywhere.
 */

/** One payload value that may appear in the answer. */
export interface PayloadValue {
  /** The key, or the path to a nested leaf (`customer.name`, `items[0]`). */
  key: string;
  text: string;
  /** Whether the value was a string (matches anywhere) or a number/boolean (needs boundaries). */
  kind: 'string' | 'literal';
}

/** Values shorter than this are not looked for. */
const MIN_VALUE_LENGTH = 2;
/** At most this many leaves are looked for: a huge payload must not stall the answer view. */
const MAX_VALUES = 64;

/** The payload's leaves worth looking for, in payload order, at most `MAX_VALUES`. */
export function payloadValues(payload: JsonObject): PayloadValue[] {
  const values: PayloadValue[] = [];
  const visit = (key: string, value: JsonValue): void => {
    if (values.length >= MAX_VALUES || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) visit(`${key}.${child}`, item);
    } else {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (text.length >= MIN_VALUE_LENGTH) values.push({ key, text, kind: typeof value === 'string' ? 'string' : 'literal' });
    }
  };
  for (const [key, value] of Object.entries(payload)) visit(key, value);
  return values;
}

/** A distinct text to look for and every key that has it (two keys may share a value). */
export interface Pattern {
  text: string;
  keys: string[];
  /** True when every key with this text is a number or boolean: then it needs boundaries. */
  bounded: boolean;
}

/** Groups values by text, so a value shared by two keys is one pattern naming both. */
export function patternsOf(values: readonly PayloadValue[]): Pattern[] {
  const byText = new Map<string, Pattern>();
  for (const value of values) {
    const pattern = byText.get(value.text);
    if (pattern) {
      pattern.keys.push(value.key);
      pattern.bounded &&= value.kind === 'literal';
    } else {
      byText.set(value.text, { text: value.text, keys: [value.key], bounded: value.kind === 'literal' });
    }
  }
  return [...byText.values()];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const DIGIT = /\d/;

/**
 * Whether a number or boolean found at [start, end) is really part of something longer: a
 * letter or digit right beside it (`1423`, `trueness`), or a decimal point that continues a
 * number (`42.5`, `3.42`). A full stop ending a sentence ("costs 42.") does not count.
 */
function touchesWord(text: string, start: number, end: number): boolean {
  const before = text.charAt(start - 1);
  const after = text.charAt(end);
  if (WORD_CHAR.test(before) || WORD_CHAR.test(after)) return true;
  return (before === '.' && DIGIT.test(text.charAt(start - 2))) || (after === '.' && DIGIT.test(text.charAt(end + 1)));
}

/** The next place `pattern` occurs at or after `from`, or -1. */
function nextOccurrence(text: string, pattern: Pattern, from: number): number {
  let at = text.indexOf(pattern.text, from);
  while (at !== -1 && pattern.bounded && touchesWord(text, at, at + pattern.text.length)) {
    at = text.indexOf(pattern.text, at + 1);
  }
  return at;
}

/** One highlighted stretch of the answer. */
export interface Match {
  start: number;
  end: number;
  /** Index into the patterns given to `findMatches`. */
  pattern: number;
}

/** What `findMatches` found, and how far its marks can be trusted to be complete. */
export interface MatchResult {
  matches: Match[];
  /**
   * Matches are complete up to this offset; past it nothing is highlighted because the limit
   * was reached. Equal to the text's length when nothing was cut.
   */
  completeUpTo: number;
}

/**
 * Finds where the patterns occur, leftmost first; where two overlap, the longer one that
 * starts first wins and the other is not highlighted there (it may still count as found).
 *
 * It merges one forward-only `indexOf` cursor per pattern, so each pattern's search moves
 * through the text once: roughly linear in the text's length times the number of patterns,
 * with no candidate lists that could explode on a value that occurs everywhere. It stops
 * after `limit` matches and says where.
 */
export function findMatches(text: string, patterns: readonly Pattern[], limit = 2000): MatchResult {
  const next = patterns.map((pattern) => nextOccurrence(text, pattern, 0));
  const matches: Match[] = [];
  for (;;) {
    let best = -1;
    for (let index = 0; index < patterns.length; index += 1) {
      const at = next[index] ?? -1;
      if (at === -1) continue;
      const bestAt = next[best] ?? -1;
      const longer = best !== -1 && at === bestAt && (patterns[index]?.text.length ?? 0) > (patterns[best]?.text.length ?? 0);
      if (best === -1 || at < bestAt || longer) best = index;
    }
    if (best === -1) return { matches, completeUpTo: text.length };
    const start = next[best] ?? 0;
    // Nothing starts between the last match and this one, so up to here the marks are complete.
    if (matches.length >= limit) return { matches, completeUpTo: start };
    const end = start + (patterns[best]?.text.length ?? 0);
    matches.push({ start, end, pattern: best });
    // Occurrences that start inside the accepted match overlap it: search on from its end.
    for (let index = 0; index < patterns.length; index += 1) {
      const at = next[index] ?? -1;
      const pattern = patterns[index];
      if (at !== -1 && at < end && pattern) next[index] = nextOccurrence(text, pattern, end);
    }
  }
}

/** A stretch of text: plain (`keys` null) or a payload value, naming the keys that have it. */
export interface Piece {
  start: number;
  text: string;
  keys: readonly string[] | null;
}

/**
 * The text cut at the matches, in order, for a view to draw plain stretches as text and
 * matches as marks (the plain-text view as React nodes, markdown as tree nodes).
 */
export function pieces(text: string, patterns: readonly Pattern[], matches: readonly Match[]): Piece[] {
  const result: Piece[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.start > at) result.push({ start: at, text: text.slice(at, match.start), keys: null });
    result.push({ start: match.start, text: text.slice(match.start, match.end), keys: patterns[match.pattern]?.keys ?? [] });
    at = match.end;
  }
  if (at < text.length) result.push({ start: at, text: text.slice(at), keys: null });
  return result;
}

/**
 * Whether `pattern` occurs starting somewhere in [start, end) of `text`. It searches a slice
 * (V8 slices without copying), so a big answer can be checked a window at a time without each
 * window's search running on to the end of the text.
 */
export function occursIn(text: string, pattern: Pattern, start: number, end: number): boolean {
  const from = Math.max(0, start - 1); // one character before, for the boundary check
  const piece = text.slice(from, Math.min(text.length, end + pattern.text.length));
  const at = nextOccurrence(piece, pattern, start - from);
  return at !== -1 && at < end - from;
}

/** Keys that have a value in none of the found patterns, in payload order. */
export function keysNotFound(values: readonly PayloadValue[], patterns: readonly Pattern[], found: ReadonlySet<number>): string[] {
  const foundKeys = new Set(patterns.flatMap((pattern, index) => (found.has(index) ? pattern.keys : [])));
  return values.filter((value) => !foundKeys.has(value.key)).map((value) => value.key);
}

/** The keys none of whose value occurs anywhere in `text`, in one pass (see `useMissingKeys` for big texts). */
export function missingKeys(text: string, values: readonly PayloadValue[]): string[] {
  const patterns = patternsOf(values);
  const found = new Set(patterns.flatMap((pattern, index) => (occursIn(text, pattern, 0, text.length) ? [index] : [])));
  return keysNotFound(values, patterns, found);
}

/**
 * A placeholder as the platform's prompts write it: a name like an identifier in single braces.
 * Names only, so JSON or code in an answer (`{"a": 1}`, `{ }`) is not taken for one.
 */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** Only the start of an answer is looked through: a prompt's holes show early, and a huge answer must not stall. */
const UNFILLED_SCAN_CHARS = 256 * 1024;
/** At most this many are named. */
const MAX_UNFILLED = 8;

/**
 * The `{name}`s an answer shows as written, for names the payload has no key for: the agent's
 * prompt had a placeholder the payload did not fill, and the platform left it as it was
 * ("Hi {customer_name},"). `{{name}}` is left out: that is a template's syntax, not a hole.
 */
export function unfilledPlaceholders(answer: string, payload: JsonObject): string[] {
  const names: string[] = [];
  const text = answer.slice(0, UNFILLED_SCAN_CHARS);
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    const doubled = text[match.index - 1] === '{' && text[match.index + match[0].length] === '}';
    if (doubled || Object.hasOwn(payload, name) || names.includes(name)) continue;
    names.push(name);
    if (names.length === MAX_UNFILLED) break;
  }
  return names;
}
