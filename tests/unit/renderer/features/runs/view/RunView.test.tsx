import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { etaMs, progressLine, roughDuration } from '../../../../../../renderer/features/runs/view/progressText';
import * as format from '../../../../../../renderer/lib/format';
import { FakeApi, okInvoke } from '../../../../../support/fakeApi';
import { exportText, heldExportText } from '../../../../../support/heldExports';
import { answersByText, endedRun, startSuiteRun, statusAnswer, suiteOf } from '../../../../../support/runSuites';
import {
  agentNamesRead,
  answer,
  endedNumbered,
  progressBar,
  renderRunView,
  resultRows,
  runRegion,
  startHeld,
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
    // The run's clock is the test's: the time left is worked out from a known elapsed time.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => void vi.useRealTimers());
    const fake = new FakeApi();
    const runId = await startHeld(fake, 1000, 44);
    renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    expect(within(runRegion()).getByText('Running')).toBeInTheDocument();
    expect(within(runRegion()).getByText('Sandbox')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuenow', '0');
    expect(progressBar()).toHaveAttribute('aria-valuemax', '1000');

    // 312 done in 4 s: 688 more at that pace is about 8.8 s.
    vi.advanceTimersByTime(4000);
    await fake.platform.release(312);
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '312'));
    expect(within(runRegion()).getByText('312 of 1000 · 305 passed · 7 failed · about 9 s left')).toBeInTheDocument();
    expect(progressBar()).toHaveAttribute('aria-valuetext', '312 of 1000 · 305 passed · 7 failed · about 9 s left');
  });

  it('shows requests Cancel stopped in flight as stopped, not failed, from the event that brings them', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 100, 5, { concurrency: 3 });
    renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    // Ten answered (two failed), three in flight when Cancel stops them.
    await fake.platform.release(10);
    await waitFor(() => expect(fake.platform.waiting).toBe(3));
    await fake.cancelRun({ runId });
    expect(await within(runRegion()).findByText(/^13 of 100 · 8 passed · 2 failed · 3 stopped( · about .* left)?$/)).toBeInTheDocument();
  });

  it('says the run waits when the server asked it to (429), and stops saying so with the next event', async () => {
    // The run's clock is the test's: the wait left is known when the event says it.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => void vi.useRealTimers());
    const fake = new FakeApi();
    const runId = await startHeld(fake, 10);
    let asked = 0;
    const answers = answersByText();
    // The first request is answered 429 "retry after 2 s"; the rest as usual.
    fake.invokeResponder = (request, signal) =>
      request.text === 'question 1' && (asked += 1) === 1
        ? statusAnswer(429, 'Too Many Requests', { headers: { 'retry-after': '2' } })
        : answers(request, signal);
    renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    await fake.platform.release(1);
    expect(await screen.findByText('Waiting 2 s (the server asked, 429)')).toBeInTheDocument();
    vi.advanceTimersByTime(2000);
    await fake.platform.release(1);
    await waitFor(() => expect(screen.queryByText(/Waiting/)).toBeNull());
  });

  it('cancels a running run; the cancelled run says so, with how many never ran, and Cancel goes', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 1000);
    const { user } = renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    // 312 answered, eight in flight (the run's concurrency) when Cancel is pressed: those are stopped.
    await fake.platform.release(312);
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '312'));
    await waitFor(() => expect(fake.platform.waiting).toBe(8));
    await user.click(within(runRegion()).getByRole('button', { name: 'Cancel run' }));
    expect(fake.callsOf('cancelRun')).toEqual([{ runId }]);
    expect(await within(runRegion()).findByText('Cancelled: 680 requests never ran, 8 stopped in flight.')).toBeInTheDocument();
    expect(within(runRegion()).getByText('Cancelled', { selector: '.run-state' })).toBeInTheDocument();
    expect(within(runRegion()).queryByRole('button', { name: 'Cancel run' })).toBeNull();
    // Ended: no time left is given.
    expect(within(runRegion()).getByText('320 of 1000 · 312 passed · 0 failed · 8 stopped')).toBeInTheDocument();
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
    fake.platform.hold();
    fake.invokeResponder = answersByText({
      'Hello?': okInvoke('<b>Hello Dana</b>', { ms: 850, roundTripMs: 12 }),
      'Refund order 17': statusAnswer(404, 'Not Found'),
    });
    const suite = suiteOf([
      { name: 'reflects customer', text: 'Hello?' },
      // A 404 has no answer to check the contract of: the case says only what status it expects.
      { name: 'refund', text: 'Refund order 17', expect: { status: 200, contract: false } },
      // Held: the run is still going.
      { name: 'later', text: 'question 3' },
    ]);
    const runId = await startSuiteRun(fake, suite);
    renderRunView(runId, fake);
    expect(await screen.findByText('No results yet.')).toBeInTheDocument();
    const reads = fake.callsOf('listRunResults').length;
    await answer(fake, runId, 1, 1);
    await answer(fake, runId, 1, 2);
    await waitFor(() => expect(resultRows()).toHaveLength(2));
    const [first, second] = resultRows();
    expect(within(first!).getByText('reflects customer')).toBeInTheDocument();
    expect(within(first!).getByText('Passed')).toBeInTheDocument();
    // Untrusted answer text stays text.
    expect(within(first!).getByText('<b>Hello Dana</b>')).toBeInTheDocument();
    expect(first!.querySelector('b')).toBeNull();
    expect(within(second!).getByText('Failed: status: expected 200, got 404')).toBeInTheDocument();
    expect(within(second!).getByText('404')).toBeInTheDocument();
    // The server's time and the round trip of an answered request.
    expect(within(first!).getByText('850 ms')).toBeInTheDocument();
    expect(within(first!).getByText('12 ms')).toBeInTheDocument();
    // The agent by its name, its id in the tooltip; an agent without a name by its id.
    expect(await within(first!).findByText('Support reply drafter')).toHaveAttribute(
      'title',
      'Agent id: 11111111-1111-4111-8111-111111111111',
    );
    expect(fake.callsOf('listRunResults').length).toBe(reads);
  });

  it('renders only a window of a 1000-result run, streamed in ten events, and reaches the last by keyboard', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 1000);
    const { user } = renderRunView(runId, fake);
    await screen.findByText('No results yet.');
    for (let batch = 0; batch < 10; batch += 1) await answer(fake, runId, 100, (batch + 1) * 100);
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
    const runId = await endedNumbered(fake, 30, 10);
    const { user } = renderRunView(runId, fake);
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    expect(screen.getByText('30 results')).toBeInTheDocument();
    expect(fake.callsOf('listRunResults')).toContainEqual({ runId, offset: 0, limit: 200, failuresOnly: false });
    await user.click(within(runRegion()).getByRole('button', { name: 'Failures only' }));
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(3));
    expect(fake.callsOf('listRunResults')).toContainEqual({ runId, offset: 0, limit: 200, failuresOnly: true });
    expect(resultRows('Failed results').map((row) => within(row).getAllByRole('gridcell')[0]!.textContent)).toEqual([
      'case 10',
      'case 20',
      'case 30',
    ]);
    expect(screen.getByText('3 failed')).toBeInTheDocument();
  });

  it("asks for an ended run's record, first page and matrix lines at once, and reads the page once", async () => {
    const fake = new FakeApi();
    const runId = await endedNumbered(fake, 30, 10);
    // The record held back: what the first screen needs is asked for without waiting for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const getRun = fake.getRun.bind(fake);
    fake.getRun = async (request) => {
      await held;
      return getRun(request);
    };
    renderRunView(runId, fake);
    await waitFor(() => expect(fake.callsOf('listRunResults')).toEqual([{ runId, offset: 0, limit: 200, failuresOnly: false }]));
    expect(fake.callsOf('getRunMatrix')).toEqual([{ runId, offset: 0, limit: 200 }]);
    expect(screen.getByText('Loading the run…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    expect(screen.getByText('30 results')).toBeInTheDocument();
    // The view that shows the page takes the one already read.
    expect(fake.callsOf('listRunResults')).toHaveLength(1);
  });

  it('filters the rows of a running run to failures as they stream in', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 40, 5);
    const { user } = renderRunView(runId, fake);
    await screen.findByText('No results yet.');
    await user.click(within(runRegion()).getByRole('button', { name: 'Failures only' }));
    await fake.platform.release(20);
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(4));
    await fake.platform.release(5);
    await waitFor(() => expect(resultRows('Failed results')).toHaveLength(5));
  });

  it('shows the results already in when it opens on a run that is going, with those that stream in after', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 10);
    await answer(fake, runId, 3, 3);
    renderRunView(runId, fake);
    await waitFor(() => expect(resultRows()).toHaveLength(3));
    await fake.platform.release(2);
    await waitFor(() => expect(resultRows()).toHaveLength(5));
  });
});

