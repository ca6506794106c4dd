import type { ChecklistRule } from './api/checklists';

/**
 * The rules of a guideline for its checklist: every list item (bulleted `-` `*` `+` or numbered
 * `1.` `1)`) of its markdown, nested ones too, each with the nearest heading above it. Code is
 * not a rule: fenced blocks (``` and ~~~) and indented code outside lists are skipped, as are
 * list-looking lines inside them. A line-based reader rather than the full markdown parser, so
 * the host and the page agree without loading the renderer's markdown chunk, and a 5 MB
 * guideline is read in one pass.
 */

const FENCE = /^(\s*)(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const SETEXT = /^ {0,3}(=+|-+)\s*$/;
const ITEM = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;
const TASK = /^\[[ xX]\]\s+/;

/** Columns of leading white space, a tab counting to the next multiple of 4. */
function indentOf(text: string): number {
  let columns = 0;
  for (const char of text) columns = char === '\t' ? columns + 4 - (columns % 4) : columns + 1;
  return columns;
}

export function checklistRules(markdown: string): ChecklistRule[] {
  const rules: ChecklistRule[] = [];
  let section = '';
  let fence: { marker: string; indent: number } | null = null;
  /** Open items: the column their text starts at, and where they are in `rules`. */
  let open: { contentColumn: number; index: number }[] = [];
  let previousBlank = true;
  let previousText = '';
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      if (
        fenceMatch &&
        fenceMatch[2]![0] === fence.marker[0] &&
        fenceMatch[2]!.length >= fence.marker.length &&
        line.trim() === fenceMatch[2]
      )
        fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = { marker: fenceMatch[2]!, indent: indentOf(fenceMatch[1]!) };
      continue;
    }
    if (line.trim() === '') {
      previousBlank = true;
      continue;
    }
    const indent = indentOf(/^\s*/.exec(line)![0]);
    const heading = HEADING.exec(line);
    if (heading && indent < 4) {
      section = heading[2]!.trim();
      open = [];
      previousBlank = false;
      previousText = '';
      continue;
    }
    // "Title\n-----" is a heading too, not an item or a rule line.
    if (SETEXT.test(line) && !previousBlank && previousText !== '' && open.length === 0) {
      section = previousText;
      previousBlank = false;
      previousText = '';
      continue;
    }
    // Close the items this line is not inside of.
    while (open.length > 0 && indent < open[open.length - 1]!.contentColumn && (previousBlank || ITEM.test(line))) open.pop();
    const item = ITEM.exec(line);
    const insideItem = open.length > 0;
    // Indented code: four columns past where text may start, outside any item, after a blank.
    if (!insideItem && indent >= 4 && previousBlank) {
      previousBlank = false;
      continue;
    }
    if (item && (indent < 4 || insideItem)) {
      const markerColumn = indent + item[2]!.length + 1;
      const text = item[3]!.replace(TASK, '').trim();
      rules.push({ section, text, depth: open.length });
      open.push({ contentColumn: markerColumn, index: rules.length - 1 });
    } else if (insideItem && !previousBlank) {
      // A lazy continuation line of the innermost item's paragraph.
      const last = rules[open[open.length - 1]!.index]!;
      last.text = `${last.text} ${line.trim()}`.trim();
    } else if (insideItem && indent >= open[open.length - 1]!.contentColumn) {
      // A later paragraph of the item: part of the rule too.
      const last = rules[open[open.length - 1]!.index]!;
      last.text = `${last.text} ${line.trim()}`.trim();
    } else {
      open = [];
    }
    previousBlank = false;
    previousText = line.trim();
  }
  return rules.filter((rule) => rule.text !== '');
}
