import { screen, within } from '@testing-library/react';
import type { FakeApi } from '../../../../../support/fakeApi';
import { endedRun, suiteOf } from '../../../../../support/runSuites';
import { AGENT_A, AGENT_B, fakeWithJudge, insights, JUDGED, renderInsights, useMatrixLayout } from './runInsightsHarness';

/**
 * The Matrix tab's rules view: a run's lines against the rules of the guideline its judge checked,
 * against the fake host's real run service and store. Agent B never says "refund", so the judge
 * fails its rule 2 (its why holds markup, which must stay text).
 */

async function judgedRun(fake: FakeApi, agents: string[]): Promise<string> {
  return endedRun(
    fake,
    suiteOf(
      [
        { name: 'refund', text: 'my refund', expect: JUDGED },
        { name: 'login', text: 'my login', expect: JUDGED },
        { name: 'plain', text: 'hello' },
      ] as never,
      { agents },
    ),
  );
}

const grid = () => within(insights()).getByRole('grid', { name: "Judge's verdicts by case and rule" });
const verdict = () => within(insights()).getByRole('status', { name: 'Rule verdict' });

describe('Run insights: the rules view', () => {
  useMatrixLayout();

  it('switches the matrix to cases × rules: pass, fail, "1 of 2 failed", and lines with no judge said plainly', async () => {
    const fake = fakeWithJudge();
    const { user } = renderInsights(await judgedRun(fake, [AGENT_A, AGENT_B]), fake);
    const views = await within(insights()).findByRole('group', { name: 'Matrix view' });
    await user.click(within(views).getByRole('button', { name: 'By rule' }));
    await within(await screen.findByRole('grid', { name: "Judge's verdicts by case and rule" })).findAllByRole('gridcell');
    const headers = within(grid()).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Case', 'Rule 1', 'Rule 2']);
    expect(headers[2]).toHaveAttribute('title', 'Rule 2: Mention the refund.');
    expect(
      within(grid())
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['refund', 'login', 'plain']);
    const cells = (row: number) =>
      within(within(grid()).getAllByRole('row')[row]!)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent);
    expect(cells(1)).toEqual(['✓ pass', '✗ 1 of 2 failed']);
    expect(cells(2)).toEqual(['✓ pass', '✗ fail']);
    expect(cells(3)).toEqual(['No judge expectation']);
    // The why on hover: each agent's verdict in the cell's title.
    const refundRule2 = within(within(grid()).getAllByRole('row')[1]!).getAllByRole('gridcell')[1]!;
    expect(refundRule2.getAttribute('title')).toBe(
      'Rule 2, Support reply drafter: pass. It says refund.\nRule 2, 33333333…: fail. It never says <b>refund</b>.',
    );
  });

  it('shows the judge’s why as text on Enter, moving with the arrow keys', async () => {
    const fake = fakeWithJudge();
    const { user } = renderInsights(await judgedRun(fake, [AGENT_A]), fake);
    // One agent: the Matrix tab is the rules view alone.
    expect(await screen.findByRole('tab', { name: 'Matrix', selected: true })).toBeInTheDocument();
    expect(within(insights()).queryByRole('group', { name: 'Matrix view' })).toBeNull();
    await within(await screen.findByRole('grid', { name: "Judge's verdicts by case and rule" })).findAllByRole('gridcell');
    expect(verdict()).toHaveTextContent('Point at a cell');
    // One tab stop: the first cell (after the tab and the scroller).
    const cells = () => within(grid()).getAllByRole('gridcell');
    expect(cells().filter((cell) => cell.tabIndex === 0)).toEqual([cells()[0]]);
    await user.tab();
    await user.tab();
    expect(cells()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(cells()[3]).toHaveFocus();
    expect(cells()[3]).toHaveTextContent('✗ fail');
    await user.keyboard('{Enter}');
    expect(verdict()).toHaveTextContent('login, rule 2 (Mention the refund.): fail');
    expect(within(verdict()).getByRole('list', { name: 'Verdicts' })).toHaveTextContent(
      'Support reply drafter: fail — It never says <b>refund</b>.',
    );
    expect(verdict().querySelector('b')).toBeNull();
    // Down to the line with no judge: its one cell across the rules, and the detail says so.
    await user.keyboard('{ArrowDown}');
    expect(cells()[4]).toHaveFocus();
    expect(cells()[4]).toHaveTextContent('No judge expectation');
    await user.keyboard('{Enter}');
    expect(verdict()).toHaveTextContent('plain: No judge expectation, not by these rules.');
  });

  it('has no Matrix tab for a run of one agent without judge verdicts', async () => {
    const fake = fakeWithJudge();
    renderInsights(await endedRun(fake, suiteOf([{ name: 'plain', text: 'hello' }], { agents: [AGENT_A] })), fake);
    expect(await screen.findByRole('tab', { name: 'Latency' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Matrix' })).toBeNull();
  });
});
