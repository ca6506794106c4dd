/**
 * Find within a guideline: matching in the source (for parts not rendered yet) and in the
 * rendered page (for the highlights). Both ignore case; matches do not overlap.
 */

/** Where `query` occurs in `text`, ignoring case, as start offsets. An empty query matches nothing. */
export function findMatches(text: string, query: string, limit = Number.POSITIVE_INFINITY): number[] {
  return findInLowered(text.toLowerCase(), query, limit);
}

/** As findMatches, in a text already lower-cased (a 5 MB guideline is lower-cased once, not per keystroke). */
export function findInLowered(haystack: string, query: string, limit = Number.POSITIVE_INFINITY): number[] {
  const needle = query.toLowerCase();
  if (needle === '') return [];
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && found.length < limit; at = haystack.indexOf(needle, at + needle.length)) {
    found.push(at);
  }
  return found;
}

/** The next (or previous) match after `current` among `total`, wrapping around; -1 when there are none. */
export function stepMatch(current: number, total: number, direction: 1 | -1): number {
  if (total === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : total - 1;
  return (current + direction + total) % total;
}

/** Text the find skips: the reader's own buttons (Copy, link to section), which are not the guideline's. */
const SKIP = 'button, [data-find-skip]';

/**
 * The ranges of `query` in the text under `root`, across element boundaries ("foo **bar**"
 * matches "foo bar"), skipping the reader's own controls. Nothing in the page is changed.
 */
export function findRanges(root: Element, query: string): Range[] {
  if (query === '') return [];
  const nodes: { node: Text; from: number }[] = [];
  let text = '';
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, from: text.length });
    text += (node as Text).data;
  }
  const ranges: Range[] = [];
  let cursor = 0;
  const locate = (offset: number, end: boolean) => {
    while (cursor + 1 < nodes.length && (end ? nodes[cursor + 1]!.from < offset : nodes[cursor + 1]!.from <= offset)) cursor += 1;
    const entry = nodes[cursor]!;
    return { node: entry.node, offset: offset - entry.from };
  };
  for (const start of findMatches(text, query)) {
    const range = root.ownerDocument.createRange();
    const from = locate(start, false);
    range.setStart(from.node, from.offset);
    const to = locate(start + query.length, true);
    range.setEnd(to.node, to.offset);
    ranges.push(range);
  }
  return ranges;
}
