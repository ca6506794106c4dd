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

/**
 * Times `a` and `b` `rounds` times each, after `warmUp` untimed rounds of both, alternating
 * which goes first so neither always gets the warmer cache. Returns each one's times in ms.
 */
export async function timeInTurns(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  rounds: number,
  warmUp = 200,
): Promise<[number[], number[]]> {
  const time = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  for (let i = 0; i < warmUp; i += 1) {
    await a();
    await b();
  }
  const aTimes: number[] = [];
  const bTimes: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    if (i % 2 === 0) {
      aTimes.push(await time(a));
      bTimes.push(await time(b));
    } else {
      bTimes.push(await time(b));
      aTimes.push(await time(a));
    }
  }
  return [aTimes, bTimes];
}
