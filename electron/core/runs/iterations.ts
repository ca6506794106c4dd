import type { PlanSource } from './planSource';

/**
 * A run's iterations, one way for every host: the plan is sent `iterations` times over, pass
 * after pass, each request numbered on from the last (the runner keys its results by index), and
 * a result's pass is told from its index. The app's runs keep the pass as a column; reports name
 * it in the case ("reflects customer (iteration 2)"). The passes are made as they are sent, not
 * copied: a plan of a million requests sent ten times is never ten million held.
 */

/** The plan sent `iterations` times, pass after pass, each request with its own index; `named`: its case named with its pass. */
export function repeatPlan(plan: PlanSource, iterations: number, named = false): PlanSource {
  if (iterations <= 1) return plan;
  return {
    total: plan.total * iterations,
    async *cases() {
      for (let pass = 0; pass < iterations; pass += 1) {
        for await (const planned of plan.cases()) {
          const index = pass * plan.total + planned.index;
          yield { ...planned, index, ...(named ? { caseName: iterationCaseName(planned.caseName, pass + 1, iterations) } : {}) };
        }
      }
    },
  };
}

/** Which pass of the plan (1-based) the request at `index` of a repeated plan belongs to. */
export function iterationOf(index: number, planLength: number): number {
  return Math.floor(index / planLength) + 1;
}

/** A case's name in a report: with its pass of the plan when the plan was sent more than once. */
export function iterationCaseName(name: string, iteration: number, iterations: number): string {
  return iterations > 1 ? `${name} (iteration ${iteration})` : name;
}
