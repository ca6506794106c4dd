import type { PlanSource } from '../../electron/core/runs/planSource';
import type { PlannedCase } from '../../electron/shared/runs/suiteTypes';

/** Every request of a plan, made at once (tests look at a small plan whole; a run pulls them one by one). */
export async function casesOf(plan: PlanSource): Promise<PlannedCase[]> {
  const cases: PlannedCase[] = [];
  for await (const planned of plan.cases()) cases.push(planned);
  return cases;
}
