import { screen, within } from '@testing-library/react';
import { okInvoke, exchange } from '../../../../support/fakeApi';
import { activePanel, answered, answerState, renderResponse, response, sent } from '../../responseHarness';

describe('response views', () => {
  it('switches between Answer, JSON, Headers, Raw response and Code, each showing its own content', async () => {
    const { user } = renderResponse(answerState('Hello Ada', { customer_name: 'Ada' }, { token: 'tok-1' }));
    const tabs = within(response()).getByRole('tablist', { name: 'Response views' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Answer', 'JSON', 'Headers', 'Raw response', 'Code']);
    expect(activePanel().querySelector('.answer')).toHaveTextContent('Hello Ada');
    expect(within(activePanel()).getByText('9 characters')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'JSON' }));
    expect(within(tabs).getByRole('tab', { name: 'JSON' })).toHaveAttribute('aria-selected', 'true');
    const tree = within(activePanel()).getByRole('list', { name: 'JSON tree' });
    expect(within(tree).getByRole('button', { name: 'object, 3 keys' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(tree).getByText('"Hello Ada"')).toBeInTheDocument();
    expect(within(tree).getByText('"tok-1"')).toBeInTheDocument();
    expect(within(activePanel()).getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Headers' }));
    expect(within(activePanel()).getByText('content-type')).toBeInTheDocument();
    expect(within(activePanel()).getByText('application/json')).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Raw response' }));
    expect(within(activePanel()).getByText(/"answer": "Hello Ada",/)).toBeInTheDocument();
    await user.click(within(activePanel()).getByRole('button', { name: 'Pretty-print' }));
    expect(within(activePanel()).getByText('{"answer":"Hello Ada","duration":"850ms","token":"tok-1"}')).toBeInTheDocument();
    expect(within(activePanel()).getByRole('button', { name: 'Copy raw response' })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Answer' }));
    expect(activePanel().querySelector('.answer')).toBeVisible();
    expect(activePanel().querySelector('.answer')).toHaveTextContent('Hello Ada');
  });

  it('renders markdown only when asked, and then sanitized: no HTML elements, no script links, no images', async () => {
    const hostile = '# Title\n\n**bold** <b>raw</b> [x](javascript:alert(1)) ![p](https://t.example/p.png)\n\n<script>alert(1)</script>';
    const { user, container } = renderResponse(answerState(hostile));
    const answerBox = () => activePanel().querySelector('.answer');
    expect(answerBox()?.textContent).toBe(hostile);
    expect(within(activePanel()).queryByRole('heading', { name: 'Title' })).toBeNull();

    await user.click(within(activePanel()).getByRole('button', { name: 'Markdown' }));
    expect(within(activePanel()).getByRole('button', { name: 'Markdown' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(activePanel()).getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(within(activePanel()).getByText('bold').tagName).toBe('STRONG');
    expect(container.querySelector('b, script, img, a[href^="javascript"]')).toBeNull();
    expect(within(activePanel()).getByText('<script>alert(1)</script>')).toBeInTheDocument();
  });

  it('shows the start of a 3 MB answer and a "Show more" control, not the whole text', async () => {
    const line = 'A long line of answer text that keeps going, with nothing special in it at all.\n';
    const big = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    const { user } = renderResponse(answerState(big));
    const shown = () => activePanel().querySelector('.answer')?.textContent?.length ?? 0;
    expect(shown()).toBeGreaterThan(60_000);
    expect(shown()).toBeLessThanOrEqual(64 * 1024);
    expect(within(activePanel()).getByText(/^Showing 6\d,\d{3} of 3,\d{3},\d{3} characters\.$/)).toBeInTheDocument();
    const more = within(activePanel()).getByRole('button', { name: /^Show more \(3\.1M characters left\)$/ });
    expect(within(activePanel()).queryByRole('button', { name: 'Show all' })).toBeNull();
    await user.click(more);
    expect(shown()).toBeGreaterThan(190_000);
    expect(shown()).toBeLessThanOrEqual(192 * 1024);
    expect(within(activePanel()).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();
  });

  it('cuts a huge string in the JSON tree and opens it only on request', async () => {
    const big = 'x'.repeat(500_000);
    const { user } = renderResponse(answerState(big));
    await user.click(within(response()).getByRole('tab', { name: 'JSON' }));
    const tree = within(activePanel()).getByRole('list', { name: 'JSON tree' });
    expect(tree.textContent?.length).toBeLessThan(1000);
    await user.click(within(tree).getByRole('button', { name: 'Show all (500,000 characters)' }));
    expect(tree.textContent?.length).toBeGreaterThan(60_000);
    expect(tree.textContent?.length).toBeLessThan(70_000);
    expect(within(tree).getByRole('button', { name: /^Show more/ })).toBeInTheDocument();
  });

  it('collapses large arrays in the JSON tree and pages through them', async () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const body = JSON.stringify({ answer: 'ok', duration: '1s', items });
    const result = okInvoke('ok');
    if (result.ok) result.value.exchange = exchange({ responseBody: body });
    const { user } = renderResponse(answered(result));
    await user.click(within(response()).getByRole('tab', { name: 'JSON' }));
    const toggle = within(activePanel()).getByRole('button', { name: 'items: array, 250 items' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(activePanel()).getAllByText(/^\d+$/, { selector: '.jt-number' })).toHaveLength(100);
    await user.click(within(activePanel()).getByRole('button', { name: 'Show 100 more (150 left)' }));
    expect(within(activePanel()).getAllByText(/^\d+$/, { selector: '.jt-number' })).toHaveLength(200);
  });

  it('states the contract check, and the token when there is one', () => {
    renderResponse(answerState('Done.', {}, { token: 'tok-9' }));
    expect(within(response()).getByText('Contract check').nextElementSibling).toHaveTextContent(
      /^✓ passed — answer and duration are strings, token is a string$/,
    );
    expect(within(response()).getByText('Token').nextElementSibling).toHaveTextContent(/^tok-9$/);
  });

  it('states the contract check and an absent token', () => {
    renderResponse(answerState('Done.'));
    expect(within(response()).getByText('Contract check').nextElementSibling).toHaveTextContent(
      /^✓ passed — answer and duration are strings$/,
    );
    expect(within(response()).getByText('Token').nextElementSibling).toHaveTextContent(/^absent \(allowed by the contract\)$/);
  });

  it('moves between views with the arrow keys, Home and End (one tab stop)', async () => {
    const { user } = renderResponse(answerState('Hello'));
    const tab = (name: string) => within(response()).getByRole('tab', { name });
    expect(tab('Answer')).toHaveAttribute('tabindex', '0');
    expect(tab('JSON')).toHaveAttribute('tabindex', '-1');
    tab('Answer').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('JSON')).toHaveFocus();
    expect(tab('JSON')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Code')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Answer')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{Home}');
    expect(tab('Answer')).toHaveFocus();
  });

  it('keeps the chosen view for the next answer', async () => {
    const { user, show } = renderResponse(answerState('first'));
    await user.click(within(response()).getByRole('tab', { name: 'Headers' }));
    show({ status: 'pending', data: undefined, error: null, variables: sent() });
    show(answerState('second'));
    expect(within(response()).getByRole('tab', { name: 'Headers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('content-type')).toBeVisible();
  });
});
