import { useQuery } from '@tanstack/react-query';
import type { RunRecord } from '../../../electron/shared/api';
import { useHost } from '../../host/HostContext';
import { runsQuery } from './queries/runs';
import { FailureLine } from '../../ui/ErrorPanel';

const STATE_WORDS: Record<RunRecord['state'], string> = {
  running: 'running',
  passed: 'passed',
  failed: 'failed',
  cancelled: 'cancelled',
  unreachable: 'platform unreachable',
  interrupted: 'interrupted (the app closed)',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The section's past suite runs, newest first; any can be opened again. */
export function PastRuns({ openId, onOpen }: { openId: string | null; onOpen: (runId: string) => void }) {
  const runs = useQuery(runsQuery(useHost(), { kind: 'suite' }));
  return (
    <section className="past-runs card" aria-labelledby="past-runs-title">
      <h3 id="past-runs-title" className="card-title">
        Past runs
      </h3>
      {runs.isPending && <p className="muted small">Loading runs…</p>}
      <FailureLine failed={runs.isError} error={runs.error} prefix="The runs could not be listed: " />
      {runs.data?.length === 0 && <p className="muted small">No suite has been run yet.</p>}
      {runs.data && runs.data.length > 0 && (
        <ul className="past-runs-list" aria-label="Past runs">
          {runs.data.map((run) => (
            <li key={run.runId}>
              <button
                type="button"
                className="button-link"
                aria-current={run.runId === openId ? 'true' : undefined}
                onClick={() => onOpen(run.runId)}
              >
                {run.suiteName}, {when(run.startedAt)}: {STATE_WORDS[run.state]}, {run.passed} of {run.total} passed
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
