import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunExportFormat, RunProgress, RunRecord, RunResultRow, SavedTextFile } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { apiKey, useApiMutation } from '../../../host/api';
import {
  RUN_METHODS,
  runMatrixQuery,
  runQuery,
  runRulesQuery,
  runResultQuery,
  runResultsQuery,
  useEventsResumed,
  useRunProgress,
} from './runs';
import { valueOf } from '../../../host/valueOf';
import { useSaveTextFile } from '../../../host/saveTextFile';

/**
 * What one run's view reads and does: its record, its results (streamed while it
 * runs, read in pages once it ended), one result in full, and cancel, export and delete.
 */

/** Results per listRunResults page: a screenful many times over, and well under the contract's 1,000. */
const RESULTS_PAGE = 200;

/**
 * How long a page of a run's results or matrix lines stays fresh. An ended run's pages change
 * only with a change that marks them stale (the run read again, or deleted), so a page is not
 * read again each time a view of it mounts: the first screen's pages, asked for with the run's
 * record (useRunFirstScreen), are not asked for again by the views that show them. A running
 * run's are read again whenever shown.
 */
const pageStaleTime = (client: QueryClient, runId: string) => () =>
  client.getQueryData<RunRecord>(apiKey('getRun', { runId }))?.state === 'running' ? 0 : Infinity;

/** The first page of a run's results (all of them) and of its matrix, as the views ask for them. */
const firstResults = (runId: string) => ({ runId, offset: 0, limit: RESULTS_PAGE, failuresOnly: false });
const firstLines = (runId: string) => ({ runId, offset: 0, limit: RESULTS_PAGE });

/**
 * A run's record, and what its first screen shows asked for at the same time rather than once the
 * record is in: the first page of its results (unless it is running: its rows stream in) and the
 * first lines of its matrix (the insights' first tab, for a run with two agents or more; asked for
 * while the record is not known yet, a page of one column where there is one agent).
 */
export function useRunFirstScreen(runId: string) {
  const api = useHost();
  const client = useQueryClient();
  const run = useQuery(runQuery(api, runId));
  const record = run.data;
  const staleTime = pageStaleTime(client, runId);
  useQuery({ ...runResultsQuery(api, firstResults(runId)), enabled: record?.state !== 'running', staleTime });
  useQuery({ ...runMatrixQuery(api, firstLines(runId)), enabled: record === undefined || record.agents.length >= 2, staleTime });
  return run;
}

export function useRunResult(runId: string, index: number | null) {
  const api = useHost();
  return useQuery({ ...runResultQuery(api, { runId, index: index ?? 0 }), enabled: index !== null });
}

/** A run's results as they arrive, and its latest progress event (elapsed time, a 429 wait). */
export interface LiveRun {
  /** Every result so far, in plan order. */
  rows: readonly RunResultRow[];
  /** The latest event of this run, null before the first. */
  progress: RunProgress | null;
}

/**
 * The results of a running run without a request per event: each pushed event's rows are
 * merged into the list in one state update (the events come at most about every 100 ms, so a
 * 1,000-result run is a few dozen renders, not a thousand). When the view opens on a run that
 * is already going, the results so far are read once and merged with what streams in; and
 * again each time browser mode's event stream reopens (the rows of a drop are not replayed).
 */
