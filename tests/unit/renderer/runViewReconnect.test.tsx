import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../support/fakeApi';
import { progressBar, renderRunView, resultRows, rows, runRegion, seedRunning, useRunLayout } from './features/runs/view/runViewHarness';

/**
 * Browser mode's event stream drops and comes back (renderer/host/streamEvents.ts): the host
 * replays nothing, so the run's view must read the run again when the stream is up, or the
 * rows of the gap are missing and a run that ended meanwhile stays "Running" for good.
 */
describe('RunView after the event stream reconnects', () => {
  useRunLayout();

  it('shows a run that ended while the stream was down as ended, with every result', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 10);
    renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    act(() => fake.runs.push('run-7', rows(0, 3)));
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '3'));

    fake.runs.dropped = true;
    act(() => {
      fake.runs.push('run-7', rows(3, 7, 5));
      fake.runs.finish('run-7');
    });
    act(() => fake.runs.resume());

    expect(await within(runRegion()).findByText('Failed', { selector: '.run-state' })).toBeInTheDocument();
    expect(within(runRegion()).queryByRole('button', { name: 'Cancel run' })).toBeNull();
    await waitFor(() => expect(screen.getByText('10 results')).toBeInTheDocument());
    expect(resultRows().length).toBe(10);
  });

  it('fills in the results of the gap while the run is still going', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 10);
    renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    act(() => fake.runs.push('run-7', rows(0, 2)));
    await waitFor(() => expect(screen.getByText('2 results so far')).toBeInTheDocument());

    fake.runs.dropped = true;
    act(() => fake.runs.push('run-7', rows(2, 3)));
    act(() => fake.runs.resume());
    act(() => fake.runs.push('run-7', rows(5, 1)));

    await waitFor(() => expect(screen.getByText('6 results so far')).toBeInTheDocument());
    expect(within(runRegion()).getByText('Running', { selector: '.run-state' })).toBeInTheDocument();
  });
});
