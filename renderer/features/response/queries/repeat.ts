import { useCallback, useEffect, useRef, useState } from 'react';
import type { InvokeRequest, RunProgress, StartRunRequest } from '../../../../electron/shared/api';
import { addRow, EMPTY_TALLY, tallyOf, type RepeatTally } from '../repeatSummary';
import { useHost } from '../../../host/HostContext';
import { useRunProgress } from '../../runs/queries/runs';

/**
 * Repeat on the host's runner: the request becomes a one-case suite sent N times
 * (`iterations`), started with startRun; its results come back as pushed progress events
 * (useRunProgress) and are folded into the tally as they arrive. The renderer runs no loop of
 * its own: the host keeps the concurrency, cancels what is in flight on cancelRun, and records
 * the run with the others (kind `repeat`).
 *
 * Not a TanStack mutation: fifty billed runs are one user action with one progress bar, and
 * nothing about them should be cached or retried. Unmounting (a new invoke replaces the
 * response) cancels the run, so runs never carry on for a response nobody can see.
 */

/** idle: nothing run yet; running; done: every run ended; stopped: the person pressed Stop; failed: the run did not start. */
type RepeatStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** What the Repeat section shows: where the repeat is, and what its runs came to so far. */
export interface RepeatState {
  status: RepeatStatus;
  /** Runs asked for. */
  total: number;
  tally: RepeatTally;
  /** Why the run did not start (status `failed`). */
  error?: string;
}

const IDLE: RepeatState = { status: 'idle', total: 0, tally: EMPTY_TALLY };

/** What one Repeat sends: the request as the Response shows it, and the profile it goes to. */
export type RepeatRequest = Pick<InvokeRequest, 'agentId' | 'text' | 'payload'> & { profileId: string };

/** The one-case suite a Repeat is: the request as it was sent, no expectations of its own. */
function repeatRunRequest(request: RepeatRequest, runs: number, concurrency: number): StartRunRequest {
  const { agentId, text, payload, profileId } = request;
  return {
    kind: 'repeat',
    profileId,
    suite: { name: 'Repeat', cases: [{ agent: agentId, text, payload, expect: {} }] },
    suiteFile: 'Repeat.json',
    data: null,
    iterations: runs,
    concurrency,
  };
}

/** The run this hook started: its id once known, and whether Stop was asked before that. */
interface Current {
  runId: string | null;
  stopAsked: boolean;
  /** Progress events that came before startRun answered (the host may push first). */
  early: RunProgress[];
}

/**
 * Starts, stops and reports a repeat. `start` sends at once: confirm with the user before calling it.
 * When the host refuses the run because the active profile changed (`profile_changed`), nothing
 * is sent and `onProfileChanged` is called, so the caller can ask where to send.
 */
export function useRepeatInvoke() {
  const api = useHost();
  const [state, setState] = useState<RepeatState>(IDLE);
  const current = useRef<Current | null>(null);

  // The tally so far, outside React state so that each pushed event adds to the latest one.
  const tally = useRef<RepeatTally>(EMPTY_TALLY);

  const apply = useCallback(
    (progress: RunProgress) => {
      const next = progress.rows.reduce(addRow, tally.current);
      tally.current = next;
      if (progress.state === 'running') {
        setState((previous) => ({ ...previous, tally: next }));
        return;
      }
      current.current = null;
      const status = progress.state === 'cancelled' || progress.state === 'interrupted' ? 'stopped' : 'done';
      setState((previous) => ({ ...previous, status, tally: next }));
      // Pushed rows are the summary; if any went missing on the way, the run's record has them all.
      if (next.done < progress.completed) {
        void api.listRunResults({ runId: progress.runId, offset: 0, limit: 1000 }).then((page) => {
          if (page.ok && tally.current === next) {
            const full = tallyOf(page.value.rows);
            tally.current = full;
            setState((previous) => ({ ...previous, tally: full }));
          }
        });
      }
    },
    [api],
  );

  useRunProgress((progress) => {
    const run = current.current;
    if (!run) return;
    if (run.runId === null) run.early.push(progress);
    else if (run.runId === progress.runId) apply(progress);
  });

  useEffect(
    () => () => {
      const runId = current.current?.runId;
      if (runId) void api.cancelRun({ runId });
      current.current = null;
    },
    [api],
  );

  const start = useCallback(
    (request: RepeatRequest, runs: number, concurrency: number, onProfileChanged?: () => void) => {
      if (current.current) return;
      const run: Current = { runId: null, stopAsked: false, early: [] };
      current.current = run;
      tally.current = EMPTY_TALLY;
      setState({ status: 'running', total: runs, tally: EMPTY_TALLY });
      void api.startRun(repeatRunRequest(request, runs, concurrency)).then(
        (result) => {
          if (current.current !== run) return;
          if (!result.ok) {
            current.current = null;
            if (result.error.code === 'profile_changed') {
              setState(IDLE);
              onProfileChanged?.();
            } else {
              setState({ status: 'failed', total: runs, tally: EMPTY_TALLY, error: result.error.message });
            }
            return;
          }
          run.runId = result.value.runId;
          setState((previous) => ({ ...previous, total: result.value.total }));
          if (run.stopAsked) void api.cancelRun({ runId: run.runId });
          for (const progress of run.early.splice(0)) if (progress.runId === run.runId) apply(progress);
        },
        (error: unknown) => {
          if (current.current !== run) return;
          current.current = null;
          setState({
            status: 'failed',
            total: runs,
            tally: EMPTY_TALLY,
            error: error instanceof Error ? error.message : 'The host call failed.',
          });
        },
      );
    },
    [api, apply],
  );

  /** Cancels the run: the host starts no further request and aborts those in flight; its last event says it stopped. */
  const stop = useCallback(() => {
    const run = current.current;
    if (!run) return;
    if (run.runId === null) run.stopAsked = true;
    else void api.cancelRun({ runId: run.runId });
  }, [api]);

  const reset = useCallback(() => {
    if (!current.current) setState(IDLE);
  }, []);

  return { state, start, stop, reset };
}
