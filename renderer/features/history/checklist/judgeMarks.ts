import type { ChecklistItem } from '../../../../electron/shared/api';
import type { ReadableVerdict } from '../../../../electron/shared/judge/verdict';

/** The answer a judge can be asked about: the entry's, with its request's text and profile. */
export interface JudgedAnswer {
  answer: string;
  text: string;
  /** The entry's profile, whose library holds the guideline. */
  profileId: string;
}

/**
 * A judge's mark on one rule, shown in the checklist but not kept until the person confirms it
 * (it is then kept as the judge's) or changes the mark (it is then the person's).
 */
export interface Proposal {
  mark: 'pass' | 'fail';
  /** The judge's reason, as the comment it would keep (the person may edit it before confirming). */
  comment: string;
}

/** One proposal per checklist rule (null: the judge said nothing of it), by the checklist's numbering. */
export function proposalsFrom(verdict: ReadableVerdict, ruleCount: number): (Proposal | null)[] {
  const proposals: (Proposal | null)[] = Array.from({ length: ruleCount }, () => null);
  for (const rule of verdict.rules)
    if (rule.rule <= ruleCount) proposals[rule.rule - 1] = { mark: rule.pass ? 'pass' : 'fail', comment: rule.why };
  return proposals;
}

/** The item with the judge's mark confirmed: kept as the judge's. */
export const confirmedItem = (item: ChecklistItem, proposal: Proposal): ChecklistItem => ({
  ...item,
  mark: proposal.mark,
  comment: proposal.comment,
  by: 'judge',
});
