import type { RunJudgement } from '../../../../electron/shared/api';

/**
 * A judge expectation's verdict in an opened result: the guideline and its version, each chosen
 * rule's verdict with the judge's reason (its own words: untrusted text, shown as text), and a
 * button that shows the judge's own exchange in the Response view below in place of the case's.
 */
export function JudgeVerdict({
  judgement,
  showingJudge,
  onShowJudge,
}: {
  judgement: RunJudgement;
  showingJudge: boolean;
  onShowJudge: (show: boolean) => void;
}) {
  const { guideline, rules, exchange } = judgement;
  return (
    <section aria-label="Judge's verdict" className="run-judge">
      <h4 className="run-expectations-title">
        Judge: <span className={judgement.passed ? 'run-pass' : 'run-fail'}>{judgement.verdict}</span>
      </h4>
      {guideline && (
        <p className="muted small">
          Against <strong>{guideline.name}</strong>, version <span className="mono">{guideline.versionHash.slice(0, 12)}</span>
        </p>
      )}
      {rules.length > 0 && (
        <ul aria-label="Rules" className="run-expectation-list">
          {rules.map((rule) => (
            <li key={rule.rule} className={rule.pass ? 'run-expectation-passed' : 'run-expectation-failed'}>
              <span className={rule.pass ? 'run-pass' : 'run-fail'}>{rule.pass ? 'Passed' : 'Failed'}</span>{' '}
              <strong>Rule {rule.rule}</strong>
              {rule.why !== '' && <span className="run-judge-why"> {rule.why}</span>}
            </li>
          ))}
        </ul>
      )}
      {exchange && (
        <button type="button" className="button-quiet button-small" aria-pressed={showingJudge} onClick={() => onShowJudge(!showingJudge)}>
          {showingJudge ? "Show the case's exchange" : "Show the judge's exchange"}
        </button>
      )}
    </section>
  );
}
