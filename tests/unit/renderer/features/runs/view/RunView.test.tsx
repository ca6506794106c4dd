import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { etaMs, progressLine, roughDuration } from '../../../../../../renderer/features/runs/view/progressText';
import * as format from '../../../../../../renderer/lib/format';
import { FakeApi } from '../../../../../support/fakeApi';
import {
  agentNamesRead,
  progressBar,
  renderRunView,
  resultRows,
  rows,
  runRegion,
  runRow,
  seedRunning,
  useRunLayout,
} from './runViewHarness';

// Every result row formats its two timings: counting the calls counts the rows that rendered.
vi.mock('../../../../../../renderer/lib/format', async (importOriginal) => {
  const actual = await importOriginal<typeof format>();
  return { ...actual, formatMs: vi.fn(actual.formatMs) };
});

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

/** What is done from a run's view: open a result, export the run, delete it. */
describe('RunView actions', () => {
  useRunLayout();
  afterEach(() => vi.restoreAllMocks());

  it('opens a result (click or Enter) in the Response view with its expectations, the failed ones said', async () => {
    const fake = new FakeApi();
    fake.runs.seed(
      { runId: 'run-3' },
      [
        runRow({ index: 0, caseName: 'greets', answerStart: 'Hello Ada.' }),
        runRow({
          index: 1,
          caseName: 'reflects customer',
          passed: false,
          failed: ['answerContains: expected contains "Dana"'],
          answerStart: 'Hello Ada, your order',
        }),
      ],
      { 1: 'Hello Ada, your order A-17 is on its way.' },
    );
    const { user } = renderRunView('run-3', fake);
    await waitFor(() => expect(resultRows()).toHaveLength(2));
    // The table is one tab stop after the filter; arrows move within it.
    screen.getByRole('button', { name: 'Failures only' }).focus();
    await user.tab();
    expect(resultRows()[0]).toHaveFocus();
    await user.tab();
    expect(resultRows()[1]).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(resultRows()[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(resultRows()[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    const opened = await screen.findByRole('region', { name: 'Opened result' });
    expect(fake.callsOf('getRunResult')).toEqual([{ runId: 'run-3', index: 1 }]);
    const expectations = await within(opened).findByRole('list', { name: 'Expectations' });
    const item = within(expectations).getByRole('listitem');
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent('answerContains');
    expect(item).toHaveTextContent('Expected' + 'answerContains: expected contains "Dana"');
    // The exchange in the same Response view as a live answer, with the whole answer.
    const response = within(opened).getByRole('region', { name: /^Response/ });
    expect(await within(response).findByText(/your order A-17 is on its way/)).toBeInTheDocument();
    expect(resultRows()[1]).toHaveAttribute('aria-selected', 'true');

    await user.click(within(resultRows()[0]!).getByText('greets'));
    expect(await within(screen.getByRole('region', { name: 'Opened result' })).findByText('Every expectation passed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close result' }));
    expect(screen.queryByRole('region', { name: 'Opened result' })).toBeNull();
  });

  it.each([
    ['JUnit XML', 'junit', 'orders-run.xml', 'application/xml'],
    ['CSV', 'csv', 'orders-run.csv', 'text/csv'],
    ['JSON', 'json', 'orders-run.json', 'application/json'],
    ['HTML report', 'html', 'orders-run.html', 'text/html'],
  ])('exports the run as %s and saves the file the host made', async (label, format, fileName, mediaType) => {
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:run'), revokeObjectURL: () => undefined });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-3' }, rows(0, 3));
    const { user } = renderRunView('run-3', fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    await user.click(within(exportGroup).getByRole('button', { name: label }));
    expect(await within(runRegion()).findByRole('status')).toHaveTextContent(`Saved ${fileName}.`);
    expect(fake.callsOf('exportRun')).toEqual([{ runId: 'run-3', format }]);
    expect(downloads).toEqual([fileName]);
    expect(blobs[0]!.type).toBe(`${mediaType};charset=utf-8`);
    expect(await blobs[0]!.text()).toBe(`${format} of run-3`);
  });

  it('waits for the run to end before export and delete', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 5);
    renderRunView('run-7', fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    for (const button of within(exportGroup).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('deletes an ended run after a confirmation, and not when the confirmation is cancelled', async () => {
    const fake = new FakeApi();
    fake.runs.seed({ runId: 'run-3' }, rows(0, 3));
    const { user } = renderRunView('run-3', fake);
    await user.click(await screen.findByRole('button', { name: 'Delete run' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete this run of orders and its 3 results? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('deleteRun')).toEqual([]);
    expect(within(runRegion()).getByRole('button', { name: 'Delete run' })).toHaveFocus();
    await user.click(within(runRegion()).getByRole('button', { name: 'Delete run' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm delete' })).getByRole('button', { name: 'Delete run' }));
    expect(await screen.findByText('The run was deleted.')).toBeInTheDocument();
    expect(fake.callsOf('deleteRun')).toEqual([{ runId: 'run-3' }]);
    expect(fake.runs.runs.has('run-3')).toBe(false);
  });
});

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

/**
 * A 1000-result run streams without re-rendering the table row by row: an event renders the
 * rows that changed, not every row in the window again (the smoothness the issue asks for
 * comes from this and from the window; a real-Chromium timing needs the host, see the report).
 */
describe('RunView rendering', () => {
  useRunLayout();

  it('re-renders no row already in view when results arrive below it', async () => {
    const fake = new FakeApi();
    seedRunning(fake, 1000);
    const { queryClient } = renderRunView('run-7', fake);
    await screen.findByText('No results yet.');
    act(() => fake.runs.push('run-7', rows(0, 100)));
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    await agentNamesRead(queryClient);
    const formatMs = vi.mocked(format.formatMs);
    for (let batch = 1; batch < 10; batch += 1) {
      formatMs.mockClear();
      act(() => fake.runs.push('run-7', rows(batch * 100, 100)));
      await waitFor(() =>
        expect(screen.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', String((batch + 1) * 100 + 1)),
      );
      expect(formatMs).not.toHaveBeenCalled();
    }
    expect(screen.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '1000');
  });
});
