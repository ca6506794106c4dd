import { describe, expect, it } from 'vitest';
import { judgeAnswer } from '../../../electron/sandbox/judge';
import { SANDBOX_AGENTS, SANDBOX_GUIDELINES, answerFor } from '../../../electron/sandbox/catalog';
import { judgePayload } from '../../../electron/shared/judge/judgeRequest';
import { readVerdict } from '../../../electron/shared/judge/verdict';

const judge = SANDBOX_AGENTS.find((agent) => agent.name === 'Guideline judge')!;
const checklist = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Support reply checklist')!;
const drafter = SANDBOX_AGENTS.find((agent) => agent.name === 'Support reply drafter')!;

describe('the Sandbox judge agent', () => {
  it('judges the drafter against the checklist: a refund reply passes every rule, another fails rule 4 only', () => {
    const refund = answerFor(drafter, 'Where is my money?', { customer_name: 'Dana', company: 'Northwind', topic: 'a delayed refund' });
    const { payload, ruleCount } = judgePayload({ answer: refund, text: 'Where is my money?', guideline: checklist });
    expect(ruleCount).toBe(5);
    expect(readVerdict(answerFor(judge, '', payload), { ruleCount })).toMatchObject({ form: 'json', passed: true, missing: [] });

    const login = answerFor(drafter, 'I cannot log in.', { customer_name: 'Ravi', company: 'Northwind', topic: 'signing in' });
    const verdict = readVerdict(
      answerFor(judge, '', judgePayload({ answer: login, text: 'I cannot log in.', guideline: checklist }).payload),
      { ruleCount },
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.readable && verdict.rules.filter((rule) => !rule.pass)).toEqual([
      { rule: 4, pass: false, why: 'The answer does not say "refund".' },
    ]);
  });

  it('is deterministic, and a rule quoting nothing passes saying there is nothing to check', () => {
    const payload = { answer: 'hello', rules: '1. Be kind.\n2. Say "hello".' };
    expect(judgeAnswer(payload)).toBe(judgeAnswer(payload));
    expect(readVerdict(judgeAnswer(payload))).toMatchObject({
      passed: true,
      rules: [
        { rule: 1, pass: true, why: 'The rule quotes no words to look for, so there is nothing to check.' },
        { rule: 2, pass: true, why: 'The answer says "hello".' },
      ],
    });
  });

  it('fails, saying what to send, without an answer or rules', () => {
    expect(judgeAnswer({ text: 'hi' })).toMatch(/^FAIL: nothing to judge/);
    expect(readVerdict(judgeAnswer({ answer: 'x', rules: 'no numbers here' }))).toMatchObject({ form: 'word', passed: false });
  });

  it('lists the placeholders a judge prompt uses', () => {
    expect([...judge.placeholders].sort()).toEqual(['answer', 'guideline', 'name', 'rules', 'text']);
  });
});
