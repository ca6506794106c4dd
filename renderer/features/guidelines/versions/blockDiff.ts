import { diffArrays, diffLines } from 'diff';
import { boundedDiff, DEFAULT_LIMITS, deadlineIn, opOf, wordDiff, type WordDiff } from '../../history/wordDiff';

/**
 * The diffs behind "Compare versions": two kept versions of a guideline's markdown.
 *
 * The rendered diff works on blocks (paragraphs, list runs, headings, fenced code), not on
 * characters: each block is then rendered through the same sanitizing markdown view as the
 * reader, so a change never cuts a link or a code fence in half and untrusted text stays inert.
 * A removed block followed by an added one is paired as "changed", and carries a word diff of
 * its source so the reader sees which words moved inside it.
 *
 * Both diffs are bounded like History's Compare (wordDiff.ts): jsdiff's `maxEditLength` and a
 * `timeout` from one shared deadline; past them the view says why and shows both versions whole.
 */

/** One run of the block diff. */
export type BlockPart =
  | { op: 'same' | 'added' | 'removed'; block: string }
  /** A block replaced by another in the same place: both, and the word diff between them. */
  | { op: 'changed'; before: string; after: string; words: WordDiff };

export type BlockDiff =
  { kind: 'diff'; parts: BlockPart[]; added: number; removed: number; changed: number } | { kind: 'skipped'; reason: string };

/** One run of the source diff, by line. */
interface LinePart {
  op: 'same' | 'added' | 'removed';
  text: string;
}

export type LineDiff = { kind: 'diff'; parts: LinePart[] } | { kind: 'skipped'; reason: string };

export interface VersionDiffLimits {
  /** Give up when more than this many blocks (or lines, for the source) differ. */
  maxEditLength: number;
  /** Time, in ms, all the diffs of one comparison may take together. */
  budgetMs: number;
}

/** Two 5 MB guidelines alike but for a few paragraphs diff by block well within these limits. */
export const VERSION_LIMITS: VersionDiffLimits = { maxEditLength: 2_000, budgetMs: 400 };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The markdown's blocks: runs of lines separated by blank lines, where a fenced code block is
 * one block even when it holds blank lines (a fence split in two would render as two broken
 * halves). Trailing spaces of each block are kept out, so a re-wrapped blank line is no change.
 */
export function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (current.length > 0) blocks.push(current.join('\n').replace(/\s+$/, ''));
    current = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (fence !== null && marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
      fence = null;
    if (fence === null && line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

/** The block diff of `before` → `after`, or why it was not made. */
export function blockDiff(before: string, after: string, limits = VERSION_LIMITS, deadline = deadlineIn(limits.budgetMs)): BlockDiff {
  const bounded = boundedDiff(
    (options) => diffArrays(markdownBlocks(before), markdownBlocks(after), options),
    ['block', 'blocks'],
    limits.maxEditLength,
    deadline,
  );
  if ('reason' in bounded) return { kind: 'skipped', reason: bounded.reason };
  const changes = bounded.changes;
  const parts: BlockPart[] = [];
  for (let index = 0; index < changes.length; index++) {
    const change = changes[index]!;
    const next = changes[index + 1];
    if (change.removed && next?.added) {
      // Pair removed and added blocks one to one; the rest of the longer run stays removed/added.
      const pairs = Math.min(change.value.length, next.value.length);
      for (let i = 0; i < pairs; i++) {
        const words = wordDiff(change.value[i]!, next.value[i]!, DEFAULT_LIMITS, deadline);
        parts.push({ op: 'changed', before: change.value[i]!, after: next.value[i]!, words });
      }
      for (const block of change.value.slice(pairs)) parts.push({ op: 'removed', block });
      for (const block of next.value.slice(pairs)) parts.push({ op: 'added', block });
      index++;
      continue;
    }
    for (const block of change.value) parts.push({ op: opOf(change), block });
  }
  const count = (op: BlockPart['op']) => parts.filter((part) => part.op === op).length;
  return { kind: 'diff', parts, added: count('added'), removed: count('removed'), changed: count('changed') };
}

/** The line diff of the two markdown sources (what "Source" shows), bounded the same way. */
export function sourceDiff(before: string, after: string, limits = VERSION_LIMITS, deadline = deadlineIn(limits.budgetMs)): LineDiff {
  const bounded = boundedDiff((options) => diffLines(before, after, options), ['line', 'lines'], limits.maxEditLength, deadline);
  if ('reason' in bounded) return { kind: 'skipped', reason: bounded.reason };
  return { kind: 'diff', parts: bounded.changes.map((change) => ({ op: opOf(change), text: change.value })) };
}
