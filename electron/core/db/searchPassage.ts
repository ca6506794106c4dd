import type { HistoryPassage } from '../../shared/api';
import { MIN_PREFIX_CHARS, withoutMarks } from '../history/historySchema';

/**
 * The passage shown with a search hit, for the history and the library, from both their stores.
 *
 * FTS5 finds the hits from its index, however long a document is; the passage is then cut here
 * from the start of each searchable field only (its head). SQLite's snippet() did this inside
 * the query, at a cost quadratic in the hits inside one document: one 250 KB answer holds the
 * host's event loop for tens of seconds, a 20 MB one for minutes. Here the work per hit is bounded by
 * HEAD_CHARS per field, whatever the document's size. A word found only past the head (deep in
 * a long answer) gets the start of the longest field as its passage.
 */

/** The characters of each field a passage is looked for in (UTF-16 code units). */
export const HEAD_CHARS = 32 * 1024;

/** How much text a passage shows: up to `before` characters ahead of the first match, `length` in all. */
export interface PassageShape {
  before: number;
  length: number;
}

export const HISTORY_PASSAGE: PassageShape = { before: 40, length: 100 };
export const LIBRARY_PASSAGE: PassageShape = { before: 60, length: 150 };

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first HEAD_CHARS of a text, never ending in half a surrogate pair. */
export function head(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  return text.slice(0, isHighSurrogate(text.charCodeAt(HEAD_CHARS - 1)) ? HEAD_CHARS - 1 : HEAD_CHARS);
}

/**
 * The heads the SQLite stores keep beside the index (history_heads, guideline_heads) for an
 * entry with a field longer than HEAD_CHARS; null when every field fits, as then the index's own
 * copy of the text is read instead. Either way a passage never reads more than the heads.
 */
export function headsOf(fields: readonly string[]): string[] | null {
  return fields.some((field) => field.length > HEAD_CHARS) ? fields.map(head) : null;
}

/** A letter, digit or combining mark: what a word is made of, as for the index. */
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
/** Anything but printable ASCII and line breaks: such text has accents to fold. */
const NOT_ASCII = /[^ -~\t\n\r]/;

/**
 * Each accented Latin letter (é, È, ȩ …) and its plain lower-case letter, so a term typed without
 * accents finds the word with them, as FTS5's `remove_diacritics 2` does when matching. Only
 * letters written as one character (as text almost always is) are folded.
 */
const PLAIN = new Map<string, string>();
for (const [first, last] of [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
] as const) {
  for (let code = first; code <= last; code += 1) {
    const char = String.fromCharCode(code);
    const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (base.length === 1 && base !== char) PLAIN.set(char, base);
  }
}

/** The text in lower case without accents, one UTF-16 unit for one, so its offsets are the text's. */
function folded(text: string): string {
  const lower = text.toLowerCase();
  if (!NOT_ASCII.test(text)) return lower;
  if (lower.length === text.length) return lower.replace(/[\u00c0-\u024f\u1e00-\u1eff]/g, (char) => PLAIN.get(char) ?? char);
  // A letter whose lower case is longer (İ): unit by unit, that one kept as it is.
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text[i]!;
    const unitLower = unit.toLowerCase();
    out += PLAIN.get(unit) ?? (unitLower.length === 1 ? (PLAIN.get(unitLower) ?? unitLower) : unit);
  }
  return out;
}

/** The search word as it is looked for in folded text. */
const foldedTerm = (term: string) =>
  term
    .normalize('NFD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

function isWordAt(text: string, at: number): boolean {
  const code = text.codePointAt(at);
  if (code === undefined) return false;
  // ASCII without the pattern: this runs for each place a term occurs, up to a whole head's worth.
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
  return WORD_CHAR.test(String.fromCodePoint(code));
}

function isWordBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  return isWordAt(text, isLowSurrogate(text.charCodeAt(at - 1)) && at >= 2 ? at - 2 : at - 1);
}

/** Where the word that starts at `at` ends, looking no further than `limit`. */
function wordEnd(text: string, at: number, limit: number): number {
  let end = at;
  while (end < limit && isWordAt(text, end)) end += isHighSurrogate(text.charCodeAt(end)) ? 2 : 1;
  return Math.min(end, limit);
}

interface Term {
  text: string;
  /** Shorter than MIN_PREFIX_CHARS: the whole word, else its start (ftsQuery's rule). */
  whole: boolean;
}

/** The matches of the terms in `[from, to)` of the folded text, each as its whole word cut at `to`. */
function matchesIn(
  lower: string,
  terms: readonly Term[],
  from: number,
  to: number,
  firstOnly: boolean,
): Array<{ start: number; end: number }> {
  const found = new Map<number, number>();
  for (const term of terms) {
    for (let at = lower.indexOf(term.text, from); at >= 0 && at < to; at = lower.indexOf(term.text, at + 1)) {
      if (isWordBefore(lower, at) || (term.whole && isWordAt(lower, at + term.text.length))) continue;
      found.set(at, Math.max(found.get(at) ?? 0, wordEnd(lower, at + term.text.length, to)));
      if (firstOnly) break;
    }
  }
  return [...found].sort((a, b) => a[0] - b[0]).map(([start, end]) => ({ start, end }));
}

/**
 * What cuts the passage of each hit of one search: about `shape.length` characters of the first
 * field (in the order given) whose head holds a match, from a little before the first match,
 * with every matching word in it highlighted. Plain text and ranges; the fields may be whole or
 * already cut to their heads. A term is looked for with indexOf in the folded head, not with a
 * pattern made per search: compiling one costs V8 milliseconds a search.
 */
export function passageCutter(terms: readonly string[], shape: PassageShape): (fields: readonly string[]) => HistoryPassage {
  const wanted = terms
    .map((term) => ({ text: foldedTerm(term), whole: term.length < MIN_PREFIX_CHARS }))
    .filter((term) => term.text !== '');
  return (fields) => {
    const heads = fields.map((field) => withoutMarks(head(field)));
    for (const text of heads) {
      const lower = folded(text);
      const [first] = matchesIn(lower, wanted, 0, lower.length, true);
      if (first) return cut(text, lower, first.start, shape, wanted);
    }
    // Found past the heads: it is in a field longer than its head, so show the longest one's start.
    const longest = fields.reduce((best, field, i) => (field.length > fields[best]!.length ? i : best), 0);
    const text = heads[longest] ?? '';
    return cut(text, folded(text), 0, shape, wanted);
  };
}

/** The window of `text` around `at`, on word boundaries where it can be, with its matches as ranges. */
function cut(text: string, lower: string, at: number, shape: PassageShape, terms: readonly Term[]): HistoryPassage {
  let from = Math.max(0, at - shape.before);
  if (from > 0) {
    const space = text.slice(from, at).search(/\s/u);
    if (space >= 0) from += space + 1;
    if (isLowSurrogate(text.charCodeAt(from))) from += 1;
  }
  let to = Math.min(text.length, from + shape.length);
  if (to < text.length) {
    const space = text.slice(at, to).search(/\s\S*$/u);
    if (space > 0) to = at + space;
    if (isHighSurrogate(text.charCodeAt(to - 1))) to -= 1;
  }
  const lead = from > 0 ? '…' : '';
  const highlights = matchesIn(lower, terms, from, to, false).map(({ start, end }) => ({
    start: lead.length + start - from,
    end: lead.length + end - from,
  }));
  return { text: lead + text.slice(from, to) + (to < text.length ? '…' : ''), highlights };
}
