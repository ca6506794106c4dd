import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunRecord } from '../../../../electron/shared/api';
import { agentKnowledge } from '../../../lib/agentKnowledge';
import { useCatalog } from '../../catalog/queries/catalog';
import { useKnownAgents } from '../../catalog/queries/knownLists';
import { useLiveRun, useRunFirstScreen, useRunResultPages } from '../queries/runView';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { ResultsTable } from './ResultsTable';
import { RunActions } from './RunActions';
import { RunHeader } from './RunHeader';
import { RunResultView } from './RunResultView';
import { Pending } from '../../../ui/Pending';
import { ToggleButton } from '../../../ui/ToggleButton';

/**
 * One run's view: its header with progress, its results table (streamed from the
 * host's pushed events while it runs, read in pages from the database once it ended), a
 * failures filter, the opened result in the Response view, export and delete.
 * `onDeleted` lets the Runs section move on once the run is gone.
 */
export function RunView({ runId, onDeleted }: { runId: string; onDeleted?: () => void }) {
  const run = useRunFirstScreen(runId);
  const [deleted, setDeleted] = useState(false);
  if (deleted) {
    return (
      <section aria-label="Run" className="card run-view">
        <p role="status">The run was deleted.</p>
      </section>
    );
  }
  if (run.isError) return <HostErrorPanel error={run.error} />;
  if (!run.data) {
    return (
      <section aria-label="Run" className="card run-view" aria-busy="true">
        <Pending text="Loading the run…" />
      </section>
    );
  }
  return (
    <OpenedRun
      key={runId}
      record={run.data}
      onDeleted={() => {
        setDeleted(true);
        onDeleted?.();
      }}
    />
  );
}

function OpenedRun({ record, onDeleted }: { record: RunRecord; onDeleted: () => void }) {
  const { runId } = record;
  const running = record.state === 'running';
  const live = useLiveRun(runId, running);
  const [failuresOnly, setFailuresOnly] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);
  const [visible, setVisible] = useState({ first: 0, last: 0 });
  const onVisible = useCallback(
    (first: number, last: number) => setVisible((now) => (now.first === first && now.last === last ? now : { first, last })),
    [],
  );
  const onOpen = useCallback((index: number) => setOpened(index), []);
  // A run just started or opened comes to the top of the pane it is in: its progress is what the person looks for.
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  // While it runs, the rows that streamed in; once it ended, the database's pages (the
  // streamed rows stand in for a page still loading, or read again after the end: the first
  // page may have been asked for before the run was known to be going, so the table does not blink empty).
  const liveShown = useMemo(() => (failuresOnly ? live.rows.filter((row) => !row.passed) : live.rows), [live.rows, failuresOnly]);
  const pages = useRunResultPages(runId, failuresOnly, visible, !running);
  const count = running ? liveShown.length : Math.max(pages.total ?? 0, liveShown.length);
  const rowAt = (position: number) => (running ? liveShown[position] : (pages.rowAt(position) ?? liveShown[position]));
  const columns = {
    row: live.rows.some((row) => row.row !== null) || (rowAt(0)?.row ?? null) !== null,
    iteration: record.settings.iterations > 1,
  };
  const columnsKey = `${columns.row}-${columns.iteration}`;
  // Agents by their catalog or known name where they have one (the id stays in the tooltip).
  const known = useKnownAgents().data;
  const catalog = useCatalog().data;
  // Asked only for the rows in the window; the same function until the lists change, so rows stay memoized.
  const agentName = useCallback((id: string) => agentKnowledge(id, known, catalog)?.name ?? null, [known, catalog]);
  const stableColumns = useMemo(() => columns, [columnsKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section ref={root} aria-label="Run" className="card run-view">
      <RunHeader record={record} progress={live.progress} />
      <RunActions record={record} onDeleted={onDeleted} />
      <div className="cluster run-results-bar">
        <ToggleButton pressed={failuresOnly} onToggle={() => setFailuresOnly((now) => !now)}>
          Failures only
        </ToggleButton>
        <span className="muted small">
          {failuresOnly ? `${count} failed` : count === 1 ? '1 result' : `${count} results`}
          {running ? ' so far' : ''}
        </span>
      </div>
      {pages.error && <HostErrorPanel error={pages.error} />}
      {count === 0 ? (
        <p className="muted run-results-empty">
          {failuresOnly ? 'No failures.' : running ? 'No results yet.' : 'This run has no results.'}
        </p>
      ) : (
        <ResultsTable
          count={count}
          rowAt={rowAt}
          columns={stableColumns}
          agentName={agentName}
          openedIndex={opened}
          onOpen={onOpen}
          onVisible={onVisible}
          label={failuresOnly ? 'Failed results' : 'Results'}
        />
      )}
      {opened !== null && <RunResultView runId={runId} index={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
