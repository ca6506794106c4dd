import type { JsonObject } from '../api';
import { checklistRules } from '../checklistRules';
import type { ChecklistRule } from '../api/checklists';

/**
 * What a judge agent is sent: the payload keys its prompt's placeholders can use. The same for a
 * run, History and the workbench, so one judge prompt works in all three:
 * - `answer`: the answer being judged; `text`: the request's text that produced it;
 * - `guideline`: the guideline's whole content (markdown); `name`: its name;
 * - `rules`: its rules as plain numbered lines, numbered as the History checklist numbers them
 *   (the same extraction, `checklistRules`), so verdicts and checklist marks line up.
 */

export interface JudgeInput {
  answer: string;
  text: string;
  guideline: { name: string; content: string };
  /** Rule numbers to send (the `rules` of a judge expectation); every rule when absent. */
  rules?: readonly number[];
}

/** The text a judge invoke sends: empty, since everything it judges is in the payload. */
export const JUDGE_TEXT = '';

/** "1. Greet the customer by name…" lines, each rule's text on one line, with its checklist number. */
function numberedRules(rules: readonly ChecklistRule[], chosen?: readonly number[]): string {
  return rules
    .map((rule, index) => ({ number: index + 1, text: rule.text.replace(/\s+/g, ' ').trim() }))
    .filter((rule) => chosen === undefined || chosen.includes(rule.number))
    .map((rule) => `${rule.number}. ${rule.text}`)
    .join('\n');
}

/** The payload of a judge invoke, and how many rules the guideline has (for reading the verdict). */
export function judgePayload(input: JudgeInput): { payload: JsonObject; ruleCount: number } {
  const rules = checklistRules(input.guideline.content);
  return {
    payload: {
      answer: input.answer,
      text: input.text,
      guideline: input.guideline.content,
      rules: numberedRules(rules, input.rules),
      name: input.guideline.name,
    },
    ruleCount: rules.length,
  };
}
