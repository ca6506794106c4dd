import type { RunRecord, RunState } from '../../../../electron/shared/api';
import { enUsNumberFormat } from '../../../../electron/shared/numberFormat';

/**
 * The words of a run's header, kept apart from the components so they are checked on their
 * own: the counts line, the time left, the 429 wait and the state's name.
 */

/** How long until the rest is done, at the pace so far: null before the first result or after the last. */
export function etaMs(total: number, completed: number, elapsedMs: number): number | null {
  if (completed <= 0 || completed >= total || elapsedMs <= 0) return null;
  return ((total - completed) * elapsedMs) / completed;
}

/** "12 s", "3 min", "1 h 5 min": whole units, as a person estimates. */
export function roughDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const COUNT = enUsNumberFormat();

/**
 * "312 of 1000 · 305 passed · 7 failed · about 12 s left" (the time only while it runs), and
 * "· 3 stopped" for requests Cancel stopped in flight: the runner counts them among the failed,
 * but nothing about them failed.
 */
export function progressLine(
  counts: Pick<RunRecord, 'total' | 'completed' | 'passed' | 'failed' | 'cancelled'>,
  eta: number | null,
): string {
  const parts = [`${counts.completed} of ${counts.total}`, `${counts.passed} passed`, `${counts.failed - counts.cancelled} failed`];
  if (counts.cancelled > 0) parts.push(`${counts.cancelled} stopped`);
  if (eta !== null) parts.push(`about ${roughDuration(eta)} left`);
  return parts.join(' · ');
}

/** "Waiting 2 s (the server asked, 429)". */
export function waitingLine(waitingMs: number): string {
  return `Waiting ${roughDuration(waitingMs)} (the server asked, 429)`;
}

const STATE_NAMES: Record<RunState, string> = {
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unreachable: 'Platform unreachable',
  interrupted: 'Interrupted',
};

/** The state as the header names it. */
export function stateName(state: RunState): string {
  return STATE_NAMES[state];
}

/** What an ended run adds to its counts: how many never ran, and why it ended early. */
export function endNote(record: Pick<RunRecord, 'state' | 'notRun' | 'cancelled' | 'durationMs'>): string | null {
  const never = record.notRun === 1 ? '1 request never ran' : `${COUNT(record.notRun)} requests never ran`;
  const inFlight = record.cancelled > 0 ? `, ${COUNT(record.cancelled)} stopped in flight` : '';
  if (record.state === 'cancelled') return `Cancelled: ${never}${inFlight}.`;
  if (record.state === 'interrupted') return `The app closed during this run: ${never}.`;
  if (record.state === 'unreachable') return `The platform could not be reached: ${never}.`;
  if (record.state === 'running' || record.durationMs === null) return null;
  return `Took ${roughDuration(record.durationMs)}.`;
}
