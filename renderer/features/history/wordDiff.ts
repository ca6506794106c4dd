import { diffWords } from 'diff';

/**
 * A word-level diff of two untrusted texts, bounded so that comparing two large answers never
 * freezes the window. jsdiff's Myers diff is O(N·D): two similar 1 MB answers took minutes in
 * a measurement on this machine, and even with `timeout` the tokenizing alone passed a second.
 * So three bounds apply, and any of them turns the diff into a plain "here are both texts":
 * - a size limit per text, checked before any work (tokenizing is linear but not free);
 * - `maxEditLength`, in words: texts that different read better side by side than as a
 *   confetti of thousands of marks, and it also caps how many parts the page has to render;
 * - `timeout`, from a deadline shared by all the diffs of one comparison, so a comparison of
 *   several texts costs at most the one budget.
 */

/** One run of the diff: in both texts, only in the first (removed), or only in the second (added). */
export interface DiffPart {
  op: 'same' | 'removed' | 'added';
  text: string;
}

export type WordDiff =
  /**
   * The parts in order; `changes` counts the removed and added runs (0 when the texts are equal).
   * `sides`: each text's own parts (same and removed, same and added) with its own spacing, for
   * showing one text at a time: jsdiff moves whitespace between runs, so the shared parts may
   * not spell either text exactly ("refund for" against "refund, for" read "refundfor").
   */
  | { kind: 'diff'; parts: DiffPart[]; changes: number; sides: readonly [DiffPart[], DiffPart[]] }
  /** Not diffed; `reason` says why in a sentence, and both texts are shown as they are. */
  | { kind: 'skipped'; reason: string; texts: readonly [string, string] };

/** The bounds of a comparison's word diffs. */
export interface DiffLimits {
  /** Texts longer than this (characters, each) are not diffed word by word. */
  maxChars: number;
  /** Give up when the texts differ by more than this many words. */
  maxEditLength: number;
  /** Time, in ms, all the diffs of one comparison may take together. */
  budgetMs: number;
}

/**
 * 100,000 characters diffs in well under the budget when the texts are alike (measured: 52 KB
 * in 0.16 s); the budget bounds how long the window can be busy at most.
 */
export const DEFAULT_LIMITS: DiffLimits = { maxChars: 100_000, maxEditLength: 5_000, budgetMs: 300 };

/** A shared time budget: each diff gets what the earlier ones left. */
export interface Deadline {
  remainingMs(): number;
}

export function deadlineIn(ms: number, now: () => number = () => performance.now()): Deadline {
  const end = now() + ms;
  return { remainingMs: () => end - now() };
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The word diff of `first` → `second`, or the reason it was not made. */
export function wordDiff(first: string, second: string, limits = DEFAULT_LIMITS, deadline = deadlineIn(limits.budgetMs)): WordDiff {
  if (first === second) {
    const parts: DiffPart[] = first === '' ? [] : [{ op: 'same', text: first }];
    return { kind: 'diff', parts, changes: 0, sides: [parts, parts] };
  }
  const longest = Math.max(first.length, second.length);
  if (longest > limits.maxChars) {
    return {
      kind: 'skipped',
      reason:
        `Too large to compare word by word (${plural(longest, 'character', 'characters')}; ` +
        `the limit is ${plural(limits.maxChars, 'character', 'characters')}).`,
      texts: [first, second],
    };
  }
  const bounded = boundedDiff((options) => diffWords(first, second, options), ['word', 'words'], limits.maxEditLength, deadline);
  if ('reason' in bounded) return { kind: 'skipped', reason: bounded.reason, texts: [first, second] };
  const parts: DiffPart[] = bounded.changes.map((change) => ({ op: opOf(change), text: change.value }));
  const sides = [respaced(first, parts, 'added'), respaced(second, parts, 'removed')] as const;
  return { kind: 'diff', parts, changes: parts.filter((part) => part.op !== 'same').length, sides };
}

/**
 * One text's parts (all but `other`'s), each cut from the text itself so that its spacing is
 * kept: a part runs from where the last one ended through its words, and takes the whitespace
 * after them when it ends in whitespace (the last part takes the rest).
 */
function respaced(text: string, parts: readonly DiffPart[], other: DiffPart['op']): DiffPart[] {
  const own = parts.filter((part) => part.op !== other);
  let at = 0;
  return own.map((part, index) => {
    let end = at;
    for (const word of part.text.match(/\S+/g) ?? []) {
      const found = text.indexOf(word, end);
      if (found >= 0) end = found + word.length;
    }
    if (index === own.length - 1) end = text.length;
    else if (/\s$/.test(part.text)) while (end < text.length && /\s/.test(text[end]!)) end += 1;
    const cut = { op: part.op, text: text.slice(at, end) };
    at = end;
    return cut;
  });
}

/** What a jsdiff change is, as a part's `op`. */
export const opOf = (change: { added: boolean; removed: boolean }): DiffPart['op'] =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

/**
 * One jsdiff call (words, blocks or lines) bounded by `maxEditLength` units and by what the
 * deadline has left: its changes, or the sentence that says why it was not made.
 */
export function boundedDiff<Change>(
  diff: (options: { maxEditLength: number; timeout: number }) => Change[] | undefined,
  [one, many]: readonly [string, string],
  maxEditLength: number,
  deadline: Deadline,
): { changes: Change[] } | { reason: string } {
  const timeout = Math.floor(deadline.remainingMs());
  if (timeout <= 0) return { reason: `Not compared ${one} by ${one}: the time for this comparison ran out.` };
  const changes = diff({ maxEditLength, timeout });
  if (changes !== undefined) return { changes };
  return {
    reason:
      `Too different to compare ${one} by ${one} in good time (more than ${plural(maxEditLength, one, many)} ` +
      `differ, or it took over ${timeout} ms).`,
  };
}
