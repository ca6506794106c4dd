import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvokeRequest } from '../../electron/shared/contract';
import { runRepeat } from '../features/response/repeatRunner';
import { addOutcome, EMPTY_TALLY, type RepeatTally } from '../features/response/repeatSummary';
import { useHost } from '../host/HostContext';

/**
 * Repeat runs of one invoke, for the Response's Repeat section. It lives with the queries
 * because it is the one place that hands the host's `invokeAgent` and `cancelRequest` to the
 * runner; components only see progress and the tally.
 *
 * Not a TanStack mutation: fifty billed runs are one user action with one progress bar, and
 * nothing about them should be cached or retried. Unmounting (a new invoke replaces the
 * response) stops the repeat, so runs never carry on for a response nobody can see.
 */

/** idle: nothing run yet; running; done: every run ended; stopped: the person pressed Stop. */
export type RepeatStatus = 'idle' | 'running' | 'done' | 'stopped';

/** What the Repeat section shows: where the repeat is, and what its runs came to so far. */
export interface RepeatState {
  status: RepeatStatus;
  /** Runs asked for. */
  total: number;
  tally: RepeatTally;
}

const IDLE: RepeatState = { status: 'idle', total: 0, tally: EMPTY_TALLY };

/** A request id for one run: random, so the host can tell runs apart and cancel each. */
function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return `repeat-${random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`}`;
}

/**
 * Starts, stops and reports a repeat. `start` sends at once: confirm with the user before calling it.
 * When the host refuses a run because the active profile changed (`profile_changed`), no further
 * run starts and `onProfileChanged` is called once, so the caller can ask where to send.
 */
export function useRepeatInvoke() {
  const api = useHost();
  const [state, setState] = useState<RepeatState>(IDLE);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (request: Pick<InvokeRequest, 'agentId' | 'text' | 'payload' | 'profileId'>, runs: number, concurrency: number, onProfileChanged?: () => void) => {
      if (controller.current && !controller.current.signal.aborted) return;
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'running', total: runs, tally: EMPTY_TALLY });
      let profileChanged = false;
      void runRepeat({
        request,
        runs,
        concurrency,
        invoke: (sent) => api.invokeAgent(sent),
        cancel: (requestId) => api.cancelRequest({ requestId }),
        newRequestId,
        signal: current.signal,
        onOutcome: (outcome) => {
          setState((previous) => ({ ...previous, tally: addOutcome(previous.tally, outcome) }));
          if (outcome.kind === 'failure' && outcome.code === 'profile_changed' && !profileChanged) {
            profileChanged = true;
            current.abort();
            onProfileChanged?.();
          }
        },
      }).then((report) => {
        if (controller.current === current) controller.current = null;
        setState((previous) => ({ ...previous, status: report.stopped ? 'stopped' : 'done' }));
      });
    },
    [api],
  );

  const stop = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    if (!controller.current) setState(IDLE);
  }, []);

  return { state, start, stop, reset };
}
