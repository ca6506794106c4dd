import { useQuery } from '@tanstack/react-query';
import { useHost } from '../../../host/HostContext';
import { runMatrixQuery } from '../queries/runs';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { useAgentLabels } from './agentLabels';
import { MatrixGrid } from './MatrixGrid';
import { Pending } from '../../../ui/Pending';

/** The Matrix tab: the run's cases × data rows against its agents (getRunMatrix). */
export function MatrixPanel({ runId }: { runId: string }) {
  const matrix = useQuery(runMatrixQuery(useHost(), runId));
  const labelOf = useAgentLabels();
  if (matrix.isError) return <HostErrorPanel error={matrix.error} />;
  if (!matrix.data) return <Pending text="Loading the matrix…" />;
  if (matrix.data.rows.length === 0) return <p className="muted">No results yet.</p>;
  return <MatrixGrid matrix={matrix.data} labelOf={labelOf} />;
}
