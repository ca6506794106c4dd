import './judge.css';
import { useId, useState } from 'react';
import { thrownMessage } from '../../lib/errorKinds';
import { Disclosure } from '../../ui/Disclosure';
import { verdictSummary, type JudgeOutcome } from './judgeOutcome';
import { useJudgeAgent } from './useJudgeAgent';

/**
 * The judge agent to ask (a pick list, remembered per profile), the button that asks it, and
 * what came of it: asking, the verdict in a sentence, or plainly why there is none (the call
 * failed, or the answer could not be read as a verdict), then the judge's own answer on request.
 * Untrusted: the judge's answer and reasons are shown as text.
 */
export function JudgeBar({
  action,
  outcome,
  onAsk,
  after,
}: {
  /** The button's words: "Ask a judge agent", "Judge this answer". */
  action: string;
  outcome: JudgeOutcome;
  onAsk: (agentId: string, profileId: string) => void;
  /** Said after a verdict that marked rules (e.g. "Confirm or change each mark."). */
  after: string;
}) {
  const judge = useJudgeAgent();
  const pickId = useId();
  const [unpicked, setUnpicked] = useState(false);
  return (
    <div className="judge-bar">
      <div className="cluster judge-bar-row">
        <label htmlFor={pickId} className="small">
          Judge agent
        </label>
        <select
          id={pickId}
          className="input judge-pick"
          value={judge.agentId}
          onChange={(event) => {
            setUnpicked(false);
            judge.choose(event.target.value);
          }}
        >
          <option value="">Pick a judge agent…</option>
          {judge.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button-quiet button-small"
          disabled={outcome.status === 'pending'}
          onClick={() => {
            if (judge.agentId === '' || judge.profileId === undefined) setUnpicked(true);
            else onAsk(judge.agentId, judge.profileId);
          }}
        >
          {action}
        </button>
      </div>
      {judge.saveError && <p className="inline-error">The judge agent picked was not remembered: {thrownMessage(judge.saveError)}</p>}
      <div aria-live="polite" className="small judge-outcome">
        {unpicked &&
          judge.agentId === '' &&
          'Pick a judge agent first: an agent of this platform whose prompt checks answers against rules.'}
        {outcome.status === 'pending' && 'Asking the judge agent…'}
        {outcome.status === 'judged' && `${verdictSummary(outcome.verdict)}${outcome.verdict.rules.length > 0 ? ` ${after}` : ''}`}
      </div>
      {outcome.status === 'failed' && (
        <p className="inline-error" role="alert">
          No verdict: {outcome.reason} No rule is marked.
        </p>
      )}
      {(outcome.status === 'judged' || outcome.status === 'failed') && outcome.answer !== null && (
        <Disclosure summary="The judge’s answer (its exchange is in History)">
          <pre className="code-block judge-answer">{outcome.answer}</pre>
        </Disclosure>
      )}
    </div>
  );
}
