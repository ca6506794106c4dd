/**
 * How deeply a markdown text nests, measured on the source before it is parsed.
 *
 * The markdown pipeline (micromark → mdast → hast → React) recurses once per level of
 * nesting, so a hostile or broken document made of 3 KB of `>` (3000 nested block quotes),
 * `1. ` repeated, or thousands of `*` around a word overflows the call stack ("Maximum call
 * stack size exceeded") and, with it, whatever tree rendered it. Real documents nest a few
 * levels. So the text is measured first, in one linear pass with no parsing, and a text that
 * nests beyond the limits below is shown as plain text instead.
 *
 * The measure is deliberately an over-estimate (it never parses, so it cannot be fooled into
 * the very recursion it guards against): it counts every container marker at the start of a
 * line, indentation as possible list nesting, and every opening emphasis delimiter or bracket
 * not yet closed. A document that trips it by accident would need, e.g., 64 nested quotes or a
 * run of more than 128 `*` before a word: nothing a person writes.
 */

/** Block containers (quotes, list items, and nesting by indentation) on one line. */
const MAX_BLOCK_DEPTH = 64;
/** Open emphasis delimiters (`*`, `_`, `~`) or brackets (`[`, `![`) within one paragraph. */
const MAX_INLINE_DEPTH = 128;

/** What was measured: the deepest block nesting of any line and inline nesting of any paragraph. */
export interface MarkdownDepth {
  block: number;
  inline: number;
}

/** A quote marker, or a bullet or ordered list marker followed by a space, a tab or the end of the line. */
const CONTAINER = /^ {0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
/**
 * An opening code fence as CommonMark reads one: a backtick fence whose info string holds a
 * backtick is not a fence, so it must not make the guard skip what follows.
 */
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
/** A line that may start an HTML block, inside which a fence line is no fence at all. */
const HTML_START = /^ {0,3}</;

/** Containers at the start of a line, plus its remaining indentation counted as list levels (two columns each). */
function lineDepth(line: string): number {
  let rest = line;
  let depth = 0;
  for (;;) {
    const match = CONTAINER.exec(rest);
    if (!match) break;
    depth += 1;
    rest = rest.slice(match[0].length);
    if (depth > MAX_BLOCK_DEPTH) return depth;
  }
  const indent = /^[ \t]*/.exec(rest)?.[0] ?? '';
  const columns = indent.replaceAll('\t', '    ').length;
  return depth + Math.floor(columns / 2);
}

const isDelimiter = (char: string) => char === '*' || char === '_' || char === '~';
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/**
 * Inline nesting of one line, continuing from `open` (what the paragraph left open). A run
 * of delimiters followed by a non-space (a possible opener) adds its length; one preceded by
 * a non-space and followed by a space (a closer) takes it off. `[` opens and `]` closes.
 */
function inlineDepth(line: string, open: number, deepest: number): { open: number; deepest: number } {
  let index = 0;
  while (index < line.length) {
    const char = line[index]!;
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (char === '[') {
      open += 1;
    } else if (char === ']') {
      open = Math.max(0, open - 1);
    } else if (isDelimiter(char)) {
      let end = index;
      while (end < line.length && isDelimiter(line[end]!)) end += 1;
      const opens = !isSpace(line[end]);
      const closes = !isSpace(line[index - 1]);
      const run = end - index;
      if (opens && !closes) open += run;
      else if (closes && !opens) open = Math.max(0, open - run);
      index = end;
      deepest = Math.max(deepest, open);
      continue;
    }
    deepest = Math.max(deepest, open);
    index += 1;
  }
  return { open, deepest };
}

/**
 * The nesting of a markdown text, in one pass. Fenced code blocks are skipped (nothing in them
 * nests), but only while no line could have started an HTML block: inside one, a fence line is
 * text, and what follows it is parsed as markdown. Telling HTML blocks' ends apart would mean
 * parsing, so after the first such line every later line is measured (an over-estimate, which is
 * the safe side: at worst a document is shown as plain text).
 */
export function markdownDepth(source: string): MarkdownDepth {
  let block = 0;
  let inline = 0;
  let open = 0;
  let fence: string | null = null;
  let htmlSeen = false;
  for (const line of source.split('\n')) {
    const fenceMatch = htmlSeen ? null : FENCE.exec(line);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (HTML_START.test(line)) htmlSeen = true;
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    block = Math.max(block, lineDepth(line));
    // A blank line ends the paragraph, and with it any emphasis or bracket left open.
    if (line.trim() === '') open = 0;
    else ({ open, deepest: inline } = inlineDepth(line, open, inline));
    if (block > MAX_BLOCK_DEPTH && inline > MAX_INLINE_DEPTH) break;
  }
  return { block, inline };
}

/** True when the text nests too deeply to render safely as markdown. */
export function nestsTooDeeply(source: string): boolean {
  const depth = markdownDepth(source);
  return depth.block > MAX_BLOCK_DEPTH || depth.inline > MAX_INLINE_DEPTH;
}
