import { useCallback, useState } from 'react';
import { useRunMatrixPages } from '../queries/runView';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { SegmentedToggle } from '../../../ui/SegmentedToggle';
import { useAgentLabels } from './agentLabels';
import { MatrixGrid } from './MatrixGrid';
import { RulesMatrix } from './RulesGrid';
import { Pending } from '../../../ui/Pending';

type MatrixView = 'agent' | 'rule';
const VIEWS: ReadonlyArray<{ value: MatrixView; label: string }> = [
  { value: 'agent', label: 'By agent' },
  { value: 'rule', label: 'By rule' },
];

/**
 * The Matrix tab: the run's cases × data rows against its agents (getRunMatrix) or, for a run
 * whose judges gave verdicts, against a guideline's rules (getRunRules); a switch between the two
 * when the run has both. Each is read a page of lines at a time as the grid scrolls, so a run of
 * any size opens at once.
 */
export function MatrixPanel({
  runId,
  withIteration,
  byAgent,
  byRule,
}: {
  runId: string;
  withIteration: boolean;
  /** The run sent to two agents or more. */
  byAgent: boolean;
  /** The run's judges gave verdicts. */
  byRule: boolean;
}) {
  const [view, setView] = useState<MatrixView>(byAgent ? 'agent' : 'rule');
  return (
    <>
      {byAgent && byRule && <SegmentedToggle label="Matrix view" options={VIEWS} value={view} onChange={setView} />}
      {view === 'agent' ? (
        <AgentMatrix runId={runId} withIteration={withIteration} />
      ) : (
        <RulesMatrix runId={runId} withIteration={withIteration} />
      )}
    </>
  );
}

function AgentMatrix({ runId, withIteration }: { runId: string; withIteration: boolean }) {
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
