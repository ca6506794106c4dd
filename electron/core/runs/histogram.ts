import type { LatencyBin } from '../../shared/api';

/**
 * How a latency histogram is cut: round-width bins (1, 2 or 5 × 10^k ms) from the count, the
 * smallest and the largest value alone, so the database counts each bin with one GROUP BY and
 * no value is read into memory (runAggregates.ts). The chart and the table that stands in for
 * it show the bins as they come.
 */

/** At most this many bins: enough shape for 10,000 values, still readable as a table. */
const MAX_BINS = 40;

/** Bin `index` holds the values v with start + index·width <= v < start + (index + 1)·width (the last bin also its end). */
export interface BinLayout {
  start: number;
  width: number;
  count: number;
}

/** The smallest of 1, 2 or 5 × 10^k that is at least `raw`, so bin edges read as round numbers. */
export function niceWidth(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 5, 10]) if (step * power >= raw - power * 1e-9) return step * power;
  return 10 * power;
}

/**
 * The bins for `n` values from `min` to `max`: at most `maxBins` of a round width, starting at a
 * multiple of that width; about √n bins. No values give no bins (null); values all equal give one.
 */
export function binLayout(n: number, min: number, max: number, maxBins: number = MAX_BINS): BinLayout | null {
  if (n === 0) return null;
  const wanted = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(n))));
  let width = niceWidth((max - min) / wanted);
  let start = Math.floor(min / width) * width;
  // A round width and a rounded-down start can need one bin more than wanted: widen until it fits.
  while (Math.floor((max - start) / width) + 1 > maxBins) {
    width = niceWidth(width * 1.5);
    start = Math.floor(min / width) * width;
  }
  const count = max === min ? 1 : Math.min(maxBins, Math.floor((max - start) / width) + 1);
  return { start, width, count };
}

/** The bins of a layout with the count of each (`counts` by bin number; a bin absent from it holds none). */
export function binsOf(layout: BinLayout, counts: ReadonlyMap<number, number>): LatencyBin[] {
  // toPrecision: 0.1-wide bins would otherwise end at 0.30000000000000004.
  const edge = (index: number) => Number((layout.start + index * layout.width).toPrecision(12));
  return Array.from({ length: layout.count }, (_, index) => ({ start: edge(index), end: edge(index + 1), count: counts.get(index) ?? 0 }));
}
