import { render, screen } from '@testing-library/react';
import { nestsTooDeeply } from '../../../renderer/features/guidelines/markdownDepth';
import { SafeMarkdown, TOO_DEEP_NOTE } from '../../../renderer/features/guidelines/SafeMarkdown';

/**
 * Review finding (issue 11 item 4): the depth guard skips everything after a line it takes for
 * an opening code fence. CommonMark does not open a fence for a backtick fence whose info string
 * holds a backtick, nor for a fence line inside an HTML block, so the 3000 nested quotes after
 * such a line are parsed as markdown while the guard never measured them.
 */
const DEEP_QUOTES = '>'.repeat(3000);
const cases = {
  'backtick in a backtick fence info string': `\`\`\` a\`b\n${DEEP_QUOTES}`,
  'a fence line inside an HTML block': `<pre>\n\`\`\`\n</pre>\n\n${DEEP_QUOTES}`,
};

describe('review: text the markdown parser reads but the depth guard skips as code', () => {
  it.each(Object.entries(cases))('%s: measured as too deep', (_name, content) => {
    expect(nestsTooDeeply(content)).toBe(true);
  });

  it('is shown as plain text with the note, as a bare run of quotes is', () => {
    render(<SafeMarkdown content={cases['backtick in a backtick fence info string']} />);
    expect(screen.getByRole('note')).toHaveTextContent(TOO_DEEP_NOTE);
  });
});
