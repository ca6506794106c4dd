/** Percentiles and formatting for benchmarks: figures are compared within one run, never to fixed times. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function ms(value: number): string {
  return `${value < 10 ? value.toFixed(3) : value.toFixed(1)} ms`;
}

export function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}
