import type { InvokeResult } from '../../../electron/shared/api';
import { describeVerdict, readVerdict, type ReadableVerdict } from '../../../electron/shared/judge/verdict';

/**
 * What asking a judge agent came to, as the page shows it: still asking, a verdict it can use,
 * or the reason there is none (the call failed, or the judge's answer could not be read). A
 * failure marks nothing: its reason is all there is to show.
 */
export type JudgeOutcome =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'failed'; reason: string; answer: string | null }
  | { status: 'judged'; verdict: ReadableVerdict; answer: string };

/** The outcome of a judge's invoke, its verdict read against a guideline of `ruleCount` rules. */
export function judgeOutcome(result: InvokeResult, ruleCount: number): JudgeOutcome {
  if (!result.ok) return { status: 'failed', reason: `The judge agent could not be asked: ${result.error.message}`, answer: null };
  const answer = result.value.response.answer;
  const verdict = readVerdict(answer, { ruleCount });
  if (!verdict.readable) return { status: 'failed', reason: verdict.problem, answer };
  return { status: 'judged', verdict, answer };
}

/** What the judge said, in a sentence for the page (the one-line form is shared with runs: describeVerdict). */
export function verdictSummary(verdict: ReadableVerdict): string {
  if (verdict.form === 'word')
    return `The judge said the whole answer ${verdict.passed ? 'passed' : 'failed'}, with no verdict per rule: no rule is marked.`;
  return `The judge’s verdict: ${describeVerdict(verdict)}.`;
}
