import { within } from '@testing-library/react';
import { activePanel, answerState, renderResponse } from '../../responseHarness';

/** The marks in the answer, as [text, description] pairs. */
function marks() {
  return [...activePanel().querySelectorAll('.answer mark')].map((mark) => [mark.textContent, mark.getAttribute('aria-description')]);
}

function highlightToggle() {
  return within(activePanel()).getByRole('button', { name: 'Highlight payload values' });
}

/** Highlighting is on by default: the toggle must say so. */
function expectHighlightOn() {
  expect(highlightToggle()).toHaveAttribute('aria-pressed', 'true');
}

describe('payload values in the answer', () => {
  it('lists the keys whose values the answer never mentions, with highlighting on or off', async () => {
    const { user } = renderResponse(
      answerState('Hi Ada, thanks for writing.', { customer_name: 'Ada', company: 'Acme', topic: 'refund', n: 1 }),
    );
    expectHighlightOn();
    expect(marks()).toEqual([['Ada', 'payload value: customer_name']]);
    expect(within(activePanel()).getByText(/^Not found in the answer:/)).toHaveTextContent('Not found in the answer: company, topic');
    await user.click(highlightToggle());
    expect(marks()).toEqual([]);
    expect(within(activePanel()).getByText(/^Not found in the answer:/)).toHaveTextContent('Not found in the answer: company, topic');
  });

  it('marks each value with its key named, and keeps a legend of key and colour', async () => {
    renderResponse(answerState('Hi Ada from Acme. Ada, your order 42 is ready.', { customer_name: 'Ada', company: 'Acme', order: 42 }));
    expectHighlightOn();
    expect(marks()).toEqual([
      ['Ada', 'payload value: customer_name'],
      ['Acme', 'payload value: company'],
      ['Ada', 'payload value: customer_name'],
      ['42', 'payload value: order'],
    ]);
    const mark = activePanel().querySelector('.answer mark');
    expect(mark).toHaveAttribute('title', 'payload value: customer_name');
    const legend = within(activePanel()).getByRole('list', { name: 'Highlight colours' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['customer_name', 'company', 'order']);
    // Each key has its own colour class, the same in the legend and on its marks.
    const colourOf = (element: Element | null) => [...(element?.classList ?? [])].find((name) => /^pv-c\d$/.test(name));
    const swatches = [...legend.querySelectorAll('.pv-swatch')].map(colourOf);
    expect(new Set(swatches).size).toBe(3);
    expect(colourOf(mark)).toBe(swatches[0]);
    expect(within(activePanel()).getByText('Every payload value appears in the answer.')).toBeInTheDocument();
    // The answer still reads as one text.
    expect(activePanel().querySelector('.answer')?.textContent).toBe('Hi Ada from Acme. Ada, your order 42 is ready.');
  });

  it('takes regex-special characters literally and resolves overlapping values to the longer one', async () => {
    renderResponse(
      answerState('Pay $5.00 (a+b)? Ada Lovelace Labs.', {
        price: '$5.00',
        odd: '(a+b)?',
        first: 'Ada',
        full: 'Ada Lovelace',
        lab: 'Lovelace Labs',
        dot: 'a.b',
      }),
    );
    expectHighlightOn();
    expect(marks()).toEqual([
      ['$5.00', 'payload value: price'],
      ['(a+b)?', 'payload value: odd'],
      ['Ada Lovelace', 'payload value: full'],
    ]);
    expect(within(activePanel()).getByText(/^Not found in the answer:/)).toHaveTextContent('Not found in the answer: dot');
  });

  it('names both keys when two share a value', async () => {
    renderResponse(answerState('Welcome to Acme.', { company: 'Acme', brand: 'Acme' }));
    expectHighlightOn();
    expect(marks()).toEqual([['Acme', 'payload values: company, brand']]);
  });

  it('keeps HTML in an answer as text when highlighting', async () => {
    const { container } = renderResponse(answerState('<img src=x onerror=alert(1)> for Ada', { name: 'Ada', tag: '<img' }));
    expectHighlightOn();
    expect(marks()).toEqual([
      ['<img', 'payload value: tag'],
      ['Ada', 'payload value: name'],
    ]);
    expect(container.querySelector('.answer img')).toBeNull();
  });

  it('marks values in markdown too, inside its formatting, without matching the markup or letting HTML in', async () => {
    const { user, container } = renderResponse(
      answerState('# Refund for Ada\n\n- **Acme** order `42`\n- see [Ada](https://example.com/Ada)\n\n<b onclick=x>Ada</b>', {
        customer_name: 'Ada',
        company: 'Acme',
        order: 42,
        markup: '**Acme**',
      }),
    );
    await user.click(within(activePanel()).getByRole('button', { name: 'Markdown' }));
    expectHighlightOn();
    expect(container.querySelector('.answer .markdown strong mark')).toHaveTextContent('Acme');
    expect(marks()).toEqual([
      ['Ada', 'payload value: customer_name'],
      ['Acme', 'payload value: company'],
      ['42', 'payload value: order'],
      ['Ada', 'payload value: customer_name'],
      ['Ada', 'payload value: customer_name'],
    ]);
    // The link keeps its address; the raw HTML stays visible text; no bold element came from it.
    expect(within(activePanel()).getByRole('link', { name: 'Ada' })).toHaveAttribute('href', 'https://example.com/Ada');
    expect(container.querySelector('.answer b')).toBeNull();
    // The markup itself is never a match; the Not found list reads the raw answer, where it is.
    expect(within(activePanel()).getByText('Every payload value appears in the answer.')).toBeInTheDocument();

    await user.click(highlightToggle());
    expect(marks()).toEqual([]);
    expect(container.querySelector('.answer .markdown strong')).toHaveTextContent('Acme');
  });

  it('finds a value far past the shown part of a big answer, so it is not listed as missing', async () => {
    const filler = 'lorem ipsum dolor sit amet\n'.repeat(100_000);
    renderResponse(answerState(`${filler}the topic at the very end`, { topic: 'topic at the very end', other: 'nowhere' }));
    expect(activePanel().querySelector('.answer')?.textContent?.length).toBeLessThan(70_000);
    expect(await within(activePanel()).findByText(/^Not found in the answer:/)).toHaveTextContent('Not found in the answer: other');
  });
});

describe('placeholders the answer shows unfilled', () => {
  it('names each {name} the payload did not fill, as text, and leaves out template braces and JSON', () => {
    renderResponse(answerState('Hi {customer_name}, <b>{tone}</b> {{column}} {"a": 1} {company} {customer_name}', { company: 'Acme' }));
    const unfilled = within(activePanel()).getByRole('list', { name: 'Unfilled placeholders' });
    expect(
      within(unfilled)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The answer shows {customer_name} unfilled: add it to the payload. ',
      'The answer shows {tone} unfilled: add it to the payload. ',
    ]);
    // Shown where no request tab holds the payload (the harness, the history): no button to add it.
    expect(within(unfilled).queryByRole('button')).toBeNull();
    expect(activePanel().querySelector('.answer b')).toBeNull();
  });

  it('says nothing when every placeholder was filled', () => {
    renderResponse(answerState('Hi Ada, thanks for writing.', { customer_name: 'Ada' }));
    expect(within(activePanel()).queryByRole('list', { name: 'Unfilled placeholders' })).toBeNull();
  });
});
