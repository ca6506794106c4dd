import { describe, expect, it } from 'vitest';
import { judgePayload, JUDGE_TEXT } from '../../../../electron/shared/judge/judgeRequest';

const GUIDELINE = {
  name: 'Reply rules',
  content:
    '# Reply rules\n\n## Opening\n\n1. Greet by **name**.\n2. Thank them,\n   in one line.\n\n- Sign off\n  - as the team\n\n```\n3. not a rule\n```\n',
};

describe('judgePayload', () => {
  it('sends the answer, text, guideline and name, and the rules as numbered lines as the checklist numbers them', () => {
    const { payload, ruleCount } = judgePayload({ answer: 'Hi Dana', text: 'Where is my refund?', guideline: GUIDELINE });
    expect(payload).toEqual({
      answer: 'Hi Dana',
      text: 'Where is my refund?',
      guideline: GUIDELINE.content,
      rules: '1. Greet by **name**.\n2. Thank them, in one line.\n3. Sign off\n4. as the team',
      name: 'Reply rules',
    });
    expect(ruleCount).toBe(4);
    expect(JUDGE_TEXT).toBe('');
  });

  it('sends only the chosen rules, keeping their numbers', () => {
    const { payload, ruleCount } = judgePayload({ answer: '', text: '', guideline: GUIDELINE, rules: [2, 4] });
    expect(payload.rules).toBe('2. Thank them, in one line.\n4. as the team');
    expect(ruleCount).toBe(4);
  });
});
