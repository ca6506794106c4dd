import type { HistoryPassage } from '../shared/contract';
import { MIN_PREFIX_CHARS, withoutMarks } from './historySchema';

/**
 * The passage shown with a search hit, for the history and the library, from both their stores.
 *
 * FTS5 finds the hits from its index, however long a document is; the passage is then cut here
 * from the start of each searchable field only (its head). SQLite's snippet() did this inside
 * the query, at a cost quadratic in the hits inside one document: one 250 KB answer held the
 * host's event loop 34 s, a 20 MB one for minutes. Here the work per hit is bounded by
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

const WORD = '\\p{L}\\p{N}\\p{M}';

/**
 * Each lower-case Latin letter and its accented forms (é, è, ȩ …), so a term typed without
 * accents finds the word with them, as FTS5's `remove_diacritics 2` does when matching.
 */
const ACCENTED = new Map<string, string>();
for (const [first, last] of [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
] as const) {
  for (let code = first; code <= last; code += 1) {
    const char = String.fromCharCode(code);
    const base = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (base.length === 1 && base !== char.toLowerCase()) ACCENTED.set(base, (ACCENTED.get(base) ?? '') + char);
  }
}

/**
 * A pattern finding the words a term matches, as the index does: from MIN_PREFIX_CHARS letters
 * the start of a word (the match runs to the word's end, so the whole word is highlighted),
 * shorter the whole word; case and accents ignored. Terms are letters and digits only
 * (searchTerms), so nothing in them is pattern syntax, and the pattern never backtracks more
 * than the length of the word it is tried on.
 */
function termPattern(term: string): string | null {
  const letters = [...term.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '')].map((char) => {
    const accented = ACCENTED.get(char);
    return `${accented ? `[${char}${accented}]` : char}\\p{M}*`;
  });
  if (letters.length === 0) return null;
  return `(?<![${WORD}])${letters.join('')}${term.length >= MIN_PREFIX_CHARS ? `[${WORD}]*` : `(?![${WORD}])`}`;
}

/**
 * The passage of a hit: about `shape.length` characters of the first field (in the order given)
 * whose head holds a match, from a little before the first match, with every matching word in
 * it highlighted. Plain text and ranges; the fields may be whole or already cut to their heads.
 */
export function passageOf(fields: readonly string[], terms: readonly string[], shape: PassageShape): HistoryPassage {
  const heads = fields.map((field) => withoutMarks(head(field)));
  const patterns = terms.map(termPattern).filter((pattern) => pattern !== null);
  // Every pattern matches at least one character, so the global one always moves on.
  const all = patterns.length > 0 ? new RegExp(patterns.join('|'), 'giu') : null;
  if (all) {
    const first = new RegExp(all.source, 'iu');
    for (const text of heads) {
      const found = first.exec(text);
      if (found) return cut(text, found.index, shape, all);
    }
  }
  // Found past the heads: it is in a field longer than its head, so show the longest one's start.
  const longest = fields.reduce((best, field, i) => (field.length > fields[best]!.length ? i : best), 0);
  return cut(heads[longest] ?? '', 0, shape, all);
}

/** The window of `text` around `at`, on word boundaries where it can be, with its matches as ranges. */
function cut(text: string, at: number, shape: PassageShape, matches: RegExp | null): HistoryPassage {
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
  const highlights: HistoryPassage['highlights'] = [];
  if (matches) {
    matches.lastIndex = from;
    for (let found = matches.exec(text); found !== null && found.index < to; found = matches.exec(text)) {
      highlights.push({ start: lead.length + found.index - from, end: lead.length + Math.min(to, found.index + found[0].length) - from });
    }
  }
  return { text: lead + text.slice(from, to) + (to < text.length ? '…' : ''), highlights };
}
