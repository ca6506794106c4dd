import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { answersByText, endedRun, numberedCases, startSuiteRun, statusAnswer, suiteOf } from '../../../../../support/runSuites';
import { AGENT_A, AGENT_B, insights, renderInsights, useMatrixLayout } from './runInsightsHarness';

/** Two cases × two data rows against two agents; agent B fails case 2 row 1 and never got case 2 row 2. */
async function startMatrix(fake: FakeApi): Promise<string> {
  const answers: Record<string, ReturnType<typeof statusAnswer> | string> = {
    [`${AGENT_A} Greet Ada`]: 'Hello Ada.',
    [`${AGENT_B} Greet Ada`]: 'Hi <b>Ada</b>!',
    [`${AGENT_A} Greet Bo`]: 'Hello Bo.',
    [`${AGENT_B} Greet Bo`]: 'Hi Bo!',
    [`${AGENT_A} Refund for Ada`]: 'Refunds take five days.',
    [`${AGENT_B} Refund for Ada`]: statusAnswer(404, 'Not Found'),
    [`${AGENT_A} Refund for Bo`]: 'Refunds take a week.',
    // The server asks the last request to wait half a minute; the run is cancelled meanwhile, so it is never sent.
    [`${AGENT_B} Refund for Bo`]: statusAnswer(429, 'Too Many Requests', { headers: { 'retry-after': '30' } }),
  };
  const byText = answersByText(answers);
  fake.invokeResponder = (request, signal) => byText({ ...request, text: `${request.agentId} ${request.text}` }, signal);
  const suite = suiteOf(
    [
      { name: 'greets', text: 'Greet {{name}}' },
      { name: 'refunds', text: 'Refund for {{name}}' },
    ],
    { agents: [AGENT_A, AGENT_B], data: 'people.csv' },
  );
  const runId = await startSuiteRun(fake, suite, { data: { name: 'people.csv', text: 'name\nAda\nBo\n' } });
  await fake.eventStream.next(runId, (progress) => progress.completed >= 7 && progress.waitingMs !== null);
  const ended = fake.runEnded(runId);
  await fake.cancelRun({ runId });
  await ended;
  return runId;
}

const grid = () => within(insights()).getByRole('grid', { name: 'Results by case and agent' });
/** The grid once its rows are in (the virtualizer measures after the first render). */
async function gridShown() {
  await within(await screen.findByRole('grid')).findAllByRole('gridcell');
}
const detail = () => within(insights()).getByLabelText('Cell detail');

