import type { HistoryPassage } from '../../../electron/shared/api';

/**
 * Markdown source as plain text, for "Copy as plain text": what a reader sees, without markup.
 *
 * Made from the source line by line, not from the rendered page: the reader renders a long
 * guideline a part at a time, so the page may not hold all of it, and a parse of 5 MB would
 * block the window. It keeps code as written, list markers as a reader sees them ("-" and
 * "1."), links as "text (address)", and drops emphasis, heading marks, quote marks and table
 * rules.
 */

const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;

function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_m, alt: string, url: string) => `[Image: ${alt || 'no description'}] (${url})`)
    .replace(/\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, (_m, label: string, url: string) =>
      url === '' || url === label ? label : `${label} (${url})`,
    )
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!~|<>])/g, '$1');
}

/** The plain text of markdown `source`. */
export function markdownToPlainText(source: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const raw of source.split('\n')) {
    const fenceMatch = FENCE.exec(raw);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      else out.push(raw);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      continue;
    }
    let line = raw.replace(/^(\s*>)+\s?/, '');
    if (/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line) && line.includes('-') && line.includes('|')) continue;
    if (/^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    if (/^ {0,3}(=+|-+)\s*$/.test(line) && out.length > 0 && out[out.length - 1] !== '') continue;
    line = line.replace(/^ {0,3}#{1,6}(?:[ \t]+|$)/, '').replace(/[ \t]+#+[ \t]*$/, '');
    line = line.replace(/^(\s*)[*+](?=\s)/, '$1-');
    line = line.replace(/^(\s*- )\[[ xX]\] /, (_m, lead: string) => lead);
    if (line.includes('|') && /^\s*\|.*\|\s*$/.test(line)) {
      line = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => inline(cell.trim()))
        .join('\t');
      out.push(line);
      continue;
    }
    out.push(inline(line));
  }
  return (
    out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}

/**
 * A search hit's passage (a cut of markdown source, its matches as ranges) as plain text, the
 * ranges moved with it: each piece between range ends is made plain on its own, so a mark that
 * spans a match is still dropped piece by piece. Lighter than markdownToPlainText (a passage is
 * one line cut from anywhere): heading and quote marks, emphasis, code ticks and a link's address
 * go; the link's text stays; inline HTML stays as text, as the reader shows it.
 */
export function plainPassage(passage: HistoryPassage): HistoryPassage {
  const cuts = [...new Set([0, passage.text.length, ...passage.highlights.flatMap(({ start, end }) => [start, end])])]
    .filter((at) => at >= 0 && at <= passage.text.length)
    .sort((a, b) => a - b);
  const moved = new Map<number, number>();
  let text = '';
  cuts.forEach((at, index) => {
    moved.set(at, text.length);
    const next = cuts[index + 1];
    if (next !== undefined) text += plainPiece(passage.text.slice(at, next));
  });
  return { text, highlights: passage.highlights.map(({ start, end }) => ({ start: moved.get(start) ?? 0, end: moved.get(end) ?? 0 })) };
}

function plainPiece(piece: string): string {
  return piece
    .replace(/\]\([^)\s]*[^)]*\)/g, '')
    .replace(/!?\[(?=[^\]]*(\]|$))/g, '')
    .replace(/(^|\n)\s{0,3}(#{1,6}|>+)\s?/g, '$1')
    .replace(/\*\*|__|`+|~~/g, '')
    .replace(/(^|\s)\*(?=\S)|(?<=\S)\*(?=\s|$|[.,;:!?])/g, '$1')
    .replace(/\s*\n\s*/g, ' ');
}
