import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { RunRecord } from '../../../../electron/shared/api';
import { useHost } from '../../../host/HostContext';
import { compareRunsQuery, runsQuery } from '../queries/runs';
import { HostErrorPanel } from '../../../ui/ErrorPanel';
import { useAgentLabels } from './agentLabels';
import { ComparisonView } from './ComparisonView';
import { Pending } from '../../../ui/Pending';

/** What compareRuns gives of each list when not asked for more, and the most it gives. */
const COMPARE_FIRST = 100;
const COMPARE_MOST = 1000;

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
  // How many of each list to ask for: the host's first page, then more on request (to its 1,000 at most).
  const [limit, setLimit] = useState<number | null>(null);
  const request = { before: baseline ?? '', after: record.runId, ...(limit === null ? {} : { limit }) };
  const comparison = useQuery({
    ...compareRunsQuery(api, request),
    enabled: baseline !== null,
    // While more of the same comparison comes, the lists shown stay (never another baseline's).
    placeholderData: (previous) => (previous?.before.runId === baseline ? previous : undefined),
  });
  const shown = limit ?? COMPARE_FIRST;
  const more = shown < COMPARE_MOST ? () => setLimit(Math.min(COMPARE_MOST, shown + COMPARE_FIRST)) : undefined;
  const labelOf = useAgentLabels();

  if (runs.isError) return <HostErrorPanel error={runs.error} />;
  if (!runs.data) return <Pending text="Loading the runs of this suite…" />;
  if (choices.length === 0) return <p className="muted">No other finished run of the suite “{record.suiteName}” to compare with yet.</p>;
  return (
    <div className="run-compare">
      <div className="cluster compare-baseline">
        <label htmlFor={selectId}>Baseline run (before)</label>
        <select
          id={selectId}
          className="input"
          value={baseline ?? ''}
          onChange={(event) => {
            setPicked(event.target.value);
            setLimit(null);
          }}
        >
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
        <ComparisonView comparison={comparison.data} labelOf={labelOf} onMore={more} />
      )}
    </div>
  );
}
