import type { SaveEntryChecklistRequest } from '../../../../electron/shared/api';
import { useGuidelineCopy } from '../../guidelines/queries/library';
import { JudgeBar } from '../../judge/JudgeBar';
import { useJudge } from '../../judge/useJudge';
import { proposalsFrom, type JudgedAnswer, type Proposal } from './judgeMarks';

/**
 * "Ask a judge agent" on a checklist: the judge is sent the entry's answer and the guideline as
 * the checklist was drawn from it (the library's copy of that version), and its verdicts become
 * proposed marks, rule by rule. When the library's latest copy is another version, the judge
 * would number the rules differently: it is not offered, and that is said.
 */
export function ChecklistJudge({
  draft,
  judged,
  onProposals,
}: {
  draft: SaveEntryChecklistRequest;
  judged: JudgedAnswer;
  onProposals: (proposals: (Proposal | null)[]) => void;
}) {
  const copy = useGuidelineCopy({ profileId: judged.profileId, guidelineId: draft.guidelineId });
  const judge = useJudge();
  const subject = `${draft.entryId}\n${draft.guidelineId}\n${draft.versionHash}`;
  if (!copy.data?.ok) return null;
  const { guideline, version } = copy.data.value;
  if (version.hash !== draft.versionHash)
    return (
      <p className="small muted">
        A judge agent can check a checklist of the guideline’s latest version only: this one was drawn from an earlier version.
      </p>
    );
  return (
    <JudgeBar
      action="Ask a judge agent"
      outcome={judge.outcome(subject)}
      after="Its marks are shown below as the judge’s: confirm or change each one; only confirmed marks are saved."
      onAsk={(agentId, profileId) => {
        void judge.ask({ agentId, profileId, answer: judged.answer, text: judged.text, guideline, subject }).then((outcome) => {
          if (outcome.status === 'judged' && outcome.verdict.rules.length > 0)
            onProposals(proposalsFrom(outcome.verdict, draft.items.length));
        });
      }}
    />
  );
}
