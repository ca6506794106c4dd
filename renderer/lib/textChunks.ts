import { enUsNumberFormat } from '../../electron/shared/numberFormat';

/**
 * Cutting long text into pieces a page can render at once.
 *
 * An answer can be tens of megabytes. Putting all of it into the DOM freezes the window for
 * seconds (layout of a multi-megabyte text node), so views show a first piece and reveal the
 * rest on demand. These helpers decide where a piece ends: preferably just after a line
 * break, never between the two halves of a surrogate pair (that would show a broken glyph).
 */

/** How much of a long text is shown at first: enough to read, small enough to lay out at once. */
export const FIRST_CHUNK_CHARS = 64 * 1024;
/** How much each "Show more" adds. */
export const MORE_CHUNK_CHARS = 128 * 1024;
/** "Show all" is offered only when what is left is at most this much. */
export const SHOW_ALL_MAX_CHARS = 2 * 1024 * 1024;
/** How far back from the limit a line break is looked for. */
const LINE_BREAK_WINDOW = 2048;

/**
 * Where a piece that starts at `from` and may be `size` characters long should end: the
 * text's end if it fits; else just after the last line break in the final stretch before the
 * limit; else at the limit, moved back one if that would split a surrogate pair.
 */
export function chunkEnd(text: string, from: number, size: number): number {
  const limit = from + size;
  if (limit >= text.length) return text.length;
  const lineBreak = text.lastIndexOf('\n', limit - 1);
  if (lineBreak >= limit - LINE_BREAK_WINDOW && lineBreak >= from) return lineBreak + 1;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

const WHOLE = enUsNumberFormat({ maximumFractionDigits: 0 });

const COMPACT = enUsNumberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/** "1,234": a whole number with thousands separators, the same in every locale. */
export function formatWhole(count: number): string {
  return WHOLE(count);
}

/** "1,234 characters" / "1 character". */
export function formatCount(count: number, noun: string): string {
  return `${WHOLE(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** "33.5M characters" / "870 characters": for what is left of a long text, where the digits do not matter. */
export function formatCompactCount(count: number, noun: string): string {
  return `${COMPACT(count)} ${noun}${count === 1 ? '' : 's'}`;
}
