import { binsOf, niceWidth } from '../../../../../../renderer/features/runs/insights/histogram';

describe('latency histogram bins', () => {
  it('gives no bins for no values and one bin when all values are equal', () => {
    expect(binsOf([])).toEqual([]);
    expect(binsOf([Number.NaN])).toEqual([]);
    expect(binsOf([7, 7, 7])).toEqual([{ start: 7, end: 8, count: 3 }]);
  });

  it('bins values into round-width bins that count every value once', () => {
    const bins = binsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    // 16 values: about 4 bins; (16 - 1) / 4 = 3.75 rounds up to a width of 5.
    expect(bins).toEqual([
      { start: 0, end: 5, count: 4 },
      { start: 5, end: 10, count: 5 },
      { start: 10, end: 15, count: 5 },
      { start: 15, end: 20, count: 2 },
    ]);
  });

  it('keeps 10,000 values within the bin limit, with round edges', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => 0.1 + ((i * 7919) % 10_000) / 37);
    const bins = binsOf(values);
    expect(bins.length).toBeLessThanOrEqual(40);
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(10_000);
    expect(bins[0]!.start).toBe(0);
    for (const bin of bins) expect(String(bin.end)).not.toMatch(/0000000|9999999/);
  });

  it('rounds widths to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.2, 3, 7, 30, 450].map(niceWidth)).toEqual([0.5, 1, 2, 5, 10, 50, 500]);
  });
});
