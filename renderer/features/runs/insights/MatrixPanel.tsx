import { useCallback, useState } from 'react';
import { useRunMatrixPages } from '../queries/runView';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { useAgentLabels } from './agentLabels';
import { MatrixGrid } from './MatrixGrid';
import { Pending } from '../../../ui/Pending';

/**
 * The Matrix tab: the run's cases × data rows against its agents (getRunMatrix), read a page of
 * lines at a time as the grid scrolls, so a run of any size opens at once.
 */
export function MatrixPanel({ runId, withIteration }: { runId: string; withIteration: boolean }) {
  const [visible, setVisible] = useState({ first: 0, last: 0 });
  const onVisible = useCallback(
    (first: number, last: number) => setVisible((now) => (now.first === first && now.last === last ? now : { first, last })),
    [],
  );
  const matrix = useRunMatrixPages(runId, visible);
  const labelOf = useAgentLabels();
  if (matrix.error) return <HostErrorPanel error={matrix.error} />;
  if (matrix.agents === null || matrix.total === null) return <Pending text="Loading the matrix…" />;
  if (matrix.total === 0) return <p className="muted">No results yet.</p>;
  return (
    <MatrixGrid
      agents={matrix.agents}
      total={matrix.total}
      lineAt={matrix.lineAt}
      onVisible={onVisible}
      withIteration={withIteration}
      labelOf={labelOf}
    />
  );
}
