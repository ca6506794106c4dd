import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RunRecord } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { compareRunsQuery, runsQuery } from '../queries/runs';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { useAgentLabels } from './agentLabels';
import { ComparisonView } from './ComparisonView';
import { Pending } from '../../../ui/Pending';

/** "23/11/2026, 09:00:00 · failed · 8 of 10 passed": a run as the baseline picker lists it. */
export function runOption(run: RunRecord): string {
  return `${new Date(run.startedAt).toLocaleString()} · ${run.state} · ${run.passed} of ${run.total} passed`;
}

/**
 * The runs this one can be compared with: the same suite and kind, finished, not itself
 * (newest first, as listRuns answers). The default baseline is the newest that started
 * before this run (the usual question: what changed since last time), else the newest.
 */
export function baselineChoices(record: RunRecord, runs: readonly RunRecord[]): { choices: RunRecord[]; preferred: string | null } {
  const choices = runs.filter(
    (run) => run.runId !== record.runId && run.state !== 'running' && run.kind === record.kind && run.suiteName === record.suiteName,
  );
  const earlier = choices.find((run) => run.startedAt <= record.startedAt);
  return { choices, preferred: (earlier ?? choices[0])?.runId ?? null };
}

/** The Compare tab: pick a baseline run of the same suite, then see what changed since it (compareRuns). */
export function ComparePanel({ record }: { record: RunRecord }) {
  const api = useHost();
  const runs = useQuery(runsQuery(api, { suiteName: record.suiteName }));
  const [picked, setPicked] = useState<string | null>(null);
  const selectId = useId();
  const { choices, preferred } = baselineChoices(record, runs.data ?? []);
  const baseline = picked !== null && choices.some((run) => run.runId === picked) ? picked : preferred;
  const comparison = useQuery({ ...compareRunsQuery(api, { before: baseline ?? '', after: record.runId }), enabled: baseline !== null });
  const labelOf = useAgentLabels();

  if (runs.isError) return <HostErrorPanel error={runs.error} />;
  if (!runs.data) return <Pending text="Loading the runs of this suite…" />;
  if (choices.length === 0) return <p className="muted">No other finished run of the suite “{record.suiteName}” to compare with yet.</p>;
  return (
    <div className="run-compare">
      <div className="cluster compare-baseline">
        <label htmlFor={selectId}>Baseline run (before)</label>
        <select id={selectId} value={baseline ?? ''} onChange={(event) => setPicked(event.target.value)}>
          {choices.map((run) => (
            <option key={run.runId} value={run.runId}>
              {runOption(run)}
            </option>
          ))}
        </select>
        <span className="small muted">compared with this run (after).</span>
      </div>
      {comparison.isError ? (
        <HostErrorPanel error={comparison.error} />
      ) : !comparison.data ? (
        <Pending text="Comparing the two runs…" />
      ) : (
        <ComparisonView comparison={comparison.data} labelOf={labelOf} />
      )}
    </div>
  );
}
