import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHost } from '../../../host/HostContext';
import { runQuery, runRulesQuery } from '../queries/runs';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { ViewTabs, type ViewSpec } from '../../../ui/Tabs';
import { LazyComparePanel } from './LazyComparePanel';
import { LatencyPanel } from './LatencyPanel';
import { MatrixPanel } from './MatrixPanel';
import { Pending } from '../../../ui/Pending';

/**
 * A run's insights, as tabs: Matrix (for a run with two or more agents, or judge verdicts),
 * Latency, and Compare with another run of the same suite. Each tab asks the host for its own
 * answer only once opened (ViewTabs renders a panel on first use), so a run shown only for its
 * results never computes a matrix or a comparison. The word diff (jsdiff) and the charts
 * (uPlot) load in chunks of their own: the app's first chunk stays under 500 kB.
 */
export function RunInsights({ runId }: { runId: string }) {
  const api = useHost();
  const run = useQuery(runQuery(api, runId));
  // Whether the run's judges gave verdicts (its guidelines alone, no lines): the Matrix tab then has a rules view.
  const judged = useQuery(runRulesQuery(api, { runId, limit: 0 }));
  const [view, setView] = useState('matrix');
  const record = run.data;
  if (!record || judged.isPending) {
    return (
      <section aria-label="Run insights" className="run-insights" aria-busy={run.isError ? undefined : 'true'}>
        {run.isError ? <HostErrorPanel error={run.error} /> : <Pending text="Loading the run…" />}
      </section>
    );
  }
  const byAgent = record.agents.length >= 2;
  const byRule = (judged.data?.guidelines.length ?? 0) > 0;
  const matrix = () => <MatrixPanel runId={runId} withIteration={record.settings.iterations > 1} byAgent={byAgent} byRule={byRule} />;
  const views: ViewSpec[] = [
    ...(byAgent || byRule ? [{ id: 'matrix', label: 'Matrix', render: matrix }] : []),
    { id: 'latency', label: 'Latency', render: () => <LatencyPanel runId={runId} /> },
    { id: 'compare', label: 'Compare', render: () => <LazyComparePanel record={record} /> },
  ];
  return (
    <section aria-label="Run insights" className="run-insights">
      <ViewTabs label="Run insights" views={views} activeId={view} onSelect={setView} />
    </section>
  );
}
