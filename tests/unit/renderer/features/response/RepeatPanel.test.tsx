import { act, waitFor, within } from '@testing-library/react';
import type { RunResultRow, StartRunRequest } from '../../../../../electron/shared/api';
import { FakeApi } from '../../../../support/fakeApi';
import { runRow } from '../../../../support/fakeRuns';
import { answerState, renderResponse, response } from '../../responseHarness';

/**
 * Repeat is a one-case run of N iterations on the host's runner: the page starts it
 * with startRun and shows what the pushed progress brings; it sends no invoke of its own.
 * The fake's runs are scripted (tests/support/fakeRuns.ts): results arrive when the test
 * pushes them.
 */

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

function repeatRegion() {
  return within(response()).getByRole('region', { name: 'Repeat' });
}

/** Fills the form, confirms, and waits for the run to start. */
async function startRepeat(user: ReturnType<typeof renderResponse>['user'], fake: FakeApi, runs: number, atOnce?: number) {
  const repeat = within(repeatRegion());
  await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
  await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), String(runs));
  if (atOnce !== undefined) {
    await user.clear(repeat.getByRole('spinbutton', { name: 'At once' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'At once' }), String(atOnce));
  }
  await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
  await user.click(repeat.getByRole('button', { name: `Send ${runs} ${runs === 1 ? 'run' : 'runs'}` }));
  await waitFor(() => expect(fake.callsOf('startRun')).toHaveLength(1));
  return repeat;
}

/** Results arrive from the host, as one progress event. */
function push(fake: FakeApi, rows: RunResultRow[], runId = 'run-1') {
  act(() => fake.runs.push(runId, rows));
}

const answered = (iteration: number, answerStart: string, serverMs: number, roundTripMs: number) =>
  runRow({ index: iteration - 1, iteration, answerStart, serverMs, roundTripMs });

