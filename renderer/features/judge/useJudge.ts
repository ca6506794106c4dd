import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { JUDGE_TEXT, judgePayload } from '../../../electron/shared/judge/judgeRequest';
import { apiMutation } from '../../host/api';
import { useHost } from '../../host/HostContext';
import { thrownMessage } from '../../lib/errorKinds';
import { judgeOutcome, type JudgeOutcome } from './judgeOutcome';

/** What the judge is asked about: an answer, the request's text, and the guideline as the page fetched it. */
export interface JudgeQuestion {
  agentId: string;
  /** The profile the judge agent belongs to (the active one): refused, sending nothing, if it changed meanwhile. */
  profileId: string;
  answer: string;
  text: string;
  guideline: { name: string; content: string };
  /** Names the answer and guideline asked about: the outcome is shown only while they are the ones in view. */
  subject: string;
}

/** The lists a new History entry (the judge's own exchange) belongs in. */
const HISTORY_LISTS = ['listHistory', 'searchHistory', 'countHistory'] as const;

/**
 * Asking a judge agent about an answer: an ordinary invoke of the judge (so its exchange is a
 * History entry that opens in the Response view like any other), with the payload every judge
 * gets (judgePayload), and its answer read as a verdict (readVerdict). Used by a History
 * checklist and by the guideline beside the workbench. `outcome(subject)` is what asking about
 * that subject came to; another subject (the answer changed) reads as not asked.
 */
export function useJudge() {
  const mutation = useMutation(apiMutation(useHost(), 'invokeAgent', { invalidates: HISTORY_LISTS }));
  const [asked, setAsked] = useState<{ subject: string; ruleCount: number; failure: string | null } | null>(null);

  async function ask(question: JudgeQuestion): Promise<JudgeOutcome> {
    const { payload, ruleCount } = judgePayload({ answer: question.answer, text: question.text, guideline: question.guideline });
    setAsked({ subject: question.subject, ruleCount, failure: null });
    try {
      const result = await mutation.mutateAsync({
        agentId: question.agentId,
        text: JUDGE_TEXT,
        payload,
        profileId: question.profileId,
        requestId: crypto.randomUUID(),
      });
      return judgeOutcome(result, ruleCount);
    } catch (error) {
      const failure = `Agent Explorer’s host did not answer: ${thrownMessage(error)}`;
      setAsked({ subject: question.subject, ruleCount, failure });
      return { status: 'failed', reason: failure, answer: null };
    }
  }

  function outcome(subject: string): JudgeOutcome {
    if (asked === null || asked.subject !== subject || mutation.isIdle) return { status: 'idle' };
    if (mutation.isPending) return { status: 'pending' };
    if (asked.failure !== null || !mutation.data)
      return { status: 'failed', reason: asked.failure ?? 'The judge gave no answer.', answer: null };
    return judgeOutcome(mutation.data, asked.ruleCount);
  }

  return { ask, outcome, pending: mutation.isPending };
}
