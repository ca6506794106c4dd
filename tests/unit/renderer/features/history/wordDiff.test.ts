import { DEFAULT_LIMITS, deadlineIn, wordDiff } from '../../../../../renderer/features/history/wordDiff';

describe('wordDiff', () => {
  it('marks the words only in the first text as removed and only in the second as added, keeping the rest', () => {
    const diff = wordDiff('Refunds take five days.', 'Refunds take ten business days.');
    expect(diff.kind).toBe('diff');
    if (diff.kind !== 'diff') return;
    expect(diff.parts.filter((part) => part.op === 'removed').map((part) => part.text.trim())).toEqual(['five']);
    expect(diff.parts.filter((part) => part.op === 'added').map((part) => part.text.trim())).toEqual(['ten business']);
    expect(
      diff.parts
        .filter((part) => part.op !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe('Refunds take five days.');
    expect(
      diff.parts
        .filter((part) => part.op !== 'removed')
        .map((part) => part.text)
        .join(''),
    ).toBe('Refunds take ten business days.');
  });

  it('keeps every space of each side, shown alone: "refund for" against "refund, for" does not read "refundfor"', () => {
    const sides = (first: string, second: string) => {
      const diff = wordDiff(first, second);
      if (diff.kind !== 'diff') throw new Error(diff.reason);
      return diff.sides.map((side) => side.map((part) => part.text).join(''));
    };
    expect(sides('refund for the order', 'refund, for the order')).toEqual(['refund for the order', 'refund, for the order']);
    expect(sides('We will refund\nfor the order.', 'We will refund the order for you.')).toEqual([
      'We will refund\nfor the order.',
      'We will refund the order for you.',
    ]);
  });

  it('says equal texts are the same, with no changes', () => {
    const same = [{ op: 'same', text: 'Same words.' }];
    expect(wordDiff('Same words.', 'Same words.')).toEqual({ kind: 'diff', parts: same, changes: 0, sides: [same, same] });
  });

  it('does not diff texts over the size limit, and says so, keeping both texts', () => {
    const big = 'word '.repeat(30_000);
    const diff = wordDiff(big, `${big} more`, { ...DEFAULT_LIMITS, maxChars: 100_000 });
    expect(diff).toMatchObject({ kind: 'skipped', texts: [big, `${big} more`] });
    expect(diff.kind === 'skipped' && diff.reason).toMatch(/Too large to compare word by word \(150,005 characters; the limit is 100,000/);
  });

  it('gives up on texts that differ in more words than the edit limit', () => {
    const a = Array.from({ length: 400 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 400 }, (_, i) => `b${i}`).join(' ');
    const diff = wordDiff(a, b, { ...DEFAULT_LIMITS, maxEditLength: 100 });
    expect(diff.kind).toBe('skipped');
    expect(diff.kind === 'skipped' && diff.reason).toMatch(/Too different to compare word by word/);
  });

  it('stops within its time budget on two large answers, and gives both texts instead', () => {
    const words = ['refund', 'order', 'five', 'days', 'policy', 'invoice'];
    const text = (seed: number) => Array.from({ length: 15_000 }, (_, i) => words[(i * seed + (i >> 3)) % words.length]).join(' ');
    const limits = { maxChars: 1_000_000, maxEditLength: 1_000_000, budgetMs: 150 };
    const started = performance.now();
    const diff = wordDiff(text(7), text(11), limits);
    const took = performance.now() - started;
    expect(diff.kind).toBe('skipped');
    // Unbounded, this pair takes seconds; tokenizing is outside the timeout, so allow for it.
    expect(took).toBeLessThan(1_500);
  });

  it('skips at once when the shared deadline has passed', () => {
    const diff = wordDiff(
      'one two',
      'one three',
      DEFAULT_LIMITS,
      deadlineIn(0, () => 0),
    );
    expect(diff.kind === 'skipped' && diff.reason).toMatch(/time for this comparison ran out/);
  });
});
