import { blockDiff, markdownBlocks, sourceDiff } from '../../../../../../renderer/features/guidelines/versions/blockDiff';

/** The diffs behind "Compare versions": by block for the rendered view, by line for the source. */
describe('guideline version diffs', () => {
  it('splits markdown into blocks at blank lines, keeping a fenced code block whole', () => {
    const text = '# Title\n\nFirst paragraph\nstill first.\n\n```\ncode\n\nmore code\n```\n\n- a\n- b\n';
    expect(markdownBlocks(text)).toEqual(['# Title', 'First paragraph\nstill first.', '```\ncode\n\nmore code\n```', '- a\n- b']);
  });

  it('marks added and removed blocks, and pairs a replaced block as changed with its word diff', () => {
    const before = '# Refunds\n\nRefund within 14 days.\n\nOld rule to drop.\n\nAsk for the order number.';
    const after = '# Refunds\n\nRefund within 30 days.\n\nAsk for the order number.\n\nA new rule.';
    const diff = blockDiff(before, after);
    expect(diff.kind).toBe('diff');
    if (diff.kind !== 'diff') return;
    expect(diff.parts.map((part) => part.op)).toEqual(['same', 'changed', 'removed', 'same', 'added']);
    const changed = diff.parts[1]!;
    expect(
      changed.op === 'changed' && changed.words.kind === 'diff' && changed.words.parts.filter((p) => p.op !== 'same').map((p) => p.text),
    ).toEqual(['14', '30']);
    expect(diff).toMatchObject({ added: 1, removed: 1, changed: 1 });
  });

  it('says the versions are alike when only blank lines moved', () => {
    const diff = blockDiff('A\n\n\n\nB\n', 'A\n\nB');
    expect(diff.kind === 'diff' && diff.parts.every((part) => part.op === 'same')).toBe(true);
  });

  it('gives up, saying why, past its bound on changed blocks (a large guideline never freezes the window)', () => {
    const before = Array.from({ length: 400 }, (_, i) => `Old paragraph ${i}.`).join('\n\n');
    const after = Array.from({ length: 400 }, (_, i) => `New paragraph ${i}.`).join('\n\n');
    const diff = blockDiff(before, after, { maxEditLength: 50, budgetMs: 1_000 });
    expect(diff).toMatchObject({ kind: 'skipped', reason: expect.stringContaining('more than 50 blocks') });
    expect(sourceDiff(before, after, { maxEditLength: 50, budgetMs: 1_000 })).toMatchObject({ kind: 'skipped' });
  });

  it('diffs the source by line', () => {
    const diff = sourceDiff('a\nb\nc\n', 'a\nB\nc\n');
    expect(diff.kind === 'diff' && diff.parts.map((part) => [part.op, part.text])).toEqual([
      ['same', 'a\n'],
      ['removed', 'b\n'],
      ['added', 'B\n'],
      ['same', 'c\n'],
    ]);
  });
});
