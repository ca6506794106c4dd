/**
 * A guideline's outline, read from the markdown source in one pass over its lines, without
 * parsing it: the headings (for the contents, anchors and section copies) and the chunks the
 * reader renders one at a time.
 *
 * Why not parse: the markdown pipeline needs seconds for a 5 MB text and would block the window
 * (the first screen is wanted in under 500 ms). A line scan finds the ATX headings (`#`…`######`
 * at the start of a line, outside fenced code) in a few tens of milliseconds. It deliberately
 * takes only headings at column 0: one indented by 1–3 spaces may belong to a list item above it,
 * and only a parse could tell. Setext headings (`Title` over `===`) are rendered as headings but
 * are not in the contents, for the same reason (`---` is also a rule).
 *
 * Chunks are split at those headings, and a long run without one is split further at a blank line
 * followed by an unindented line (which ends any list or quote above it), so that no chunk is too
 * big to render in one go. Splitting costs what only the whole text can give: a reference-style link
 * whose definition sits in another chunk renders as text, and footnotes are numbered per chunk.
 */

/** A heading of the contents. */
export interface OutlineHeading {
  /** 1–6, as written (`#` is 1). */
  level: number;
  /** The heading as a reader sees it: markdown emphasis, code marks and link syntax removed. */
  text: string;
  /** The id of its element: `gl-` and a slug, unique within the guideline. */
  id: string;
  /** Where its line starts in the source. */
  start: number;
  /** Where its section ends: the next heading of the same or a higher level, or the end. */
  sectionEnd: number;
  /** The chunk that starts with it. */
  chunk: number;
}

/** A piece of the source rendered on its own. */
export interface OutlineChunk {
  source: string;
  start: number;
  /** The heading it starts with, as an index into `headings`, or null. */
  heading: number | null;
}

export interface Outline {
  headings: OutlineHeading[];
  chunks: OutlineChunk[];
  /** True when the content opened with a heading equal to the name, which was left out of `chunks` and `headings`. */
  titleDropped: boolean;
}

/** The prefix of every heading id: server text can never produce one of the app's own ids. */
const HEADING_ID_PREFIX = 'gl-';

let readers = 0;
/**
 * A heading id prefix for one reader: `gl-<n>-`, a new n for each reader, so two guidelines on
 * one page (tabs, the one beside the workbench) never share an id, and a contents link or an
 * in-page link always goes to its own guideline's heading.
 */
export function nextHeadingPrefix(): string {
  readers += 1;
  return `${HEADING_ID_PREFIX}${readers}-`;
}
/** A run without headings longer than this is split at the next safe blank line. */
export const CHUNK_TARGET_CHARS = 6000;

const ATX = /^(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;

/** Heading or name text as a reader sees it: no emphasis or code marks, links as their text. */
export function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!~|<>])/g, '$1')
    .replace(/[*_~`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Compared as a reader would: trimmed, case-insensitively, emphasis ignored. */
export function sameTitle(a: string, b: string): boolean {
  return plainInline(a).toLocaleLowerCase() === plainInline(b).toLocaleLowerCase();
}

/** A slug of a heading: letters and digits of any script, joined by hyphens; "section" when none are left. */
export function slugify(text: string): string {
  const slug = text
    .toLocaleLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return slug === '' ? 'section' : slug;
}

/** Ids for headings in order, each `gl-<slug>`, made unique with `-2`, `-3`… when headings repeat. */
export function headingIds(texts: readonly string[], prefix = HEADING_ID_PREFIX): string[] {
  const used = new Set<string>();
  return texts.map((text) => {
    const base = prefix + slugify(text);
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

interface Line {
  text: string;
  start: number;
}

function lines(source: string): Line[] {
  const result: Line[] = [];
  let start = 0;
  for (;;) {
    const end = source.indexOf('\n', start);
    if (end === -1) {
      result.push({ text: source.slice(start), start });
      return result;
    }
    result.push({ text: source.slice(start, end), start });
    start = end + 1;
  }
}

/** The outline of `source`; `name` is the guideline's name, for showing the title once; `prefix` starts every heading id. */
export function outline(source: string, name: string, prefix = HEADING_ID_PREFIX): Outline {
  const all = lines(source);
  const found: { level: number; text: string; start: number }[] = [];
  const breaks: number[] = [];
  let fence: string | null = null;
  let sinceBreak = 0;
  let titleDropped = false;
  let firstContent = true;
  let bodyStart = 0;
  for (let index = 0; index < all.length; index += 1) {
    const line = all[index]!;
    const fenceMatch = FENCE.exec(line.text);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      firstContent = false;
      continue;
    }
    const heading = line.text.startsWith('#') ? ATX.exec(line.text) : null;
    if (heading) {
      const text = plainInline(heading[2] ?? '');
      if (firstContent && sameTitle(text, name)) {
        titleDropped = true;
        bodyStart = all[index + 1]?.start ?? source.length;
      } else {
        found.push({ level: heading[1]!.length, text, start: line.start });
      }
      firstContent = false;
      sinceBreak = 0;
      continue;
    }
    if (line.text.trim() !== '') firstContent = false;
    sinceBreak += line.text.length + 1;
    const next = all[index + 1];
    if (sinceBreak > CHUNK_TARGET_CHARS && line.text.trim() === '' && next && /^[^\s]/.test(next.text) && !next.text.startsWith('#')) {
      breaks.push(next.start);
      sinceBreak = 0;
    }
  }

  const ids = headingIds(
    found.map((heading) => heading.text),
    prefix,
  );
  const starts = [
    ...found.map((heading, index) => ({ at: heading.start, heading: index as number | null })),
    ...breaks.map((at) => ({ at, heading: null })),
  ]
    .filter((cut) => cut.at >= bodyStart)
    .sort((a, b) => a.at - b.at);
  const chunks: OutlineChunk[] = [];
  const chunkOfHeading: number[] = [];
  if (starts.length === 0 || starts[0]!.at > bodyStart) {
    const firstEnd = starts[0]?.at ?? source.length;
    if (source.slice(bodyStart, firstEnd).trim() !== '' || starts.length === 0)
      chunks.push({ source: source.slice(bodyStart, firstEnd), start: bodyStart, heading: null });
  }
  starts.forEach((cut, index) => {
    const end = starts[index + 1]?.at ?? source.length;
    if (cut.heading !== null) chunkOfHeading[cut.heading] = chunks.length;
    chunks.push({ source: source.slice(cut.at, end), start: cut.at, heading: cut.heading });
  });

  const headings = found.map((heading, index) => {
    let sectionEnd = source.length;
    for (let later = index + 1; later < found.length; later += 1) {
      if (found[later]!.level <= heading.level) {
        sectionEnd = found[later]!.start;
        break;
      }
    }
    return { ...heading, id: ids[index]!, sectionEnd, chunk: chunkOfHeading[index] ?? 0 };
  });
  return { headings, chunks, titleDropped };
}

/** The markdown of a heading's section: from its line to the next heading of the same or a higher level. */
export function sectionSource(source: string, heading: OutlineHeading): string {
  return source.slice(heading.start, heading.sectionEnd).replace(/\s+$/, '') + '\n';
}