describe('repeating a request', () => {
  it('sends nothing until the person confirms the number of billed runs, and nothing on Cancel', async () => {
    const { user, fake } = renderResponse(answerState('Hello'));
    const repeat = within(repeatRegion());
    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '3');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    expect(repeat.getByRole('group', { name: 'Confirm repeat' })).toHaveTextContent(
      'Send 3 runs of this request, one after another? Each is a real agent run and may be billed.',
    );
    expect(repeat.getByRole('button', { name: 'Send 3 runs' })).toHaveFocus();
    expect(fake.callsOf('startRun')).toEqual([]);
    await user.click(repeat.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsOf('startRun')).toEqual([]);
    expect(fake.callsOf('invokeAgent')).toEqual([]);
    expect(repeat.getByRole('button', { name: 'Repeat…' })).toBeInTheDocument();
  });

  it('refuses a number of runs outside 1–50 and sends nothing', async () => {
    const { user, fake } = renderResponse(answerState('Hello'));
    const repeat = within(repeatRegion());
    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '51');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    expect(repeat.getByRole('spinbutton', { name: 'Runs' })).toHaveAccessibleDescription('Runs must be a whole number from 1 to 50.');
    expect(repeat.queryByRole('group', { name: 'Confirm repeat' })).toBeNull();
    expect(fake.callsOf('startRun')).toEqual([]);
  });

  it('starts one run of N iterations of the request on the host, and makes no invoke of its own', async () => {
    const { user, fake } = renderResponse(answerState('Hello Ada', { name: 'Ada' }));
    await startRepeat(user, fake, 5);
    const expected: StartRunRequest = {
      kind: 'repeat',
      profileId: 'sandbox',
      suite: { name: 'Repeat', cases: [{ agent: AGENT_ID, text: 'Where is my parcel?', payload: { name: 'Ada' }, expect: {} }] },
      suiteFile: 'Repeat.json',
      data: null,
      iterations: 5,
      concurrency: 1,
    };
    expect(fake.callsOf('startRun')).toEqual([expected]);
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('sends the chosen number at once as the run’s concurrency', async () => {
    const { user, fake } = renderResponse(answerState('same'));
    await startRepeat(user, fake, 10, 3);
    expect(fake.callsOf('startRun')).toEqual([expect.objectContaining({ iterations: 10, concurrency: 3 })]);
  });

  it('shows progress as results are pushed, then p50/p95, failures by code and grouped answers', async () => {
    const { user, fake } = renderResponse(answerState('Hello Ada', { name: 'Ada' }));
    const repeat = await startRepeat(user, fake, 5);
    const progress = repeat.getByRole('progressbar', { name: 'Repeat progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '5');
    expect(repeat.getByRole('button', { name: 'Stop' })).toHaveFocus();

    push(fake, [answered(1, 'Hello Ada', 100, 110)]);
    expect(progress).toHaveAttribute('aria-valuenow', '1');
    // With several at once, results arrive in any order.
    push(fake, [
      answered(3, 'Hi Ada', 300, 330),
      answered(2, 'Hello Ada', 200, 220),
      runRow({
        index: 3,
        iteration: 4,
        passed: false,
        errorCode: 'timeout',
        status: null,
        serverMs: null,
        roundTripMs: null,
        answerStart: 'Too slow.',
      }),
      answered(5, 'Hello Ada', 500, 550),
    ]);
    act(() => fake.runs.finish('run-1'));
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Finished: 5 of 5 runs ended · 4 answered · 1 failed'));

    const rows = repeat.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['', 'p50', 'p95', 'of runs'],
      ['Server time', '200 ms', '500 ms', '4'],
      ['Round trip', '220 ms', '550 ms', '4'],
    ]);
    expect(repeat.getByText('timeout').parentElement).toHaveTextContent('timeout × 1');
    const groups = repeat.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(groups.map((item) => item.textContent)).toEqual(['× 3Hello Adafirst in run 1', '× 1Hi Adafirst in run 3']);
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('ignores the progress of other runs', async () => {
    const { user, fake } = renderResponse(answerState('x'));
    const repeat = await startRepeat(user, fake, 3);
    // Another run (a suite in another tab) pushes results too.
    const other = fake.runs.seed({ runId: 'suite-9', state: 'running', total: 10, completed: 0, passed: 0 });
    push(fake, [answered(1, 'elsewhere', 1, 2), answered(2, 'elsewhere', 1, 2)], other.runId);
    expect(repeat.getByRole('progressbar', { name: 'Repeat progress' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('Stop cancels the run on the host and says how far it got', async () => {
    const { user, fake } = renderResponse(answerState('x'));
    const repeat = await startRepeat(user, fake, 10);
    push(fake, [answered(1, 'one', 10, 20)]);
    await user.click(repeat.getByRole('button', { name: 'Stop' }));
    expect(fake.callsOf('cancelRun')).toEqual([{ runId: 'run-1' }]);
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Stopped: 1 of 10 runs ended · 1 answered · 0 failed'));
    expect(repeat.getByRole('button', { name: 'Repeat…' })).toBeInTheDocument();
  });

  it('a result cancelled in flight is listed as cancelled', async () => {
    const { user, fake } = renderResponse(answerState('x'));
    const repeat = await startRepeat(user, fake, 10);
    push(fake, [
      answered(1, 'one', 10, 20),
      runRow({ index: 1, iteration: 2, passed: false, errorCode: 'cancelled', status: null, roundTripMs: null, serverMs: null }),
    ]);
    act(() => fake.runs.finish('run-1', 'cancelled'));
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Stopped: 2 of 10 runs ended · 1 answered · 1 failed'));
    expect(repeat.getByText('cancelled')).toBeInTheDocument();
  });

  it('cancels its run when the response it belongs to goes away', async () => {
    const { user, fake, unmount } = renderResponse(answerState('x'));
    await startRepeat(user, fake, 10);
    unmount();
    expect(fake.callsOf('cancelRun')).toEqual([{ runId: 'run-1' }]);
  });

  it('says why when the host does not start the run', async () => {
    const fake = new FakeApi();
    fake.runs.startRefusal = () => ({ code: 'invalid_argument', message: 'The agent id is not valid.' });
    const { user } = renderResponse(answerState('x'), fake);
    const repeat = await startRepeat(user, fake, 2);
    expect(await repeat.findByRole('alert')).toHaveTextContent('The repeat did not start: The agent id is not valid.');
    expect(repeat.getByRole('button', { name: 'Repeat…' })).toBeInTheDocument();
  });

  it('reads the results back from the run when pushed ones went missing', async () => {
    const { user, fake } = renderResponse(answerState('x'));
    const repeat = await startRepeat(user, fake, 2);
    // Stored on the host but never pushed (say, the page was busy and an event was lost).
    act(() => {
      const run = fake.runs.runs.get('run-1');
      run?.rows.push(answered(1, 'kept', 10, 20), answered(2, 'kept', 30, 40));
      if (run) run.record.completed = 2;
      fake.runs.finish('run-1');
    });
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Finished: 2 of 2 runs ended · 2 answered · 0 failed'));
    expect(fake.callsOf('listRunResults')).toEqual([{ runId: 'run-1', offset: 0, limit: 1000 }]);
  });
});