describe('Run insights: the matrix', () => {
  useMatrixLayout();

  it('shows cases × data rows against agents, named where known, with pass or fail in words', async () => {
    const fake = new FakeApi();
    renderInsights(await startMatrix(fake), fake);
    expect(await screen.findByRole('tab', { name: 'Matrix', selected: true })).toBeInTheDocument();
    await gridShown();
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['Case', 'Support reply drafter', '33333333…']),
    );
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers[2]).toHaveAttribute('title', AGENT_B);
    const rows = within(grid())
      .getAllByRole('rowheader')
      .map((header) => header.textContent);
    expect(rows).toEqual(['greets · row 1', 'greets · row 2', 'refunds · row 1', 'refunds · row 2']);
    const refunds = within(grid()).getAllByRole('row')[3]!;
    expect(
      within(refunds)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    ).toEqual(['✓ pass', '✗ fail']);
    const last = within(grid()).getAllByRole('row')[4]!;
    expect(within(last).getAllByRole('gridcell')[1]).toHaveTextContent('not sent');
  });

  it('previews a cell’s answer on hover and keeps it on click, as text', async () => {
    const fake = new FakeApi();
    const { user } = renderInsights(await startMatrix(fake), fake);
    await gridShown();
    const cells = within(grid()).getAllByRole('gridcell');
    await user.hover(cells[1]!);
    expect(detail()).toHaveTextContent('Hi <b>Ada</b>!');
    expect(detail().querySelector('b')).toBeNull();
    await user.unhover(cells[1]!);
    expect(detail()).toHaveTextContent('Point at a cell');
    await user.click(cells[5]!);
    await user.unhover(cells[5]!);
    expect(cells[5]).toHaveAttribute('aria-selected', 'true');
    expect(detail()).toHaveTextContent('refunds · row 1, 33333333…: fail (status 404)');
    expect(within(detail()).getByRole('list', { name: 'Failed expectations' })).toHaveTextContent('status: expected 200, got 404');
    expect(detail()).toHaveTextContent('The server answered HTTP 404 Not Found.');
    // A cell under the resting pointer gives way once the keyboard is used.
    await user.hover(cells[1]!);
    expect(detail()).toHaveTextContent('Hi <b>Ada</b>!');
    await user.keyboard('{Enter}');
    expect(detail()).toHaveTextContent('The server answered HTTP 404 Not Found.');
  });

  it('moves between cells with the arrow keys and shows the answer on Enter', async () => {
    const fake = new FakeApi();
    const { user } = renderInsights(await startMatrix(fake), fake);
    await gridShown();
    const cells = () => within(grid()).getAllByRole('gridcell');
    // One tab stop: the first cell.
    expect(cells().filter((cell) => cell.tabIndex === 0)).toEqual([cells()[0]]);
    await user.tab();
    await user.tab();
    expect(cells()[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cells()[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(cells()[5]).toHaveFocus();
    expect(cells()[5]).toHaveAttribute('tabindex', '0');
    expect(cells()[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Enter}');
    expect(detail()).toHaveTextContent('The server answered HTTP 404 Not Found.');
    await user.keyboard('{Home}{ArrowUp}');
    expect(cells()[2]).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cells()[7]).toHaveFocus();
    await user.keyboard(' ');
    expect(detail()).toHaveTextContent('not sent to this agent');
  });

  it('renders only the rows in view of a long matrix', async () => {
    const fake = new FakeApi();
    // One case, a thousand data rows, two agents.
    fake.invokeResponder = answersByText({}, (text) => okInvoke(`Hello ${text}`));
    const data = { name: 'people.csv', text: ['name', ...Array.from({ length: 1000 }, (_, i) => `person ${i + 1}`)].join('\n') };
    const suite = suiteOf([{ name: 'long', text: '{{name}}' }], { agents: [AGENT_A, AGENT_B], data: 'people.csv' });
    renderInsights(await endedRun(fake, suite, { data }), fake);
    await gridShown();
    expect(grid()).toHaveAttribute('aria-rowcount', '1001');
    const shown = within(grid()).getAllByRole('row').length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(60);
  });

  it('reads a matrix of any length a page of lines at a time, the lines in view', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = answersByText({}, () => okInvoke('Fine.'));
    // One case over 1,500 data rows against two agents: 1,500 lines of the matrix.
    const data = { name: 'rows.csv', text: `n\n${Array.from({ length: 1500 }, (_, i) => i + 1).join('\n')}\n` };
    const runId = await endedRun(fake, suiteOf([{ name: 'long', text: 'row {{n}}' }], { agents: [AGENT_A, AGENT_B], data: 'rows.csv' }), {
      data,
      settings: { concurrency: 64 },
    });
    renderInsights(runId, fake);
    await gridShown();
    // Every line is counted; only the first page of them was read.
    expect(grid()).toHaveAttribute('aria-rowcount', '1501');
    expect(fake.callsOf('getRunMatrix')).toEqual([{ runId, offset: 0, limit: 200 }]);
    // Scrolled to the end (jsdom does not scroll: the position is set as a browser would).
    Object.defineProperty(grid(), 'scrollTop', { configurable: true, value: 1500 * 36 });
    fireEvent.scroll(grid());
    await waitFor(() => expect(within(grid()).getAllByRole('rowheader').at(-1)).toHaveTextContent('long · row 1500'));
    expect(fake.callsOf('getRunMatrix')).toContainEqual({ runId, offset: 1400, limit: 200 });
    expect(fake.callsOf('getRunMatrix')).not.toContainEqual({ runId, offset: 800, limit: 200 });
  });

  it('has no Matrix tab for a run with one agent', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = answersByText();
    renderInsights(await endedRun(fake, suiteOf(numberedCases(1))), fake);
    expect(await screen.findByRole('tab', { name: 'Latency', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Matrix' })).toBeNull();
  });
});
