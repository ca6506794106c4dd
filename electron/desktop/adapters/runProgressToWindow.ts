import type { BrowserWindow } from 'electron';
import type { RunProgressSource } from '../../core/runs/runProgress';
import { eventChannel } from '../../shared/api';

/**
 * Pushes every run's progress to the app's window (progress is pushed, not polled).
 * The preload passes on only the progress object (`preload.ts` `onRunProgress`), never
 * Electron's event. A window that is gone or being destroyed is skipped: `webContents.send` on
 * a destroyed webContents throws, and a run goes on (and is stored) whether or not a window
 * watches it; the page reads the run again when a new window opens.
 *
 * @returns the unsubscribe, for `will-quit`.
 */
export function forwardRunProgress(
  source: RunProgressSource,
  window: () => Pick<BrowserWindow, 'isDestroyed' | 'webContents'> | null,
): () => void {
  return source.subscribe((progress) => {
    const target = window();
    if (target === null || target.isDestroyed() || target.webContents.isDestroyed()) return;
    target.webContents.send(eventChannel('onRunProgress'), progress);
  });
}
