import { screen, within } from '@testing-library/react';
import { canDrawCharts } from '../../../../../../renderer/features/runs/insights/LatencyPanel';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { answersByText, endedRun, numberedCases, suiteOf } from '../../../../../support/runSuites';
import { insights, renderInsights } from './runInsightsHarness';

describe('Run insights: latency', () => {
  it('says p50, p95 and p99 of round trip and server time, and gives the histogram as a table', async () => {
    const fake = new FakeApi();
    // Round trips 1..100 ms, server times 10..1000 ms: question N is answered in N ms, N × 10 of them on the server.
    fake.invokeResponder = answersByText({}, (text) => {
      const n = Number(text.replace('question ', ''));
      return okInvoke(`Answer ${n}`, { duration: `${n * 10}ms`, ms: n * 10, roundTripMs: n });
    });
    const runId = await endedRun(fake, suiteOf(numberedCases(100)));
    const { user } = renderInsights(runId, fake);
    const roundTrip = await within(insights()).findByRole('region', { name: 'Round trip' });
    expect(roundTrip).toHaveTextContent('p50 50 ms · p95 95 ms · p99 99 ms (of 100)');
    const server = within(insights()).getByRole('region', { name: 'Server time' });
    expect(server).toHaveTextContent('p50 500 ms · p95 950 ms · p99 990 ms (of 100)');
    // jsdom has no canvas: the chart (uPlot's chunk) is not even asked for.
    expect(screen.queryByText('Loading the chart…')).toBeNull();

    expect(within(roundTrip).queryByRole('table')).toBeNull();
    await user.click(within(roundTrip).getByText('Round trip histogram as a table'));
    const table = within(roundTrip).getByRole('table', { name: 'Round trip histogram' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    // 100 values: 10 bins of 10 ms from 0 (the value 100 in a bin of its own).
    expect(cells[0]).toEqual(['0 ms', '10 ms', '9']);
    expect(cells.at(-1)).toEqual(['100 ms', '110 ms', '1']);
    expect(cells.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(100);
  });

  it('leaves the chart out where there is no canvas (jsdom), and says when nothing was measured', async () => {
    expect(canDrawCharts()).toBe(false);
    const fake = new FakeApi();
    // An answer without a duration the client can read.
    fake.invokeResponder = answersByText({ 'question 1': okInvoke('Hello', { duration: 'soon', ms: null, roundTripMs: 5 }) });
    const runId = await endedRun(fake, suiteOf(numberedCases(1)));
    renderInsights(runId, fake);
    const server = await within(insights()).findByRole('region', { name: 'Server time' });
    expect(server).toHaveTextContent('No answer said how long the server took.');
    expect(screen.getByRole('region', { name: 'Round trip' })).toHaveTextContent('p50 5 ms');
    // Not even asked for: uPlot reads matchMedia as its module loads, which jsdom lacks.
    expect(screen.queryByText('Loading the chart…')).toBeNull();
    expect(document.querySelector('.latency-chart')).toBeNull();
  });
});
