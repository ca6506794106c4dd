import type { GuidelineResult, InvokeResult, Result, RunJudgement, RunJudgeRule } from '../../shared/api';
import { judgePayload, JUDGE_TEXT } from '../../shared/judge/judgeRequest';
import { describeVerdict, readVerdict } from '../../shared/judge/verdict';
import type { JudgeExpectation } from '../../shared/runs/suiteTypes';
import type { ExpectationOutcome } from './expectations';

/**
 * A run's judge expectations: the guideline each names, fetched once per run, and the judge
 * agent's answer read into the `judge` expectation's outcome and the judgement kept with the
 * result (each rule's verdict, the guideline's version, the judge's own exchange). The runner
 * sends the judge's request through its own invoke path (so it waits its turn under the run's
 * concurrency and rate limit); everything here is what comes before and after that request.
 * A judge that errs or answers something unreadable fails the expectation saying so, never the run.
 */

/** A guideline as a run judges against it. */
export interface RunGuideline {
  id: string;
  name: string;
  content: string;
  /** The hash the library tells its versions apart by. */
  versionHash: string;
}

/** Fetches one guideline (through the library in the app; straight from the platform on the command line). */
export type GuidelineFetch = (guidelineId: string) => Promise<GuidelineResult>;

/**
 * Each guideline a run names, fetched the first time a judge needs it; every later judge of the
 * run waits for that same fetch (and shares its failure: a guideline is not fetched again).
 */
export function guidelinesOnce(fetch: GuidelineFetch): (guidelineId: string) => Promise<Result<RunGuideline>> {
  const fetched = new Map<string, Promise<Result<RunGuideline>>>();
  return (guidelineId) => {
    const key = guidelineId.toLowerCase();
    let found = fetched.get(key);
    if (found === undefined) {
      found = fetch(guidelineId).then(
        async (result): Promise<Result<RunGuideline>> => {
          if (!result.ok) return { ok: false, error: { code: result.error.code, message: result.error.message } };
          // Loaded when a run first judges: the command line starts without node:crypto otherwise.
          const { versionHash } = await import('../library/librarySchema');
          return {
            ok: true,
            value: { id: guidelineId, ...pick(result.value.guideline), versionHash: versionHash(result.value.guideline) },
          };
        },
        (error: unknown) => ({ ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } }),
      );
      fetched.set(key, found);
    }
    return found;
  };
}

function pick(guideline: { name: string; content: string }): { name: string; content: string } {
  return { name: guideline.name, content: guideline.content };
}

/** "rules 1–5 pass", "rules 2, 4 pass", "rule 3 passes". */
function rulesWord(rules: readonly number[]): string {
  if (rules.length === 1) return `rule ${rules[0]} passes`;
  const consecutive = rules.every((rule, index) => index === 0 || rule === rules[index - 1]! + 1);
  return `rules ${consecutive && rules.length > 2 ? `${rules[0]}–${rules[rules.length - 1]}` : rules.join(', ')} pass`;
}

/** What the expectation says it expects: `judge "Support reply checklist" rules 1–5 pass`. */
function expectedOf(spec: JudgeExpectation, guideline: RunGuideline | null, ruleCount: number | null): string {
  if (guideline === null) return `judge: guideline ${spec.guideline} passes`;
  const chosen = spec.rules ?? (ruleCount ? Array.from({ length: ruleCount }, (_, index) => index + 1) : []);
  const sorted = [...new Set(chosen)].sort((a, b) => a - b);
  return `judge ${JSON.stringify(guideline.name)} ${sorted.length === 0 ? 'passes' : rulesWord(sorted)}`;
}

/** The judge's request, as kept with the result. */
type JudgeInvoke = NonNullable<RunJudgement['exchange']>['request'];

export interface Judged {
  outcome: ExpectationOutcome;
  judgement: RunJudgement;
}

/** The expectation failed before any verdict: nothing to judge, no guideline, no judge agent. */
export function notJudged(spec: JudgeExpectation, guideline: RunGuideline | null, why: string): Judged {
  return {
    outcome: { kind: 'judge', passed: false, expected: expectedOf(spec, guideline, null), actual: why },
    judgement: {
      passed: false,
      verdict: why,
      failedRules: [],
      guideline: guideline && { id: guideline.id, name: guideline.name, versionHash: guideline.versionHash },
      rules: [],
      exchange: null,
    },
  };
}

/** The judge's request for one answer, and how many rules the guideline has (to read the verdict by). */
export function judgeRequest(
  agentId: string,
  spec: JudgeExpectation,
  guideline: RunGuideline,
  answer: string,
  text: string,
): { request: JudgeInvoke; ruleCount: number } {
  const { payload, ruleCount } = judgePayload({ answer, text, guideline, ...(spec.rules === undefined ? {} : { rules: spec.rules }) });
  return { request: { agentId, text: JUDGE_TEXT, payload }, ruleCount };
}

/** The judge's answer read into the expectation's outcome and the judgement kept with the result. */
export function judgedBy(
  spec: JudgeExpectation,
  guideline: RunGuideline,
  sent: { request: JudgeInvoke; ruleCount: number },
  result: InvokeResult,
): Judged {
  const exchange = { request: sent.request, result };
  const base = { guideline: { id: guideline.id, name: guideline.name, versionHash: guideline.versionHash }, exchange };
  const expected = expectedOf(spec, guideline, sent.ruleCount);
  if (!result.ok) {
    const why = `the judge could not answer (${result.error.code}): ${result.error.message}`;
    return {
      outcome: { kind: 'judge', passed: false, expected, actual: why },
      judgement: { passed: false, verdict: why, failedRules: [], rules: [], ...base },
    };
  }
  const outOfRange = (spec.rules ?? []).filter((rule) => rule > sent.ruleCount);
  if (outOfRange.length > 0) {
    const why = `the guideline has ${sent.ruleCount} ${sent.ruleCount === 1 ? 'rule' : 'rules'}: there is no rule ${outOfRange.join(', ')}`;
    return {
      outcome: { kind: 'judge', passed: false, expected, actual: why },
      judgement: { passed: false, verdict: why, failedRules: outOfRange, rules: [], ...base },
    };
  }
  const verdict = readVerdict(result.value.response.answer, {
    ...(spec.passWhen === undefined ? {} : { passWhen: spec.passWhen }),
    ...(spec.rules === undefined ? {} : { rules: spec.rules }),
    ruleCount: sent.ruleCount,
  });
  const line = describeVerdict(verdict);
  const rules: RunJudgeRule[] = verdict.readable
    ? [...verdict.rules, ...verdict.missing.map((rule) => ({ rule, pass: false, why: 'The judge said nothing of this rule.' }))].sort(
        (a, b) => a.rule - b.rule,
      )
    : [];
  return {
    outcome: { kind: 'judge', passed: verdict.passed, expected, actual: line },
    judgement: {
      passed: verdict.passed,
      verdict: line,
      failedRules: rules.filter((rule) => !rule.pass).map((rule) => rule.rule),
      rules,
      ...base,
    },
  };
}
