import type { InvokeRequest, InvokeResult } from '../../../electron/shared/contract';
import { clampWhole, runRepeat, type RunOutcome } from '../../../renderer/features/response/repeatRunner';
import { okInvoke } from '../../support/fakeApi';

const REQUEST = { agentId: 'agent-1', text: 'hi', payload: { a: 'b' } };

/** An invoke whose answers the test releases one by one, recording what was in flight. */
function controlledInvoke() {
  const pending: { request: InvokeRequest; resolve: (result: InvokeResult) => void }[] = [];
  const sent: InvokeRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const invoke = (request: InvokeRequest) => {
    sent.push(request);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<InvokeResult>((resolve) =>
      pending.push({
        request,
        resolve: (result) => {
          inFlight -= 1;
          resolve(result);
        },
      }),
    );
  };
  /** Answers the oldest waiting run, then lets the runner start the next one. */
  const answerNext = async (result: InvokeResult = okInvoke('same')) => {
    pending.shift()?.resolve(result);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { invoke, sent, pending, answerNext, maxInFlight: () => maxInFlight };
}

let ids = 0;
const newRequestId = () => `req-${++ids}`;

describe('the repeat runner', () => {
  it('makes N ordinary invokes with the same input and a new request id each', async () => {
    const outcomes: RunOutcome[] = [];
    const invoke = vi.fn(async (_request: InvokeRequest) => okInvoke('Hello'));
    const report = await runRepeat({ request: REQUEST, runs: 5, concurrency: 1, invoke, newRequestId, onOutcome: (o) => outcomes.push(o) });
    expect(report).toEqual({ started: 5, stopped: false });
    expect(invoke).toHaveBeenCalledTimes(5);
    const sent = invoke.mock.calls.map(([request]) => request);
    for (const request of sent) expect(request).toEqual({ ...REQUEST, requestId: expect.any(String) });
    expect(new Set(sent.map((request) => request.requestId)).size).toBe(5);
    expect(outcomes.map((o) => o.kind)).toEqual(['answer', 'answer', 'answer', 'answer', 'answer']);
  });

  it('runs them one after another with concurrency 1', async () => {
    const control = controlledInvoke();
    const done = runRepeat({ request: REQUEST, runs: 3, concurrency: 1, invoke: control.invoke, newRequestId });
    await Promise.resolve();
    expect(control.sent).toHaveLength(1);
    await control.answerNext();
    expect(control.sent).toHaveLength(2);
    await control.answerNext();
    await control.answerNext();
    await done;
    expect(control.maxInFlight()).toBe(1);
  });

  it('never has more runs in flight than the concurrency', async () => {
    const control = controlledInvoke();
    const done = runRepeat({ request: REQUEST, runs: 10, concurrency: 3, invoke: control.invoke, newRequestId });
    await Promise.resolve();
    expect(control.pending).toHaveLength(3);
    while (control.pending.length > 0) await control.answerNext();
    expect(await done).toEqual({ started: 10, stopped: false });
    expect(control.sent).toHaveLength(10);
    expect(control.maxInFlight()).toBe(3);
  });

  it('stops: starts no further run and cancels the ones in flight', async () => {
    const control = controlledInvoke();
    const cancel = vi.fn();
    const stop = new AbortController();
    const done = runRepeat({ request: REQUEST, runs: 10, concurrency: 2, invoke: control.invoke, cancel, newRequestId, signal: stop.signal });
    await control.answerNext();
    expect(control.sent).toHaveLength(3);
    stop.abort();
    expect(cancel.mock.calls.map(([id]) => id).sort()).toEqual(control.pending.map((p) => p.request.requestId).sort());
    while (control.pending.length > 0) {
      await control.answerNext({ ok: false, error: { code: 'cancelled', message: 'Cancelled.', exchange: null } });
    }
    expect(await done).toEqual({ started: 3, stopped: true });
    expect(control.sent).toHaveLength(3);
  });

  it('reports a failed run by its code, and a thrown host call as "host", and carries on', async () => {
    const outcomes: RunOutcome[] = [];
    let call = 0;
    const invoke = async (): Promise<InvokeResult> => {
      call += 1;
      if (call === 1) return { ok: false, error: { code: 'timeout', message: 'Too slow.', exchange: null } };
      if (call === 2) throw new Error('host gone');
      return okInvoke('fine');
    };
    await runRepeat({ request: REQUEST, runs: 3, concurrency: 1, invoke, newRequestId, onOutcome: (o) => outcomes.push(o) });
    expect(outcomes).toEqual([
      { index: 0, kind: 'failure', code: 'timeout', message: 'Too slow.', roundTripMs: null },
      { index: 1, kind: 'failure', code: 'host', message: 'host gone', roundTripMs: null },
      { index: 2, kind: 'answer', answer: 'fine', serverMs: 850, roundTripMs: 871.4 },
    ]);
  });

  it('keeps runs within 1–50 and concurrency within 1–10', async () => {
    expect(clampWhole(0, 1, 50)).toBe(1);
    expect(clampWhole(51, 1, 50)).toBe(50);
    expect(clampWhole(Number.NaN, 1, 50)).toBe(1);
    expect(clampWhole(2.9, 1, 50)).toBe(2);
    const control = controlledInvoke();
    const done = runRepeat({ request: REQUEST, runs: 500, concurrency: 99, invoke: control.invoke, newRequestId });
    await Promise.resolve();
    expect(control.pending).toHaveLength(10);
    while (control.pending.length > 0) await control.answerNext();
    expect((await done).started).toBe(50);
  });
});
