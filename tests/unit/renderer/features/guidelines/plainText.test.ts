import { markdownToPlainText } from '../../../../../renderer/features/guidelines/plainText';

describe('plain text', () => {
  it('drops markup and keeps what a reader sees', () => {
    const source = [
      '# Title',
      '',
      'Some **bold** and _it_ with `code` and [a link](https://x.example/a).',
      '',
      '> quoted',
      '',
      '* item',
      '',
      '| A | B |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```sh',
      'echo **raw**',
      '```',
    ].join('\n');
    expect(markdownToPlainText(source)).toBe(
      [
        'Title',
        '',
        'Some bold and it with code and a link (https://x.example/a).',
        '',
        'quoted',
        '',
        '- item',
        '',
        'A\tB',
        '1\t2',
        '',
        'echo **raw**',
        '',
      ].join('\n'),
    );
  });
});
