import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { runRow } from '../../../../../support/fakeRuns';
import { FakeApi } from '../../../../../support/fakeApi';
import { AGENT_A, AGENT_B, insights, renderInsights, useMatrixLayout } from './runInsightsHarness';

/** Two cases × two data rows against two agents; agent B fails case 2 row 1 and never got case 2 row 2. */
function seedMatrix(fake: FakeApi) {
  const rows = [
    runRow({ index: 0, caseIndex: 0, caseName: 'greets', row: 1, agentId: AGENT_A, answerStart: 'Hello Ada.' }),
    runRow({ index: 1, caseIndex: 0, caseName: 'greets', row: 1, agentId: AGENT_B, answerStart: 'Hi <b>Ada</b>!' }),
    runRow({ index: 2, caseIndex: 0, caseName: 'greets', row: 2, agentId: AGENT_A, answerStart: 'Hello Bo.' }),
    runRow({ index: 3, caseIndex: 0, caseName: 'greets', row: 2, agentId: AGENT_B, answerStart: 'Hi Bo!' }),
    runRow({ index: 4, caseIndex: 1, caseName: 'refunds', row: 1, agentId: AGENT_A, answerStart: 'Refunds take five days.' }),
    runRow({
      index: 5,
      caseIndex: 1,
      caseName: 'refunds',
      row: 1,
      agentId: AGENT_B,
      passed: false,
      status: 404,
      failed: ['status: expected 200, got 404'],
      answerStart: 'Not found',
    }),
    runRow({ index: 6, caseIndex: 1, caseName: 'refunds', row: 2, agentId: AGENT_A, answerStart: 'Refunds take a week.' }),
  ];
  fake.runs.seed({ runId: 'run-m' }, rows);
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
    seedMatrix(fake);
    renderInsights('run-m', fake);
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
    seedMatrix(fake);
    const { user } = renderInsights('run-m', fake);
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
    expect(detail()).toHaveTextContent('Not found');
    // A cell under the resting pointer gives way once the keyboard is used.
    await user.hover(cells[1]!);
    expect(detail()).toHaveTextContent('Hi <b>Ada</b>!');
    await user.keyboard('{Enter}');
    expect(detail()).toHaveTextContent('Not found');
  });

  it('moves between cells with the arrow keys and shows the answer on Enter', async () => {
    const fake = new FakeApi();
    seedMatrix(fake);
    const { user } = renderInsights('run-m', fake);
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
    expect(detail()).toHaveTextContent('Not found');
    await user.keyboard('{Home}{ArrowUp}');
    expect(cells()[2]).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(cells()[7]).toHaveFocus();
    await user.keyboard(' ');
    expect(detail()).toHaveTextContent('not sent to this agent');
  });

  it('renders only the rows in view of a long matrix', async () => {
    const fake = new FakeApi();
    const rows = Array.from({ length: 2000 }, (_, i) =>
      runRow({ index: i, caseName: 'long', row: Math.floor(i / 2) + 1, agentId: i % 2 === 0 ? AGENT_A : AGENT_B }),
    );
    fake.runs.seed({ runId: 'run-long' }, rows);
    renderInsights('run-long', fake);
    await gridShown();
    expect(grid()).toHaveAttribute('aria-rowcount', '1001');
    const shown = within(grid()).getAllByRole('row').length;
    expect(shown).toBeGreaterThan(5);
    expect(shown).toBeLessThan(60);
  });

  it('reads a matrix of any length a page of lines at a time, the lines in view', async () => {
    const fake = new FakeApi();
    const rows = Array.from({ length: 3000 }, (_, i) =>
      runRow({ index: i, caseName: 'long', row: Math.floor(i / 2) + 1, agentId: i % 2 === 0 ? AGENT_A : AGENT_B }),
    );
    fake.runs.seed({ runId: 'run-long' }, rows);
    renderInsights('run-long', fake);
    await gridShown();
    // Every line is counted; only the first page of them was read.
    expect(grid()).toHaveAttribute('aria-rowcount', '1501');
    expect(fake.callsOf('getRunMatrix')).toEqual([{ runId: 'run-long', offset: 0, limit: 200 }]);
    // Scrolled to the end (jsdom does not scroll: the position is set as a browser would).
    Object.defineProperty(grid(), 'scrollTop', { configurable: true, value: 1500 * 36 });
    fireEvent.scroll(grid());
    await waitFor(() => expect(within(grid()).getAllByRole('rowheader').at(-1)).toHaveTextContent('long · row 1500'));
    expect(fake.callsOf('getRunMatrix')).toContainEqual({ runId: 'run-long', offset: 1400, limit: 200 });
    expect(fake.callsOf('getRunMatrix')).not.toContainEqual({ runId: 'run-long', offset: 800, limit: 200 });
  });

  it('has no Matrix tab for a run with one agent', async () => {
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-1' }, [runRow({ index: 0 })]);
    renderInsights('run-1', fake);
    expect(await screen.findByRole('tab', { name: 'Latency', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Matrix' })).toBeNull();
  });
});
