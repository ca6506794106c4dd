import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type {
  Api,
  ApiMethod,
  CompareRunsRequest,
  ListRunsRequest,
  RunProgress,
  RunRecord,
  RunResultRef,
  RunMatrixQuery,
  RunRulesQuery,
  RunResultsQuery,
} from '../../../../electron/shared/api';
import { useHostEvents } from '../../../host/HostContext';
import { apiKey, apiQuery } from '../../../host/api';

/**
 * Runs: one query factory per contract method, keyed by the method and its argument as
 * everywhere else, and the host's pushed progress. A progress event updates the run's own
 * record in the cache at once (the header's counts need no request); rows that arrive are
 * handed to the view that listens (it appends them to its table without fetching); when a run
 * ends, every answer about runs is marked stale so lists and pages read the final state from
 * the database.
 */

/** Every method whose answer changes as a run goes or ends. */
export const RUN_METHODS = [
  'listRuns',
  'getRun',
  'listRunResults',
  'getRunResult',
  'getRunLatency',
  'getRunMatrix',
  'getRunRules',
  'compareRuns',
] as const satisfies readonly ApiMethod[];

export const runsQuery = (api: Api, request: ListRunsRequest = {}) => apiQuery(api, 'listRuns', request, { unwrap: true });
export const runQuery = (api: Api, runId: string) => apiQuery(api, 'getRun', { runId }, { unwrap: true });
export const runResultsQuery = (api: Api, request: RunResultsQuery) => apiQuery(api, 'listRunResults', request, { unwrap: true });
/** A result never changes once it arrived. */
export const runResultQuery = (api: Api, request: RunResultRef) =>
  apiQuery(api, 'getRunResult', request, { unwrap: true, staleTime: Infinity });
export const runLatencyQuery = (api: Api, runId: string) => apiQuery(api, 'getRunLatency', { runId }, { unwrap: true });
export const runMatrixQuery = (api: Api, request: RunMatrixQuery) => apiQuery(api, 'getRunMatrix', request, { unwrap: true });
export const runRulesQuery = (api: Api, request: RunRulesQuery) => apiQuery(api, 'getRunRules', request, { unwrap: true });
export const compareRunsQuery = (api: Api, request: CompareRunsRequest) => apiQuery(api, 'compareRuns', request, { unwrap: true });

/** What a progress event changes in the cache: the run's counts now, and everything once it ends. */
export function applyRunProgress(queryClient: QueryClient, progress: RunProgress): void {
  queryClient.setQueryData<RunRecord>(apiKey('getRun', { runId: progress.runId }), (record) =>
    record
      ? {
          ...record,
          state: progress.state,
          completed: progress.completed,
          passed: progress.passed,
          failed: progress.failed,
          cancelled: progress.cancelled,
        }
      : record,
  );
  if (progress.state !== 'running') readRunsAgain(queryClient);
}

/**
 * Reads every run query again. A read already under way is cancelled first: it may have left
 * before the change (a run that ended in the meantime), and TanStack Query hands a refetch the
 * promise of a first read still in flight instead of starting another, so a quick run's view
 * could keep "Running, 0 of 6" for ever.
 */
function readRunsAgain(queryClient: QueryClient): void {
  for (const method of RUN_METHODS) {
    void queryClient.cancelQueries({ queryKey: [method] }).then(() => queryClient.invalidateQueries({ queryKey: [method] }));
  }
}

/**
 * Calls `onProgress` with every progress event of every run while mounted (subscribe once;
 * the latest callback is used) and keeps the cache in step (applyRunProgress).
 */
export function useRunProgress(onProgress?: (progress: RunProgress) => void): void {
  const events = useHostEvents();
  const queryClient = useQueryClient();
  const latest = useRef(onProgress);
  useEffect(() => {
    latest.current = onProgress;
  });
  useEffect(
    () =>
      events.onRunProgress((progress) => {
        applyRunProgress(queryClient, progress);
        latest.current?.(progress);
      }),
    [events, queryClient],
  );
  // Browser mode's stream (re)opened: events of the gap are not replayed, so what the page
  // holds about runs is read again (a run that ended during a drop must not stay "running").
  useEffect(() => events.onEventsResumed?.(() => readRunsAgain(queryClient)), [events, queryClient]);
}

/** A number that grows each time the host's event stream (re)opens (browser mode), to read again then. */
export function useEventsResumed(): number {
  const events = useHostEvents();
  const [count, setCount] = useState(0);
  useEffect(() => events.onEventsResumed?.(() => setCount((now) => now + 1)), [events]);
  return count;
}
