import { describe, expect, it } from 'vitest';
import { describeVerdict, readVerdict, WHY_LIMIT } from '../../../../electron/shared/judge/verdict';

describe('readVerdict: JSON', () => {
  it('reads bare JSON verdicts and passes when every rule passed', () => {
    const verdict = readVerdict('{"verdicts": [{"rule": 1, "pass": true, "why": "greets"}, {"rule": 2, "pass": true, "why": "dates"}]}');
    expect(verdict).toEqual({
      readable: true,
      form: 'json',
      passed: true,
      rules: [
        { rule: 1, pass: true, why: 'greets' },
        { rule: 2, pass: true, why: 'dates' },
      ],
      missing: [],
    });
    expect(describeVerdict(verdict)).toBe('all 2 rules passed');
  });

  it('reads JSON inside a code fence after prose, and fails on one failing rule', () => {
    const answer =
      'Here is my verdict.\n\n```json\n{"verdicts": [{"rule": 2, "pass": false, "why": "no date"}, {"rule": 1, "pass": true}]}\n```\nThanks.';
    const verdict = readVerdict(answer);
    expect(verdict.passed).toBe(false);
    expect(verdict.readable && verdict.form).toBe('json');
    expect(verdict.readable && verdict.rules).toEqual([
      { rule: 1, pass: true, why: '' },
      { rule: 2, pass: false, why: 'no date' },
    ]);
    expect(describeVerdict(verdict)).toBe('rule 2 failed');
  });

  it('counts only the chosen rules, and a chosen rule without a verdict fails', () => {
    const answer = '{"verdicts": [{"rule": 1, "pass": false}, {"rule": 2, "pass": true}]}';
    expect(readVerdict(answer, { rules: [2] }).passed).toBe(true);
    const missing = readVerdict(answer, { rules: [2, 3] });
    expect(missing).toMatchObject({ passed: false, missing: [3] });
    expect(describeVerdict(missing)).toBe('no verdict on rule 3');
    expect(readVerdict('{"verdicts": [{"rule": 1, "pass": true}]}', { ruleCount: 2 })).toMatchObject({ passed: false, missing: [2] });
  });

  it('accepts "PASS"/"FAIL" words and numeric strings, and a rule judged twice passes only if both passed', () => {
    const verdict = readVerdict('{"verdicts": [{"rule": "1", "verdict": "PASS"}, {"rule": 1, "pass": "fail", "why": "second look"}]}');
    expect(verdict).toMatchObject({ passed: false, rules: [{ rule: 1, pass: false, why: 'second look' }] });
  });

  it('says what is wrong with malformed verdicts instead of guessing', () => {
    expect(readVerdict('{"verdicts": {"rule": 1}}')).toEqual({
      readable: false,
      passed: false,
      problem: 'The judge\'s answer could not be read: Its JSON "verdicts" is not a list.',
    });
    expect(readVerdict('{"verdicts": [{"pass": true}]}')).toMatchObject({
      readable: false,
      problem: expect.stringContaining('Verdict 1 of its JSON has no rule number'),
    });
    expect(readVerdict('{"verdicts": [{"rule": 1, "pass": "maybe"}]}')).toMatchObject({
      readable: false,
      problem: expect.stringContaining('(rule 1) says neither pass nor fail'),
    });
  });

  it('caps a long reason', () => {
    const verdict = readVerdict(JSON.stringify({ verdicts: [{ rule: 1, pass: true, why: 'x'.repeat(5000) }] }));
    expect(verdict.readable && verdict.rules[0]!.why.length).toBe(WHY_LIMIT);
  });
});

describe('readVerdict: numbered lines', () => {
  it('reads the shapes models write', () => {
    const answer = [
      'Verdicts:',
      '1. PASS: greets the customer by name',
      'Rule 2 - FAIL - gives no date',
      '- **3** — Pass — signs as the team',
      '4) FAIL',
      'Overall the reply needs work.',
    ].join('\n');
    const verdict = readVerdict(answer);
    expect(verdict).toEqual({
      readable: true,
      form: 'lines',
      passed: false,
      rules: [
        { rule: 1, pass: true, why: 'greets the customer by name' },
        { rule: 2, pass: false, why: 'gives no date' },
        { rule: 3, pass: true, why: 'signs as the team' },
        { rule: 4, pass: false, why: '' },
      ],
      missing: [],
    });
    expect(describeVerdict(verdict)).toBe('rules 2, 4 failed');
  });

  it('uses the pass word of the expectation', () => {
    expect(readVerdict('1. OK fine\n2. OK also fine', { passWhen: 'OK' })).toMatchObject({ form: 'lines', passed: true });
    expect(readVerdict('1. OK fine\n2. FAIL no', { passWhen: 'OK' })).toMatchObject({ form: 'lines', passed: false });
  });

  it('does not read a numbered line without a verdict word as one', () => {
    expect(readVerdict('1. The reply is polite.\n2. It passes muster.')).toMatchObject({ readable: false });
  });
});

describe('readVerdict: the whole answer', () => {
  it('passes on the pass word without FAIL, fails with FAIL', () => {
    expect(readVerdict('PASS. The answer follows the guideline.')).toEqual({
      readable: true,
      form: 'word',
      passed: true,
      rules: [],
      missing: [],
    });
    expect(readVerdict('Mostly PASS, but rule three is a FAIL.')).toMatchObject({ form: 'word', passed: false });
    expect(readVerdict('Verdict: APPROVED', { passWhen: 'APPROVED' })).toMatchObject({ form: 'word', passed: true });
  });

  it('does not take a word inside another for the verdict', () => {
    expect(readVerdict('The PASSWORD was FAILSAFE.')).toMatchObject({ readable: false });
  });

  it('says when the answer holds no verdict at all', () => {
    const verdict = readVerdict('I think the answer is fine.');
    expect(verdict).toEqual({
      readable: false,
      passed: false,
      problem:
        'The judge\'s answer has no verdict: no JSON "verdicts", no lines starting with a rule number and PASS or FAIL, and neither PASS nor FAIL in it.',
    });
    expect(describeVerdict(verdict)).toBe(verdict.readable ? '' : verdict.problem);
  });
});
