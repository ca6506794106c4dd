import { checklistRules } from '../../../electron/shared/checklistRules';

/** A guideline's rules for its checklist: list items with their section, not code. */
describe('checklist rules from a guideline', () => {
  it('takes bulleted and numbered items with the heading above them, nested ones one level deeper', () => {
    const markdown = [
      '# Refunds',
      '',
      'Some intro text that is not a rule.',
      '',
      '1. Refund within 30 days.',
      '2. Ask for the order number',
      '   before anything else.',
      '   - Never ask for the card number.',
      '   - [x] Check the account.',
      '',
      '## Tone',
      '',
      '* Be kind.',
      '+ Write plainly.',
    ].join('\n');
    expect(checklistRules(markdown)).toEqual([
      { section: 'Refunds', text: 'Refund within 30 days.', depth: 0 },
      { section: 'Refunds', text: 'Ask for the order number before anything else.', depth: 0 },
      { section: 'Refunds', text: 'Never ask for the card number.', depth: 1 },
      { section: 'Refunds', text: 'Check the account.', depth: 1 },
      { section: 'Tone', text: 'Be kind.', depth: 0 },
      { section: 'Tone', text: 'Write plainly.', depth: 0 },
    ]);
  });

  it('skips list-looking lines inside fenced and indented code, and headings made with underlines', () => {
    const markdown = [
      'Escalation',
      '==========',
      '',
      '```yaml',
      '- not: a rule',
      '1. nor this',
      '```',
      '',
      '~~~',
      '* nor this',
      '~~~',
      '',
      '    - indented code, not a rule',
      '',
      '- Escalate over 500 euros.',
      '',
      '---',
      '',
      'Paragraph.',
    ].join('\n');
    expect(checklistRules(markdown)).toEqual([{ section: 'Escalation', text: 'Escalate over 500 euros.', depth: 0 }]);
  });

  it('finds no rules in a guideline without lists', () => {
    expect(checklistRules('# Title\n\nJust prose.\n')).toEqual([]);
  });
});

describe('a rule as read', () => {
  it('drops inline marks and keeps a link as its words, leaving other text alone', async () => {
    const { readableRule } = await import('../../../renderer/features/history/checklist/readableRule');
    expect(readableRule('The customer reports **data loss**, a _security concern_ or `sev-2` in [the wiki](https://x.example).')).toBe(
      'The customer reports data loss, a security concern or sev-2 in the wiki.',
    );
    expect(readableRule('Never ask for the <b>card</b> number; 2 * 3 = 6, snake_case_name.')).toBe(
      'Never ask for the <b>card</b> number; 2 * 3 = 6, snake_case_name.',
    );
  });
});
