import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../support/fakeApi';
import { renderRunView, resultRows, rows, runRegion, runRow, seedRunning, useRunLayout } from './features/runs/view/runViewHarness';

/** The results table of a run's view: streamed rows, pages once ended, the window, the filter, the keyboard. */
describe('RunView results', () => {
  useRunLayout();

  it('streams rows in from pushed events without reading the results again per event', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 20);
    renderRunView('run-7', fake);
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
    const reads = fake.callsOf('listRunResults').length;
    act(() => fake.runs.push('run-7', [runRow({ index: 0, caseName: 'reflects customer', answerStart: '<b>Hello Dana</b>' })]));
    act(() =>
      fake.runs.push('run-7', [
        runRow({
          index: 1,
          caseName: 'refund',
          passed: false,
          failed: ['status: expected 200, got 404'],
          status: 404,
          answerStart: 'Not found',
        }),
      ]),
    );
    await waitFor(() => expect(resultRows()).toHaveLength(2));
    const [first, second] = resultRows();
    expect(within(first!).getByText('reflects customer')).toBeInTheDocument();
    expect(within(first!).getByText('Passed')).toBeInTheDocument();
    // Untrusted answer text stays text.
    expect(within(first!).getByText('<b>Hello Dana</b>')).toBeInTheDocument();
    expect(first!.querySelector('b')).toBeNull();
    expect(within(second!).getByText('Failed: status: expected 200, got 404')).toBeInTheDocument();
    expect(within(second!).getByText('404')).toBeInTheDocument();
    expect(within(second!).getByText('850 ms')).toBeInTheDocument();
    expect(within(second!).getByText('12 ms')).toBeInTheDocument();
    // The agent by its name, its id in the tooltip; an agent without a name by its id.
    expect(await within(first!).findByText('Support reply drafter')).toHaveAttribute(
      'title',
      'Agent id: 11111111-1111-4111-8111-111111111111',
    );
    expect(fake.callsOf('listRunResults').length).toBe(reads);
  });

  it('renders only a window of a 1000-result run, streamed in ten events, and reaches the last by keyboard', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 1000);
    const { user } = renderRunView('run-7', fake);
    await screen.findByText('No results yet.');
    for (let batch = 0; batch < 10; batch += 1) act(() => fake.runs.push('run-7', rows(batch * 100, 100)));
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', '1001'));
    const shown = resultRows();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(60);
    expect(screen.queryByText('case 1000')).toBeNull();
    // One tab stop; End goes to the last result, Enter opens it.
    shown[0]!.focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('case 1000'));
    expect(resultRows().length).toBeLessThan(60);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Result 1000' })).toBeInTheDocument();
  });

  it('reads an ended run in pages from the database, and filters to failures', async () => {
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-3' }, rows(0, 30, 10));
    const { user } = renderRunView('run-3', fake);
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    expect(screen.getByText('30 results')).toBeInTheDocument();
    expect(fake.callsOf('listRunResults')).toContainEqual({ runId: 'run-3', offset: 0, limit: 200, failuresOnly: false });
    await user.click(within(runRegion()).getByRole('button', { name: 'Failures only' }));
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(3));
    expect(fake.callsOf('listRunResults')).toContainEqual({ runId: 'run-3', offset: 0, limit: 200, failuresOnly: true });
    expect(resultRows('Failed results').map((row) => within(row).getAllByRole('gridcell')[0]!.textContent)).toEqual([
      'case 10',
      'case 20',
      'case 30',
    ]);
    expect(screen.getByText('3 failed')).toBeInTheDocument();
  });

  it('filters the rows of a running run to failures as they stream in', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 40);
    const { user } = renderRunView('run-7', fake);
    await screen.findByText('No results yet.');
    await user.click(within(runRegion()).getByRole('button', { name: 'Failures only' }));
    act(() => fake.runs.push('run-7', rows(0, 20, 5)));
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(4));
    act(() => fake.runs.push('run-7', rows(20, 5, 5)));
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(5));
  });

  it('shows the results already in when it opens on a run that is going, with those that stream in after', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 10);
    fake.runs.push('run-7', rows(0, 3));
    renderRunView('run-7', fake);
    await waitFor(() => expect(resultRows()).toHaveLength(3));
    act(() => fake.runs.push('run-7', rows(3, 2)));
    await waitFor(() => expect(resultRows()).toHaveLength(5));
  });
});
