import { screen, within } from '@testing-library/react';
import { canDrawCharts } from '../../../../../../renderer/features/runs/insights/LatencyPanel';
import { runRow } from '../../../../../support/fakeRuns';
import { FakeApi } from '../../../../../support/fakeApi';
import { insights, renderInsights } from './runInsightsHarness';

describe('Run insights: latency', () => {
  it('says p50, p95 and p99 of round trip and server time, and gives the histogram as a table', async () => {
    const fake = new FakeApi();
    // Round trips 1..100 ms, server times 10..1000 ms.
    const rows = Array.from({ length: 100 }, (_, i) => runRow({ index: i, roundTripMs: i + 1, serverMs: (i + 1) * 10 }));
    fake.runs.seed({ runId: 'run-l' }, rows);
    const { user } = renderInsights('run-l', fake);
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
    fake.runs.seed({ runId: 'run-n' }, [runRow({ index: 0, serverMs: null, roundTripMs: 5 })]);
    renderInsights('run-n', fake);
    const server = await within(insights()).findByRole('region', { name: 'Server time' });
    expect(server).toHaveTextContent('No answer said how long the server took.');
    expect(screen.getByRole('region', { name: 'Round trip' })).toHaveTextContent('p50 5 ms');
    // Not even asked for: uPlot reads matchMedia as its module loads, which jsdom lacks.
    expect(screen.queryByText('Loading the chart…')).toBeNull();
    expect(document.querySelector('.latency-chart')).toBeNull();
  });
});
