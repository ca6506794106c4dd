import type { RunProgress, RunRecord } from '../../../../electron/shared/api';
import { thrownMessage } from '../../../lib/errorKinds';
import { useCancelRun } from '../queries/runView';
import { endNote, etaMs, progressLine, stateName, waitingLine } from './progressText';

/**
 * A run's header: the suite, the profile it runs on and its state; a progress bar with the
 * counts and, while it runs, the time left at the pace so far; the 429 wait the server asked
 * for; Cancel while it runs, and once cancelled how many requests never ran.
 *
 * The counts come from the run's record, which each pushed event updates in the cache
 * (applyRunProgress); the elapsed time and the wait come from the latest event itself.
 */
export function RunHeader({ record, progress }: { record: RunRecord; progress: RunProgress | null }) {
  const cancel = useCancelRun();
  const running = record.state === 'running';
  const latest = progress && progress.completed >= record.completed ? progress : null;
  const eta = running && latest ? etaMs(record.total, record.completed, latest.elapsedMs) : null;
  const waitingMs = running ? (latest?.waitingMs ?? null) : null;
  // Three segments, passed, failed and stopped by Cancel, each its share of the whole run.
  const share = (count: number) => (record.total === 0 ? 0 : (count / record.total) * 100);
  const line = progressLine(record, eta);
  // An event ends the run in the cache before its record is read again: until then (no
  // finishedAt) the never-ran count is not known, so say nothing rather than "0".
  const note = record.finishedAt === null ? null : endNote(record);
  return (
    <header className="run-header">
      <div className="run-title-line">
        <h2 className="card-title run-title">{record.suiteName}</h2>
        <span className={`run-state run-state-${record.state}`}>{stateName(record.state)}</span>
        <span className="muted small">
          on <strong>{record.profile.name}</strong> <span className="mono">{record.profile.baseUrl}</span>
        </span>
        {running && (
          <button
            type="button"
            className="button-quiet button-small button-danger run-cancel"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(record.runId)}
          >
            Cancel run
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Run progress"
        aria-valuemin={0}
        aria-valuemax={record.total}
        aria-valuenow={record.completed}
        aria-valuetext={line}
        className="run-progress"
      >
        <div className="run-progress-passed" style={{ width: `${share(record.passed)}%` }} />
        <div className="run-progress-failed" style={{ width: `${share(record.failed - record.cancelled)}%` }} />
        <div className="run-progress-stopped" style={{ width: `${share(record.cancelled)}%` }} />
      </div>
      <p className="run-progress-text">{line}</p>
      {waitingMs !== null && (
        <p className="run-waiting" role="status">
          {waitingLine(waitingMs)}
        </p>
      )}
      {note !== null && <p className="muted small run-end-note">{note}</p>}
      {cancel.error && (
        <p role="alert" className="field-error">
          {thrownMessage(cancel.error)}
        </p>
      )}
    </header>
  );
}
