import { waitFor, within } from '@testing-library/react';
import type { InvokeRequest, InvokeResult } from '../../../electron/shared/contract';
import { FakeApi, okInvoke } from '../../support/fakeApi';
import { deferred } from './renderApp';
import { answerState, renderResponse, response } from './responseHarness';

function repeatRegion() {
  return within(response()).getByRole('region', { name: 'Repeat' });
}

describe('repeating a request', () => {
  it('sends nothing until the person confirms the number of billed runs, and nothing on Cancel', async () => {
    const { user, fake } = renderResponse(answerState('Hello'));
    const repeat = within(repeatRegion());
    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '3');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    expect(repeat.getByRole('group', { name: 'Confirm repeat' })).toHaveTextContent('Send 3 runs of this request, one after another? Each is a real agent run and may be billed.');
    expect(repeat.getByRole('button', { name: 'Send 3 runs' })).toHaveFocus();
    expect(fake.callsOf('invokeAgent')).toEqual([]);
    await user.click(repeat.getByRole('button', { name: 'Cancel' }));
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
    expect(fake.callsOf('invokeAgent')).toEqual([]);
  });

  it('runs N times with the same input, shows progress, then p50/p95, failures by code and grouped answers', async () => {
    const fake = new FakeApi();
    const answers = ['Hello Ada', 'Hello Ada', 'Hi Ada\nsecond line', null, 'Hello Ada'];
    let call = 0;
    const gates: ReturnType<typeof deferred<void>>[] = answers.map(() => deferred<void>());
    fake.invokeResponder = async (): Promise<InvokeResult> => {
      const index = call++;
      await gates[index]?.promise;
      const answer = answers[index];
      if (answer === null || answer === undefined) return { ok: false, error: { code: 'timeout', message: 'Too slow.', exchange: null } };
      const result = okInvoke(answer, { ms: 100 * (index + 1) });
      if (result.ok) result.value.exchange.roundTripMs = 110 * (index + 1);
      return result;
    };
    const { user } = renderResponse(answerState('Hello Ada', { name: 'Ada' }), fake);
    const repeat = within(repeatRegion());
    await user.clear(repeat.getByRole('spinbutton', { name: 'Runs' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'Runs' }), '5');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    await user.click(repeat.getByRole('button', { name: 'Send 5 runs' }));

    const progress = repeat.getByRole('progressbar', { name: 'Repeat progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(progress).toHaveAttribute('aria-valuemax', '5');
    expect(repeat.getByRole('button', { name: 'Stop' })).toHaveFocus();
    gates[0]?.resolve();
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    for (const gate of gates) gate.resolve();
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Finished: 5 of 5 runs ended · 4 answered · 1 failed'));

    const sent = fake.callsOf('invokeAgent') as InvokeRequest[];
    expect(sent).toHaveLength(5);
    for (const request of sent) expect(request).toEqual({ agentId: '11111111-1111-4111-8111-111111111111', text: 'Where is my parcel?', payload: { name: 'Ada' }, requestId: expect.any(String) });
    expect(new Set(sent.map((request) => request.requestId)).size).toBe(5);

    const rows = repeat.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['', 'p50', 'p95', 'of runs'],
      ['Server time', '200 ms', '500 ms', '4'],
      ['Round trip', '220 ms', '550 ms', '4'],
    ]);
    expect(repeat.getByText('timeout').parentElement).toHaveTextContent('timeout × 1');
    const groups = repeat.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(groups.map((item) => item.textContent)).toEqual(['× 3Hello Adafirst in run 1', '× 1Hi Adafirst in run 3']);
  });

  it('keeps at most the chosen number of runs in flight', async () => {
    const fake = new FakeApi();
    let inFlight = 0;
    let most = 0;
    fake.invokeResponder = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return okInvoke('same');
    };
    const { user } = renderResponse(answerState('same'), fake);
    const repeat = within(repeatRegion());
    await user.clear(repeat.getByRole('spinbutton', { name: 'At once' }));
    await user.type(repeat.getByRole('spinbutton', { name: 'At once' }), '3');
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    await user.click(repeat.getByRole('button', { name: 'Send 10 runs' }));
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Finished: 10 of 10 runs ended'));
    expect(fake.callsOf('invokeAgent')).toHaveLength(10);
    expect(most).toBe(3);
  });

  it('Stop starts no further run and cancels the one in flight', async () => {
    const fake = new FakeApi();
    const answers: ReturnType<typeof deferred<InvokeResult>>[] = [];
    fake.invokeResponder = (request) => {
      fake.inFlight.add(request.requestId ?? '');
      const answer = deferred<InvokeResult>();
      answers.push(answer);
      return answer.promise;
    };
    const { user } = renderResponse(answerState('x'), fake);
    const repeat = within(repeatRegion());
    await user.click(repeat.getByRole('button', { name: 'Repeat…' }));
    await user.click(repeat.getByRole('button', { name: 'Send 10 runs' }));
    answers[0]?.resolve(okInvoke('one'));
    await waitFor(() => expect(fake.callsOf('invokeAgent')).toHaveLength(2));
    await user.click(repeat.getByRole('button', { name: 'Stop' }));
    const second = (fake.callsOf('invokeAgent')[1] as InvokeRequest).requestId;
    expect(fake.callsOf('cancelRequest')).toEqual([{ requestId: second }]);
    answers[1]?.resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled.', exchange: null } });
    await waitFor(() => expect(repeat.getByRole('status')).toHaveTextContent('Stopped: 2 of 10 runs ended · 1 answered · 1 failed'));
    expect(fake.callsOf('invokeAgent')).toHaveLength(2);
    expect(repeat.getByText('cancelled')).toBeInTheDocument();
  });
});
