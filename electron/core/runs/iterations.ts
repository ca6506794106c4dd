import type { PlannedCase } from '../../shared/runs/suiteTypes';

/**
 * A run's iterations, one way for every host: the plan is sent `iterations` times over, pass
 * after pass, each request numbered on from the last (the runner keys its results by index), and
 * a result's pass is told from its index. The app's runs keep the pass as a column; reports name
 * it in the case ("reflects customer (iteration 2)").
 */

/** The plan sent `iterations` times, pass after pass, each request with its own index. */
export function repeatPlan(plan: readonly PlannedCase[], iterations: number): PlannedCase[] {
  if (iterations <= 1) return [...plan];
  return Array.from({ length: plan.length * iterations }, (_, index) => ({ ...plan[index % plan.length]!, index }));
}

/** Which pass of the plan (1-based) the request at `index` of a repeated plan belongs to. */
export function iterationOf(index: number, planLength: number): number {
  return Math.floor(index / planLength) + 1;
}

/** A case's name in a report: with its pass of the plan when the plan was sent more than once. */
export function iterationCaseName(name: string, iteration: number, iterations: number): string {
  return iterations > 1 ? `${name} (iteration ${iteration})` : name;
}
