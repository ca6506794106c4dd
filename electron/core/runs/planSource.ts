import type { PlannedCase } from '../../shared/runs/suiteTypes';

/**
 * A run's requests, made as the run needs them rather than all at once: `total` is known before
 * anything is sent (the plan was checked), and `cases` gives them in plan order, each with its
 * `index` (0 to total - 1). It may be read again from the start (a report lists the requests a
 * stopped run never sent). A data file's plan reads the file as it goes (suiteLoad.ts), so memory
 * does not grow with the run; a plan that is already a list is a source too (planFrom).
 */
export interface PlanSource {
  readonly total: number;
  cases(): AsyncIterable<PlannedCase>;
}

/** A plan already made (a suite without data, Repeat, tests) as a source. */
export function planFrom(plan: readonly PlannedCase[]): PlanSource {
  return {
    total: plan.length,
    async *cases() {
      yield* plan;
    },
  };
}
