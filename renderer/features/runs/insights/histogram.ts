/**
 * Histogram bins for the latency charts, as a pure function: the chart (uPlot, canvas) and the
 * table that stands in for it read the same bins, and tests check them without a canvas.
 */

/** One bin: values v with start <= v < end (the last bin also holds v === end). */
export interface Bin {
  start: number;
  end: number;
  count: number;
}

/** At most this many bins: enough shape for 10,000 values, still readable as a table. */
const MAX_BINS = 40;

/** The smallest of 1, 2 or 5 × 10^k that is at least `raw`, so bin edges read as round numbers. */
export function niceWidth(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const step of [1, 2, 5, 10]) if (step * power >= raw - power * 1e-9) return step * power;
  return 10 * power;
}

/**
 * Bins `values` (ms) into at most `maxBins` bins of a round width (1, 2 or 5 × 10^k), starting
 * at a multiple of that width; about √n bins for n values. Non-finite values are left out. No
 * values give no bins; values all equal give one bin.
 */
export function binsOf(values: readonly number[], maxBins: number = MAX_BINS): Bin[] {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    n += 1;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return [];
  const wanted = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(n))));
  let width = niceWidth((max - min) / wanted);
  let start = Math.floor(min / width) * width;
  // A round width and a rounded-down start can need one bin more than wanted: widen until it fits.
  while (Math.floor((max - start) / width) + 1 > maxBins) {
    width = niceWidth(width * 1.5);
    start = Math.floor(min / width) * width;
  }
  const count = max === min ? 1 : Math.min(maxBins, Math.floor((max - start) / width) + 1);
  // toPrecision: 0.1-wide bins would otherwise end at 0.30000000000000004.
  const edge = (index: number) => Number((start + index * width).toPrecision(12));
  const bins: Bin[] = Array.from({ length: count }, (_, index) => ({ start: edge(index), end: edge(index + 1), count: 0 }));
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    const index = Math.min(count - 1, Math.floor((value - start) / width));
    bins[index]!.count += 1;
  }
  return bins;
}