/** What is done from a run's view: open a result, export the run, delete it. */
describe('RunView actions', () => {
  useRunLayout();
  afterEach(() => vi.restoreAllMocks());

  it('opens a result (click or Enter) in the Response view with its expectations, the failed ones said', async () => {
    const fake = new FakeApi();
    fake.invokeResponder = answersByText({ Hi: 'Hello Ada.', 'Where is my order?': 'Hello Ada, your order A-17 is on its way.' });
    const runId = await endedRun(
      fake,
      suiteOf([
        { name: 'greets', text: 'Hi' },
        { name: 'reflects customer', text: 'Where is my order?', expect: { answerContains: 'Dana' } },
      ]),
    );
    const { user } = renderRunView(runId, fake);
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
    expect(fake.callsOf('getRunResult')).toEqual([{ runId, index: 1 }]);
    const expectations = await within(opened).findByRole('list', { name: 'Expectations' });
    // The failed one first; the status and the contract held.
    const [item, ...held] = within(expectations).getAllByRole('listitem');
    expect(held.map((outcome) => outcome.textContent)).toEqual([
      expect.stringMatching(/^Passed ?status/),
      expect.stringMatching(/^Passed ?contract/),
    ]);
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent('answerContains');
    expect(item).toHaveTextContent('Expected' + 'contains "Dana"');
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
    ['JUnit XML', 'junit', 'orders-run-2026-11-20.xml', 'application/xml'],
    ['CSV', 'csv', 'orders-run-2026-11-20.csv', 'text/csv'],
    ['JSON', 'json', 'orders-run-2026-11-20.json', 'application/json'],
    ['HTML report', 'html', 'orders-run-2026-11-20.html', 'text/html'],
  ])('exports the run as %s and downloads the file the host holds', async (label, format, fileName, mediaType) => {
    const downloads: Array<{ name: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
    const fake = new FakeApi();
    const runId = await endedNumbered(fake, 3);
    const { user } = renderRunView(runId, fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    await user.click(within(exportGroup).getByRole('button', { name: label }));
    expect(await within(runRegion()).findByRole('status')).toHaveTextContent(`Saved ${fileName}.`);
    expect(fake.callsOf('exportRun')).toEqual([{ runId, format }]);
    // A download of the host's address for the file: the browser reads it from there, the page never holds it.
    expect(downloads).toEqual([{ name: fileName, href: expect.stringMatching(/^\/export\?ticket=[A-Za-z0-9_-]{43}$/) }]);
    const held = fake.runExports.take(new URLSearchParams(downloads[0]!.href.split('?')[1]).get('ticket'));
    if (!held.ok) throw new Error(held.error.message);
    expect(held.value).toMatchObject({ fileName, mediaType });
    // The very file a second export of the run makes, with the run's cases in it.
    const made = await fake.exportRun({ runId, format: format as 'junit' });
    const text = await exportText(held.value);
    expect(text).toBe(made.ok && (await heldExportText(fake.runExports, made.value.ticket)));
    expect(text).toContain('case 3');
  });

  it('exports the run in the desktop app through its save dialog, which writes the file the host holds', async () => {
    const fake = Object.assign(new FakeApi(), { desktop: true });
    const runId = await endedNumbered(fake, 3);
    const { user } = renderRunView(runId, fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    await user.click(within(exportGroup).getByRole('button', { name: 'CSV' }));
    expect(await within(runRegion()).findByRole('status')).toHaveTextContent('Saved /home/user/Downloads/orders-run-2026-11-20.csv.');
    expect(fake.callsOf('saveTextFile')).toEqual([
      { suggestedName: 'orders-run-2026-11-20.csv', mediaType: 'text/csv', ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    ]);
    expect(fake.savedFiles[0]!.content).toContain('case 3');
  });

  it('says why an export could not be saved, in words, and the buttons work again', async () => {
    const fake = Object.assign(new FakeApi(), { desktop: true });
    fake.saveResponder = () => ({
      ok: false,
      error: { code: 'internal', message: 'The file could not be saved: EACCES: permission denied.' },
    });
    const runId = await endedNumbered(fake, 3);
    const { user } = renderRunView(runId, fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    await user.click(within(exportGroup).getByRole('button', { name: 'JSON' }));
    expect(await within(runRegion()).findByRole('alert')).toHaveTextContent('The file could not be saved: EACCES: permission denied.');
    expect(within(exportGroup).getByRole('button', { name: 'JSON' })).toBeEnabled();
  });

  it('waits for the run to end before export and delete', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 5);
    renderRunView(runId, fake);
    const exportGroup = await screen.findByRole('group', { name: 'Export run' });
    for (const button of within(exportGroup).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('deletes an ended run after a confirmation, and not when the confirmation is cancelled', async () => {
    const fake = new FakeApi();
    const runId = await endedNumbered(fake, 3);
    const { user } = renderRunView(runId, fake);
    await user.click(await screen.findByRole('button', { name: 'Delete run' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm).toHaveTextContent('Delete this run of orders and its 3 results? This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('deleteRun')).toEqual([]);
    expect(within(runRegion()).getByRole('button', { name: 'Delete run' })).toHaveFocus();
    await user.click(within(runRegion()).getByRole('button', { name: 'Delete run' }));
    await user.click(within(screen.getByRole('group', { name: 'Confirm delete' })).getByRole('button', { name: 'Delete run' }));
    expect(await screen.findByText('The run was deleted.')).toBeInTheDocument();
    expect(fake.callsOf('deleteRun')).toEqual([{ runId }]);
    expect(await fake.getRun({ runId })).toMatchObject({ ok: false });
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
    const runId = await startHeld(fake, 10, 5);
    renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    await fake.platform.release(3);
    await waitFor(() => expect(progressBar()).toHaveAttribute('aria-valuenow', '3'));

    fake.eventStream.dropped = true;
    const ended = fake.runEnded(runId);
    fake.platform.releaseAll();
    await ended;
    act(() => fake.eventStream.resume());

    expect(await within(runRegion()).findByText('Failed', { selector: '.run-state' })).toBeInTheDocument();
    expect(within(runRegion()).queryByRole('button', { name: 'Cancel run' })).toBeNull();
    await waitFor(() => expect(screen.getByText('10 results')).toBeInTheDocument());
    expect(resultRows().length).toBe(10);
  });

  it('fills in the results of the gap while the run is still going', async () => {
    const fake = new FakeApi();
    const runId = await startHeld(fake, 10);
    renderRunView(runId, fake);
    await screen.findByRole('heading', { name: 'orders' });
    await fake.platform.release(2);
    await waitFor(() => expect(screen.getByText('2 results so far')).toBeInTheDocument());

    fake.eventStream.dropped = true;
    await answer(fake, runId, 3, 5);
    act(() => fake.eventStream.resume());
    await fake.platform.release(1);

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
    // One more than is answered: the run is still going when the last batch is in.
    const runId = await startHeld(fake, 1001);
    const { queryClient } = renderRunView(runId, fake);
    await screen.findByText('No results yet.');
    await fake.platform.release(100);
    await waitFor(() => expect(resultRows().length).toBeGreaterThan(5));
    await agentNamesRead(queryClient);
    const formatMs = vi.mocked(format.formatMs);
    for (let batch = 1; batch < 10; batch += 1) {
      formatMs.mockClear();
      await fake.platform.release(100);
      await waitFor(() =>
        expect(screen.getByRole('grid', { name: 'Results' })).toHaveAttribute('aria-rowcount', String((batch + 1) * 100 + 1)),
      );
      expect(formatMs).not.toHaveBeenCalled();
    }
    expect(screen.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '1000');
  });
});