export function useLiveRun(runId: string, running: boolean): LiveRun {
  const api = useHost();
  const [live, setLive] = useState<LiveRun>({ rows: [], progress: null });
  // Indexes already held: a row read at the start may also come in an event.
  const seen = useRef(new Set<number>());

  useRunProgress((progress) => {
    if (progress.runId !== runId) return;
    setLive((previous) => ({ rows: merged(previous.rows, progress.rows, seen.current), progress }));
  });

  // Browser mode's event stream dropped and came back: the rows of the gap were not pushed.
  const resumed = useEventsResumed();

  useEffect(() => {
    if (!running) return;
    let stopped = false;
    void (async () => {
      for (let offset = 0; !stopped; offset += 1000) {
        const page = await api.listRunResults({ runId, offset, limit: 1000 });
        if (stopped || !page.ok) return;
        setLive((previous) => ({ ...previous, rows: merged(previous.rows, page.value.rows, seen.current) }));
        if (offset + 1000 >= page.value.total) return;
      }
    })();
    return () => {
      stopped = true;
    };
    // Read once per opened run, and again when the event stream reopens: later rows come as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, runId, resumed]);

  return live;
}

/** `rows` with `incoming` added (those not yet held), kept in plan order. */
function merged(rows: readonly RunResultRow[], incoming: readonly RunResultRow[], seen: Set<number>): readonly RunResultRow[] {
  const fresh = incoming.filter((row) => !seen.has(row.index));
  if (fresh.length === 0) return rows;
  for (const row of fresh) seen.add(row.index);
  const next = [...rows, ...fresh];
  // Results arrive roughly in order: sort only when one came out of it.
  if (next.some((row, i) => i > 0 && next[i - 1]!.index > row.index)) next.sort((a, b) => a.index - b.index);
  return next;
}

/** The pages of `size` that cover the positions `visible`, and the first always (its answer says how many there are). */
function pagesCovering(visible: { first: number; last: number }, size: number): number[] {
  const numbers = [0];
  for (let page = Math.max(1, Math.floor(visible.first / size)); page <= Math.floor(visible.last / size); page += 1) numbers.push(page);
  return numbers;
}

/**
 * An ended run's results, read in pages of RESULTS_PAGE as the table scrolls to them: the
 * first page always (it says how many match), and the pages covering `visible`.
 */
export function useRunResultPages(runId: string, failuresOnly: boolean, visible: { first: number; last: number }, enabled: boolean) {
  const api = useHost();
  const staleTime = pageStaleTime(useQueryClient(), runId);
  const pages = useMemo(() => pagesCovering(visible, RESULTS_PAGE), [visible]);
  const answers = useQueries({
    queries: pages.map((page) => ({
      ...runResultsQuery(api, { ...firstResults(runId), offset: page * RESULTS_PAGE, failuresOnly }),
      enabled,
      staleTime,
      placeholderData: keepPreviousData,
    })),
  });
  const total = answers[0]?.data?.total ?? null;
  const byIndex = new Map<number, RunResultRow>();
  answers.forEach((answer, i) => answer.data?.rows.forEach((row, j) => byIndex.set(pages[i]! * RESULTS_PAGE + j, row)));
  const error = answers.find((answer) => answer.isError)?.error ?? null;
  return { total, rowAt: (position: number) => byIndex.get(position), error };
}

/**
 * Lines of a grid read a page at a time as it scrolls to them, as the results are: `queryOf`
 * gives the query of a page (offset, limit); the first page's answer is the head (agents or
 * guidelines, and how many lines there are). Pages stay fresh as the results' pages do.
 */
function useLinePages<Answer extends { total: number; rows: readonly unknown[] }>(
  runId: string,
  visible: { first: number; last: number },
  queryOf: (offset: number, limit: number) => UseQueryOptions<Answer, Error, Answer, QueryKey>,
) {
  const staleTime = pageStaleTime(useQueryClient(), runId);
  const pages = useMemo(() => pagesCovering(visible, RESULTS_PAGE), [visible]);
  const answers = useQueries({
    queries: pages.map((page) => ({ ...queryOf(page * RESULTS_PAGE, RESULTS_PAGE), staleTime, placeholderData: keepPreviousData })),
  });
  const byPosition = new Map<number, Answer['rows'][number]>();
  answers.forEach((answer, i) => answer.data?.rows.forEach((line, j) => byPosition.set(pages[i]! * RESULTS_PAGE + j, line)));
  const error = answers.find((answer) => answer.isError)?.error ?? null;
  return { head: answers[0]?.data ?? null, lineAt: (position: number) => byPosition.get(position), error };
}

/** A run's matrix, read a page of lines at a time as the grid scrolls to them. */
export function useRunMatrixPages(runId: string, visible: { first: number; last: number }) {
  const api = useHost();
  const { head, lineAt, error } = useLinePages(runId, visible, (offset, limit) =>
    runMatrixQuery(api, { ...firstLines(runId), offset, limit }),
  );
  return { agents: head?.agents ?? null, total: head?.total ?? null, lineAt, error };
}

/** A run's rules view against a guideline (the most judged when null), read a page of lines at a time. */
export function useRunRulesPages(runId: string, guidelineId: string | null, visible: { first: number; last: number }) {
  const api = useHost();
  const { head, lineAt, error } = useLinePages(runId, visible, (offset, limit) =>
    runRulesQuery(api, { runId, offset, limit, ...(guidelineId === null ? {} : { guidelineId }) }),
  );
  return { rules: head, lineAt, error };
}

export const useCancelRun = () => useApiMutation('cancelRun', { unwrap: true, send: (runId: string) => ({ runId }) });

/** Deletes a run and its results; every list and page about runs reads again. */
export const useDeleteRun = () =>
  useApiMutation('deleteRun', {
    unwrap: true,
    send: (runId: string) => ({ runId }),
    onSuccess: async (_deleted, _runId, _context, { client }) => {
      for (const method of RUN_METHODS) await client.invalidateQueries({ queryKey: [method], refetchType: 'none' });
      await client.invalidateQueries({ queryKey: ['listRuns'] });
    },
  });

/**
 * Exports a run in a format and saves the file the host's way (the desktop's dialog, or a
 * download): the host holds the file and answers a ticket for it, which the save spends, so
 * the text (gigabytes for a large run) never comes to the page.
 */
export function useExportRun() {
  const api = useHost();
  const save = useSaveTextFile();
  return useMutation({
    mutationFn: async ({ runId, format }: { runId: string; format: RunExportFormat }): Promise<SavedTextFile & { fileName: string }> => {
      const file = valueOf(await api.exportRun({ runId, format }));
      const saved = valueOf(await save({ suggestedName: file.fileName, ticket: file.ticket, mediaType: file.mediaType }));
      return { ...saved, fileName: file.fileName };
    },
  });
}
