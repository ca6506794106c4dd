import type { Guideline } from '../../../../electron/shared/api';
import { checklistRules } from '../../../../electron/shared/checklistRules';
import { readableRule } from '../../history/checklist/readableRule';
import { JudgeBar } from '../../judge/JudgeBar';
import { useJudge } from '../../judge/useJudge';
import type { AnswerInView } from './answerPlace';

/**
 * "Judge this answer", on the guideline beside the workbench: a judge agent checks the answer the
 * request tab in front shows against this guideline, and each rule is marked Pass or Fail with the
 * judge's reason. The marks are of that answer only: a new answer (or none) clears them. Rules are
 * numbered as the History checklist numbers them, so the two agree.
 */
export function JudgeBeside({
  answer,
  guideline,
  guidelineId,
}: {
  answer: AnswerInView | null;
  guideline: Guideline;
  guidelineId: string;
}) {
  const judge = useJudge();
  const rules = checklistRules(guideline.content);
  if (rules.length === 0) return null;
  if (answer === null)
    return <p className="small muted judge-beside">Send a request: a judge agent can then check its answer against these rules.</p>;
  const subject = `${answer.key}\n${guidelineId}\n${guideline.content}`;
  const outcome = judge.outcome(subject);
  const verdicts = outcome.status === 'judged' ? outcome.verdict.rules : [];
  return (
    <section className="judge-beside" aria-label="Judge the answer against this guideline">
      <JudgeBar
        action="Judge this answer"
        outcome={outcome}
        after="Each rule is marked below."
        onAsk={(agentId, profileId) => void judge.ask({ agentId, profileId, answer: answer.answer, text: answer.text, guideline, subject })}
      />
      {verdicts.length > 0 && (
        <ol className="judged-rules" aria-label="Rules as judged">
          {rules.map((rule, index) => {
            const verdict = verdicts.find((candidate) => candidate.rule === index + 1);
            const word = verdict === undefined ? 'No verdict' : verdict.pass ? 'Pass' : 'Fail';
            return (
              <li key={index} className="judged-rule small" data-verdict={word.toLowerCase()}>
                <span className={`badge ${verdict === undefined ? '' : verdict.pass ? 'badge-pass' : 'badge-fail'}`}>{word}</span>
                <span>
                  Rule {index + 1}: {readableRule(rule.text)}
                </span>
                {verdict !== undefined && verdict.why !== '' && <span className="judged-rule-why muted">{verdict.why}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
