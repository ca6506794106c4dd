import type { SuiteProblem } from '../../../electron/shared/api';

/**
 * Finds the input a problem is about by its place in the suite (`cases[2].expect.answerMatches`):
 * the field itself, or the nearest enclosing one that has an input (`cases[2].payload.customer`
 * focuses the case's payload editor). Closed defaults are opened first. False when none is shown.
 */
export function focusSuiteField(root: HTMLElement | null, field: string): boolean {
  if (!root) return false;
  let path = field.startsWith('line ') ? 'data' : field;
  while (path !== '') {
    const exact = root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(path)}"]`);
    const area = root.querySelector<HTMLElement>(`[data-focus-area="${CSS.escape(path)}"]`);
    const target =
      exact ?? area?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, [contenteditable="true"]') ?? null;
    if (target) {
      const details = target.closest('details');
      if (details && !details.open) details.open = true;
      target.focus();
      return true;
    }
    // Up one level: `a.b[2].c` → `a.b[2]` → `a.b` → `a`.
    const next = path.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    path = next === path ? '' : next;
  }
  return false;
}

/** "case 3 "reflects customer"" or "". */
const where = (problem: SuiteProblem) =>
  problem.case ? `case ${problem.case.number}${problem.case.name ? ` “${problem.case.name}”` : ''}` : '';

/**
 * Every problem that stopped a run, each said where it is (file, case, field) and each a button
 * that takes the keyboard to the field. Nothing was sent while any is listed.
 */
export function SuiteProblems({ problems, onFocus }: { problems: readonly SuiteProblem[]; onFocus: (problem: SuiteProblem) => void }) {
  if (problems.length === 0) return null;
  return (
    <section className="suite-problems" aria-labelledby="suite-problems-title">
      <h3 id="suite-problems-title" className="field-error">
        {problems.length === 1 ? 'The suite has a problem' : `The suite has ${problems.length} problems`}: nothing was sent.
      </h3>
      <ul aria-label="Suite problems">
        {problems.map((problem, index) => (
          <li key={index}>
            <button type="button" className="button-link suite-problem" onClick={() => onFocus(problem)}>
              <span className="mono">{problem.file}</span>
              {where(problem) && <>, {where(problem)}</>}, <span className="mono">{problem.field}</span>: {problem.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
