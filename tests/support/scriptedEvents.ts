import type { HostEvents, RunProgress } from '../../electron/shared/api';
import { createRunProgressHub } from '../../electron/core/runs/runProgress';

/**
 * The host's pushed events as the page receives them: the real run service's progress goes to
 * a hub (as bootstrap gives it to the desktop window and the browser's event stream), and the
 * page subscribes here. What only browser mode's stream does is scripted on top, by name: it
 * can drop (`dropped`: nothing reaches the page, and the host keeps nothing for later) and come
 * back (`resume()`: the page is told, nothing is replayed).
 */
export class ScriptedEventStream {
  /** Where the run service emits. */
  readonly hub = createRunProgressHub();
  /** Browser mode's stream is down: events are lost, not kept. */
  dropped = false;
  private readonly resumedListeners = new Set<() => void>();

  readonly events: HostEvents = {
    onFindRequested: () => () => undefined,
    onRunProgress: (listener) =>
      this.hub.subscribe((progress) => {
        if (!this.dropped) listener(structuredClone(progress));
      }),
    onEventsResumed: (listener) => {
      this.resumedListeners.add(listener);
      return () => void this.resumedListeners.delete(listener);
    },
  };

  /** The stream is up again (browser mode's reconnect): the page is told, nothing replayed. */
  resume(): void {
    this.dropped = false;
    for (const listener of this.resumedListeners) listener();
  }

  /** The next event of `runId` that `matches`, as the host emits it (whether or not the page gets it). */
  next(runId: string, matches: (progress: RunProgress) => boolean = () => true): Promise<RunProgress> {
    return new Promise((resolve) => {
      const stop = this.hub.subscribe((progress) => {
        if (progress.runId !== runId || !matches(progress)) return;
        stop();
        resolve(progress);
      });
    });
  }
}
