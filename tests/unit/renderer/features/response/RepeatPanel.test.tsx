import { act, waitFor, within } from '@testing-library/react';
import type { StartRunRequest } from '../../../../../electron/shared/api';
import { FakeApi, okInvoke } from '../../../../support/fakeApi';
import { sandboxSummary } from '../../../../support/hostProfiles';
import { answersInTurn, numberedCases, startSuiteRun, statusAnswer, suiteOf, timedOut } from '../../../../support/runSuites';
import { answerState, profilesRead, renderResponse, response } from '../../responseHarness';

/**
 * Repeat is a one-case run of N iterations on the host's runner: the page starts it
 * with startRun and shows what the pushed progress brings; it sends no invoke of its own.
 * The fake host runs it on its real run service; the platform holds its answers until the test
 * lets them go, so results arrive when the test says.
 */

const AGENT_ID = '11111111-1111-4111-8111-111111111111';

function repeatRegion() {
  return within(response()).getByRole('region', { name: 'Repeat' });
}

/** Fills the form, confirms once the page has read the profiles, and waits for the run to start (its answers held). */
async function startRepeat(
  rendered: Pick<ReturnType<typeof renderResponse>, 'user' | 'fake' | 'queryClient'>,
  runs: number,
  atOnce?: number,
) {
  const { user, fake, queryClient } = rendered;
  fake.platform.hold();
  await profilesRead(queryClient);
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

/** The repeat's run, as the host lists it. */
async function repeatRunId(fake: FakeApi): Promise<string> {
  const runs = await fake.listRuns({ kind: 'repeat' });
  if (!runs.ok || !runs.value[0]) throw new Error('no repeat run');
  return runs.value[0].runId;
}

/** An answer that took `serverMs` on the server and `roundTripMs` in all. */
const answered = (answer: string, serverMs: number, roundTripMs: number) =>
  okInvoke(answer, { duration: `${serverMs}ms`, ms: serverMs, roundTripMs });

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
    const { user, fake, queryClient } = renderResponse(answerState('Hello Ada', { name: 'Ada' }));
    await startRepeat({ user, fake, queryClient }, 5);
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
    const { user, fake, queryClient } = renderResponse(answerState('same'));
    await startRepeat({ user, fake, queryClient }, 10, 3);
    expect(fake.callsOf('startRun')).toEqual([expect.objectContaining({ iterations: 10, concurrency: 3 })]);
  });

  it('shows progress as results are pushed, then p50/p95, failures by code and grouped answers', async () => {
    const { user, fake, queryClient } = renderResponse(answerState('Hello Ada', { name: 'Ada' }));
    fake.invokeResponder = answersInTurn([
      answered('Hello Ada', 100, 110),
      answered('Hello Ada', 200, 220),
      answered('Hi Ada', 300, 330),
      timedOut('Too slow.'),
      answered('Hello Ada', 500, 550),
    ]);
    const repeat = await startRepeat({ user, fake, queryClient }, 5);
    const progress = repeat.getByRole('progressbar', { name: 'Repeat progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '5');
    expect(repeat.getByRole('button', { name: 'Stop' })).toHaveFocus();

    await fake.platform.release(1);
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    fake.platform.releaseAll();
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
    const { user, fake, queryClient } = renderResponse(answerState('x'));
    const repeat = await startRepeat({ user, fake, queryClient }, 3);
    // Another run (a suite in another tab) pushes results too.
    const other = await startSuiteRun(fake, suiteOf(numberedCases(10)));
    const pushed = fake.eventStream.next(other, (progress) => progress.completed >= 2);
    await fake.platform.release(2, (request) => request.text.startsWith('question'));
    await pushed;
    expect(repeat.getByRole('progressbar', { name: 'Repeat progress' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('Stop cancels the run on the host and says how far it got', async () => {
    const { user, fake, queryClient } = renderResponse(answerState('x'));
    // The second request is asked to wait a while (429): Stop finds nothing in flight.
    fake.invokeResponder = answersInTurn([
      answered('one', 10, 20),
      statusAnswer(429, 'Too Many Requests', { headers: { 'retry-after': '30' } }),
    ]);
    const repeat = await startRepeat({ user, fake, queryClient }, 10);
    const runId = await repeatRunId(fake);
    const waiting = fake.eventStream.next(runId, (progress) => progress.waitingMs !== null);
    await fake.platform.release(2);
    await waiting;
    await user.click(repeat.getByRole('button', { name: 'Stop' }));
    expect(fake.callsOf('cancelRun')).toEqual([{ runId }]);
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Stopped: 1 of 10 runs ended · 1 answered · 0 failed'));
    expect(repeat.getByRole('button', { name: 'Repeat…' })).toBeInTheDocument();
  });

  it('a result cancelled in flight is listed as cancelled', async () => {
    const { user, fake, queryClient } = renderResponse(answerState('x'));
    fake.invokeResponder = answersInTurn([answered('one', 10, 20)]);
    const repeat = await startRepeat({ user, fake, queryClient }, 10);
    // One answered, the second in flight when Stop is pressed.
    await fake.platform.release(1);
    await waitFor(() => expect(repeat.getByRole('progressbar', { name: 'Repeat progress' })).toHaveAttribute('aria-valuenow', '1'));
    await waitFor(() => expect(fake.platform.waiting).toBe(1));
    await user.click(repeat.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Stopped: 2 of 10 runs ended · 1 answered · 1 failed'));
    expect(repeat.getByText('cancelled')).toBeInTheDocument();
  });

  it('cancels its run when the response it belongs to goes away', async () => {
    const { user, fake, queryClient, unmount } = renderResponse(answerState('x'));
    await startRepeat({ user, fake, queryClient }, 10);
    await waitFor(() => expect(fake.platform.waiting).toBe(1));
    unmount();
    expect(fake.callsOf('cancelRun')).toEqual([{ runId: await repeatRunId(fake) }]);
  });

  it('says why when the host does not start the run', async () => {
    const fake = new FakeApi();
    // The Sandbox's key was saved for another server: the host refuses to send it here.
    const sandbox = sandboxSummary();
    fake.profiles = { activeProfileId: 'sandbox', profiles: [{ ...sandbox, key: { ...sandbox.key, origin: 'https://old.example' } }] };
    const { user, queryClient } = renderResponse(answerState('x'), fake);
    const repeat = await startRepeat({ user, fake, queryClient }, 2);
    expect(await repeat.findByRole('alert')).toHaveTextContent(
      "The repeat did not start: This profile's key was saved for https://old.example, and the profile now points at http://127.0.0.1:4010",
    );
    expect(repeat.getByRole('button', { name: 'Repeat…' })).toBeInTheDocument();
  });

  it('reads the results back from the run when pushed ones went missing', async () => {
    const { user, fake, queryClient } = renderResponse(answerState('x'));
    fake.invokeResponder = answersInTurn([answered('kept', 10, 20), answered('kept', 30, 40)]);
    const repeat = await startRepeat({ user, fake, queryClient }, 2);
    const runId = await repeatRunId(fake);
    // The first result is stored on the host but its event is lost (say, the page was busy).
    fake.eventStream.dropped = true;
    const lost = fake.eventStream.next(runId, (progress) => progress.completed >= 1);
    await fake.platform.release(1);
    await lost;
    act(() => void (fake.eventStream.dropped = false));
    fake.platform.releaseAll();
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Finished: 2 of 2 runs ended · 2 answered · 0 failed'));
    expect(fake.callsOf('listRunResults')).toEqual([{ runId, offset: 0, limit: 1000 }]);
  });
});
