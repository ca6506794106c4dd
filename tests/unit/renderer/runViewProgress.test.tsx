import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { etaMs, progressLine, roughDuration } from '../../../renderer/features/runs/view/progressText';
import { FakeApi } from '../../support/fakeApi';
import { progressBar, renderRunView, rows, runRegion, seedRunning } from './features/runs/view/runViewHarness';

/** The header of a run's view: counts, bar, time left, the 429 wait, Cancel. */
describe('RunView header', () => {
  it('shows the suite, profile and state, and moves the bar and the counts with each pushed event, with the time left', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 1000);
    renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    expect(within(runRegion()).getByText('Running')).toBeInTheDocument();
    expect(within(runRegion()).getByText('Sandbox')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    expect(progressBar()).toHaveAttribute('aria-valuemax', '1000');

    // 312 done in 4 s: 688 more at that pace is about 8.8 s.
    fake.runs.elapsedMs = 4000;
    act(() => fake.runs.push('run-7', rows(0, 312, 44)));
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '312'));
    expect(within(runRegion()).getByText('312 of 1000 · 305 passed · 7 failed · about 9 s left')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuetext', '312 of 1000 · 305 passed · 7 failed · about 9 s left');
  });

  it('shows requests Cancel stopped in flight as stopped, not failed, from the event that brings them', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 100);
    renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    const stopped = rows(10, 3).map((row) => ({
      ...row,
      passed: false,
      failed: ['status: expected 200, got no status (cancelled)'],
      status: null,
      errorCode: 'cancelled' as const,
    }));
    act(() => fake.runs.push('run-7', [...rows(0, 10, 5), ...stopped]));
    expect(await within(runRegion()).findByText(/^13 of 100 · 8 passed · 2 failed · 3 stopped( · about .* left)?$/)).toBeInTheDocument();
  });

  it('says the run waits when the server asked it to (429), and stops saying so with the next event', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 10);
    renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    act(() => fake.runs.wait('run-7', 2000));
    expect(await screen.findByText('Waiting 2 s (the server asked, 429)')).toBeInTheDocument();
    act(() => fake.runs.push('run-7', rows(0, 1)));
    await waitFor(() => expect(screen.queryByText(/Waiting/)).toBeNull());
  });

  it('cancels a running run; the cancelled run says so, with how many never ran, and Cancel goes', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 1000);
    const { user } = renderRunView('run-7', fake);
    await screen.findByRole('heading', { name: 'orders' });
    act(() => fake.runs.push('run-7', rows(0, 312)));
    await user.click(within(runRegion()).getByRole('button', { name: 'Cancel run' }));
    expect(fake.callsOf('cancelRun')).toEqual([{ runId: 'run-7' }]);
    expect(await within(runRegion()).findByText('Cancelled: 688 requests never ran.')).toBeInTheDocument();
    expect(within(runRegion()).getByText('Cancelled', { selector: '.run-state' })).toBeInTheDocument();
    expect(within(runRegion()).queryByRole('button', { name: 'Cancel run' })).toBeNull();
    // Ended: no time left is given.
    expect(within(runRegion()).getByText('312 of 1000 · 312 passed · 0 failed')).toBeInTheDocument();
  });

  it('estimates the time left from the pace so far, in whole units', () => {
    expect(etaMs(1000, 0, 500)).toBeNull();
    expect(etaMs(1000, 1000, 5000)).toBeNull();
    expect(etaMs(1000, 250, 4000)).toBe(12000);
    expect(roughDuration(12000)).toBe('12 s');
    expect(roughDuration(600_000)).toBe('10 min');
    expect(progressLine({ total: 1000, completed: 312, passed: 305, failed: 7, cancelled: 0 }, 12000)).toBe(
      '312 of 1000 · 305 passed · 7 failed · about 12 s left',
    );
  });

  it('does not count requests Cancel stopped in flight as failed', () => {
    expect(progressLine({ total: 1000, completed: 312, passed: 305, failed: 7, cancelled: 3 }, null)).toBe(
      '312 of 1000 · 305 passed · 4 failed · 3 stopped',
    );
  });
});
