import type { App, BrowserWindow } from 'electron';

/**
 * How long quitting waits for the core to close before the app exits anyway: long enough for
 * runs to write their end, the Sandbox to stop and the database to checkpoint; short enough
 * that a stuck close never leaves a process the person cannot quit.
 */
export const SHUTDOWN_LIMIT_MS = 10_000;

export interface ShutdownSteps {
  /** Ends the core's work: runs write their end, the Sandbox closes, the database checkpoints. */
  close(): Promise<void>;
  /** Lets go of the data folder (synchronous: it must also work when the OS is ending us). */
  release(): void;
  onProblem(message: string): void;
}

/** Resolves when `work` settles or when `limitMs` has passed, whichever comes first. */
function within(work: Promise<void>, limitMs: number, onLate: () => void): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      onLate();
      resolve();
    }, limitMs);
    void work.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Quitting that finishes the core's work before the process ends.
 *
 * Electron ends the process as soon as the 'will-quit' listeners return, unless one of them
 * calls `preventDefault()` (`Browser::NotifyAndShutdown` in Electron's shell/browser/browser.cc),
 * so a promise started there is cut off. Here 'will-quit' is prevented, the core's close is
 * awaited (at most `limitMs`), the folder is released, and `app.exit(0)` ends the app:
 * `Browser::ExitWithCode` goes straight to `Shutdown`, emitting no second 'will-quit'. Another
 * quit asked for meanwhile (⌘Q again) is prevented too: the close under way is not cut off.
 *
 * The folder is also released on 'quit', which every way out emits (`Browser::Shutdown` ->
 * `App::OnQuit` in shell/browser/api/electron_api_app.cc), `app.exit(1)` after a failed start
 * included, which emits no 'will-quit'. The lock's release does nothing the second time.
 */
export function setupShutdown(app: Pick<App, 'on' | 'exit'>, steps: ShutdownSteps, limitMs = SHUTDOWN_LIMIT_MS): void {
  let closing = false;
  app.on('will-quit', (event) => {
    event.preventDefault();
    if (closing) return;
    closing = true;
    const work = steps
      .close()
      .catch((error: unknown) => steps.onProblem(`closing failed: ${error instanceof Error ? error.message : String(error)}`));
    void within(work, limitMs, () => steps.onProblem(`closing took longer than ${limitMs / 1000} s; quitting anyway.`)).then(() => {
      steps.release();
      app.exit(0);
    });
  });
  app.on('quit', () => steps.release());
}

/**
 * Windows log-out, restart or shut-down: the OS ends the process (and its children) as soon as
 * the window's 'session-end' listeners return (WM_ENDSESSION in Electron's
 * shell/browser/native_window_views_win.cc), with no 'will-quit' and no time for the core's
 * asynchronous close. What can be done synchronously is: let go of the folder, so the next
 * start is not refused by a lock whose process id Windows has since given to another process.
 */
export function releaseOnSessionEnd(window: Pick<BrowserWindow, 'on'>, release: () => void): void {
  window.on('session-end', () => release());
}
