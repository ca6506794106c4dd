import type { RunProgress } from './runs';

/**
 * What the host tells the page without being asked. One
 * named subscription per event, never a generic `on(channel)`; each returns its unsubscribe.
 */
export interface HostEvents {
  /** The menu's Find in Page (Ctrl/Cmd+F) was chosen: open the find bar. */
  onFindRequested(listener: () => void): () => void;
  /**
   * A run's progress, for every run of this host, batched. Browser mode has this one
   * too, as Server-Sent Events on the host (electron/web/), behind the same session checks.
   */
  onRunProgress(listener: (progress: RunProgress) => void): () => void;
  /**
   * Optional (browser mode only): the event stream has just opened or reopened. Events sent
   * while it was down (or before it first opened) are not replayed, so a view that follows a
   * run reads it again (getRun, listRunResults); otherwise a run that ended during a drop would
   * stay "running" on the page. The desktop's IPC has no such gap and does not offer it.
   */
  onEventsResumed?(listener: () => void): () => void;
}

/** The IPC channel of a main-to-page event. */
export function eventChannel(event: keyof HostEvents): string {
  return `agent-explorer:event:${event}`;
}
