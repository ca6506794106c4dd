import type { RunProgress } from '../../shared/api';

/**
 * Where the host's run progress comes from (the run service makes it, batched): the Electron
 * shell forwards it to the window (webContents.send on eventChannel('onRunProgress')), and
 * browser mode streams it as Server-Sent Events. One interface, so each transport is tested
 * with a twin that emits what a test says.
 */
export interface RunProgressSource {
  /** Receives every run's progress from now on; returns an unsubscribe. */
  subscribe(listener: (progress: RunProgress) => void): () => void;
}

/** A source a test (or the core's service) emits into. */
export function createRunProgressHub(): RunProgressSource & { emit(progress: RunProgress): void } {
  const listeners = new Set<(progress: RunProgress) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(progress) {
      for (const listener of listeners) {
        try {
          listener(progress);
        } catch {
          // One broken listener (a closed window, a dropped stream) must not stop the others.
        }
      }
    },
  };
}
