import type { JsonObject } from '../shared/api';

/**
 * The Sandbox's judge agent: a deterministic stand-in for a model that checks an answer against
 * a guideline's rules. A rule names what it looks for in quotes ("Thank you for contacting", or
 * `escalation`); the rule passes when every quoted phrase is in the answer, case aside. A rule
 * that quotes nothing cannot be checked this way and passes, saying so. It answers the way a
 * model asked for JSON often does: a sentence, then the verdicts in a fenced JSON block.
 */

// Curly quotes written as escapes: the command line's bundle stays ASCII (esbuild escapes strings, not regular expressions).
const QUOTED = /"([^"\n]+)"|\u201c([^\u201d\n]+)\u201d|`([^`\n]+)`/g;
const RULE_LINE = /^\s*(\d{1,6})[.)]\s+(.*)$/;

function phrasesOf(rule: string): string[] {
  return [...rule.matchAll(QUOTED)].map((match) => (match[1] ?? match[2] ?? match[3]!).trim()).filter((phrase) => phrase !== '');
}

function verdictOn(rule: number, text: string, answer: string): { rule: number; pass: boolean; why: string } {
  const phrases = phrasesOf(text);
  if (phrases.length === 0) return { rule, pass: true, why: 'The rule quotes no words to look for, so there is nothing to check.' };
  const lower = answer.toLowerCase();
  const missing = phrases.filter((phrase) => !lower.includes(phrase.toLowerCase()));
  if (missing.length === 0) return { rule, pass: true, why: `The answer says ${phrases.map((phrase) => `"${phrase}"`).join(' and ')}.` };
  return { rule, pass: false, why: `The answer does not say ${missing.map((phrase) => `"${phrase}"`).join(' or ')}.` };
}

/** The judge's answer to a payload with `answer` and `rules` (numbered lines), as judgePayload sends them. */
export function judgeAnswer(payload: JsonObject): string {
  const answer = typeof payload.answer === 'string' ? payload.answer : null;
  const rules = typeof payload.rules === 'string' ? payload.rules : null;
  if (answer === null || rules === null)
    return 'FAIL: nothing to judge. Send the answer to judge as "answer" and the numbered rules as "rules" in the payload.';
  const verdicts = rules
    .split(/\r?\n/)
    .map((line) => RULE_LINE.exec(line))
    .filter((match) => match !== null)
    .map((match) => verdictOn(Number(match[1]), match[2]!, answer));
  if (verdicts.length === 0) return 'FAIL: the "rules" in the payload hold no numbered rules ("1. …").';
  const failed = verdicts.filter((verdict) => !verdict.pass).length;
  const summary =
    failed === 0
      ? `All ${verdicts.length} rules are followed.`
      : `${failed} of ${verdicts.length} ${verdicts.length === 1 ? 'rule is' : 'rules are'} not followed.`;
  return `${summary}\n\n\`\`\`json\n${JSON.stringify({ verdicts }, null, 2)}\n\`\`\``;
}
