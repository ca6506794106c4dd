import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markdownDepth, nestsTooDeeply } from '../../../../../renderer/features/guidelines/markdownDepth';
import { SafeMarkdown, TOO_DEEP_NOTE } from '../../../../../renderer/features/guidelines/SafeMarkdown';
import { SectionBoundary } from '../../../../../renderer/ui/ErrorBoundary';
import { exchange, FakeApi } from '../../../../support/fakeApi';
import { renderReady } from '../../renderApp';

/** Texts that overflowed the call stack of the markdown pipeline and unmounted the app. */
const DEEP = {
  quotes: '>'.repeat(3000),
  bullets: '- '.repeat(15000),
  ordered: '1. '.repeat(3000),
  emphasis: `${'*'.repeat(5000)}a${'*'.repeat(5000)}`,
  emphasisWords: `${'*a '.repeat(2000)}b${' c*'.repeat(2000)}`,
  images: `${'!['.repeat(3000)}a${'](u)'.repeat(3000)}`,
};

function guidelineWith(content: string) {
  const fake = new FakeApi();
  fake.guidelineResponder = () => ({
    ok: true,
    value: {
      guideline: { name: 'Deep one', description: '', content },
      exchange: exchange({ method: 'GET', status: 200 }),
    },
  });
  return fake;
}

describe('deeply nested markdown', () => {
  it.each([
    ['block quotes', DEEP.quotes],
    ['bullets', DEEP.bullets],
  ])('a guideline of nested %s is shown as plain text with a note, and the app stays', async (_name, content) => {
    const fake = guidelineWith(content);
    const { user } = await renderReady(fake);
    await user.click(screen.getByRole('tab', { name: 'Guidelines' }));
    await user.type(screen.getByRole('combobox', { name: 'Guideline' }), 'deep{Enter}');
    const view = screen.getByRole('region', { name: 'Guideline' });
    expect(await within(view).findByRole('heading', { name: 'Deep one' })).toBeInTheDocument();
    expect(within(view).getByRole('note')).toHaveTextContent(TOO_DEEP_NOTE);
    expect(within(view).getByLabelText('The text, as plain text')).toHaveTextContent(content.trim());
    // The rest of the app is still there and works.
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeVisible();
  });

  it.each(Object.entries(DEEP))('%s nest beyond the limit, measured without parsing', (_name, content) => {
    expect(nestsTooDeeply(content)).toBe(true);
  });

  it('leaves ordinary documents to the markdown renderer', () => {
    const ordinary = [
      '# Title',
      '> quoted > still one level',
      '- a',
      '  - b',
      '    1. c',
      '',
      '**bold** and *em* and ~~gone~~, snake_case_name, 2 * 3 * 4, [link](https://x.example) [^1]',
      '',
      '```',
      '>'.repeat(500),
      '```',
      '',
      '---',
      '* * *',
    ].join('\n');
    expect(markdownDepth(ordinary).block).toBeLessThan(8);
    expect(markdownDepth(ordinary).inline).toBeLessThan(4);
    render(<SafeMarkdown content={ordinary} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
  });

  it('renders a deep answer as plain text too (the same component renders answers in markdown mode)', () => {
    render(<SafeMarkdown content={DEEP.emphasis} />);
    expect(screen.getByRole('note')).toHaveTextContent(TOO_DEEP_NOTE);
  });
});

function Thrower(): never {
  throw new Error('Broken on purpose');
}

describe('error boundaries', () => {
  beforeEach(() => {
    // React and the boundary report the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('contains a section that throws: it says what failed and its neighbour stays', async () => {
    render(
      <main>
        <SectionBoundary name="Guidelines">
          <Thrower />
        </SectionBoundary>
        <button type="button">Still here</button>
      </main>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The Guidelines section failed to show. Broken on purpose');
    expect(screen.getByRole('button', { name: 'Still here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('contains a markdown document whose rendering throws and offers its text plainly', async () => {
    const user = userEvent.setup();
    const explode = () => () => {
      throw new Error('plugin failed');
    };
    render(<SafeMarkdown content={'# Hello'} rehypePlugins={[explode]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This markdown could not be rendered: plugin failed');
    await user.click(screen.getByRole('button', { name: 'Show as plain text' }));
    expect(screen.getByLabelText('The markdown, as plain text')).toHaveTextContent('# Hello');
  });
});

/**
 * The guard skips fenced code, so text it takes for a fence must be one. CommonMark opens no
 * fence for a backtick fence whose info string holds a backtick, nor for a fence line inside
 * an HTML block: the 3000 quotes after such a line are parsed, so they must be measured.
 */
describe('text the markdown parser reads though it looks like a code fence', () => {
  const deepQuotes = '>'.repeat(3000);
  const cases = {
    'a backtick in a backtick fence info string': `\`\`\` a\`b\n${deepQuotes}`,
    'a fence line inside an HTML block': `<pre>\n\`\`\`\n</pre>\n\n${deepQuotes}`,
  };

  it.each(Object.entries(cases))('after %s, is measured as too deep', (_name, content) => {
    expect(nestsTooDeeply(content)).toBe(true);
  });

  it('is shown as plain text with the note, as a bare run of quotes is', () => {
    render(<SafeMarkdown content={cases['a backtick in a backtick fence info string']} />);
    expect(screen.getByRole('note')).toHaveTextContent(TOO_DEEP_NOTE);
  });
});
