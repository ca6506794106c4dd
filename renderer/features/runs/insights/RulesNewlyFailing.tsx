import type { ReactNode } from 'react';
import type { RunComparison } from '../../../../electron/shared/api';
import type { AgentLabel } from './agentLabels';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** "3 rules newly failing across 2 cases": compare's summary of the judges' rules. */
export function rulesSummary(list: RunComparison['rulesNewlyFailing']): string {
  return `${plural(list.rules, 'rule', 'rules')} newly failing across ${plural(list.cases, 'case', 'cases')}`;
}

/**
 * Compare's rules newly failing: for each pair of results both judged against one guideline,
 * the rules the judge passed in the baseline and fails in this run, each with the judge's why
 * now (its own words: untrusted, shown as text). The host counts them all and gives the first.
 */
export function RulesNewlyFailing({
  list,
  labelOf,
  partial,
}: {
  list: RunComparison['rulesNewlyFailing'];
  labelOf: (agentId: string) => AgentLabel;
  /** What to say under a list given only in part (and the button for more). */
  partial: ReactNode;
}) {
  return (
    <section aria-label="Rules newly failing" className="compare-section">
      <h3 className="compare-section-title">Rules newly failing ({rulesSummary(list)})</h3>
      <ol className="compare-answers">
        {list.items.map((pair) => {
          const { after } = pair;
          const label = labelOf(after.agentId);
          const place = [
            after.caseName,
            after.row === null ? null : `row ${after.row}`,
            after.iteration > 1 ? `iteration ${after.iteration}` : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <li key={after.index} className="compare-answer">
              <h4 className="compare-text-title">
                {place}, <span title={label.title}>{label.text}</span> <span className="muted small">against {pair.guideline.name}</span>
              </h4>
              <ul className="compare-failed">
                {pair.rules.map((rule) => (
                  <li key={rule.rule}>
                    <strong>Rule {rule.rule} newly failing</strong>
                    {rule.why === '' ? '' : `: ${rule.why}`}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {partial}
    </section>
  );
}
