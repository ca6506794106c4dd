import { findMatches, stepMatch } from '../../../../../renderer/features/guidelines/findText';

describe('find matching', () => {
  it('finds every non-overlapping match, ignoring case', () => {
    expect(findMatches('Refund, REFUND, refunded', 'refund')).toEqual([0, 8, 16]);
    expect(findMatches('aaaa', 'aa')).toEqual([0, 2]);
    expect(findMatches('text', '')).toEqual([]);
  });

  it('steps forward and back, wrapping around', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});
