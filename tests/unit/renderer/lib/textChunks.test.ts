import { chunkEnd, formatCompactCount, formatCount } from '../../../../renderer/lib/textChunks';

describe('cutting long text into pieces', () => {
  it('returns the whole text when it fits', () => {
    expect(chunkEnd('short', 0, 100)).toBe(5);
  });

  it('cuts just after the last line break near the limit', () => {
    const text = `${'a'.repeat(90)}\n${'b'.repeat(100)}`;
    expect(chunkEnd(text, 0, 100)).toBe(91);
  });

  it('cuts at the limit when there is no line break, but never inside a surrogate pair', () => {
    const text = `${'a'.repeat(9)}😀${'b'.repeat(10)}`; // the emoji takes indices 9 and 10
    expect(chunkEnd(text, 0, 10)).toBe(9);
    expect(chunkEnd(text, 0, 11)).toBe(11);
  });

  it('says sizes in words', () => {
    expect(formatCount(1, 'character')).toBe('1 character');
    expect(formatCount(31457280, 'character')).toBe('31,457,280 characters');
    expect(formatCompactCount(31_392_000, 'character')).toBe('31.4M characters');
  });
});
