import { LAUNCH_SECRET_HEADER, type HostEvents, type RunProgress } from '../../electron/shared/api';
import { EVENTS_PATH, STREAM_EVENT_NAMES } from '../../electron/shared/hostEventStream';
import { createSseParser } from './sseParser';

/**
 * HostEvents in browser mode: the host's Server-Sent Events (GET /events, with the tab's
 * session, as every call), read with fetch() because EventSource cannot send the page secret.
 *
 * - One stream for the whole page, opened when the first listener subscribes and closed when
 *   the last one leaves, so a page that shows no run holds no connection.
 * - A stream that drops or is refused is opened again after a wait that doubles each time
 *   (1 s, 2 s, 4 s … at most 30 s), and starts again at 1 s once one is up. Events sent while
 *   it was down are not replayed (the host keeps none): onEventsResumed tells the page each
 *   time a stream is up, and a view that follows a run reads it again (getRun, listRunResults).
 * - onFindRequested never fires: in a browser, the browser's own find bar answers Ctrl/Cmd+F.
 */

export interface StreamEventsOptions {
  /** The page secret of this tab's session (the cookie half the browser sends itself). */
  secret: string;
  /** Origin of the host; defaults to the page's own (relative URLs). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The first wait before reconnecting, ms (1000); doubled after each failure up to `maxDelayMs` (30,000). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export function createStreamEvents(options: StreamEventsOptions): HostEvents {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const initialDelay = options.initialDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const later = options.setTimeout ?? ((run: () => void, ms: number) => globalThis.setTimeout(run, ms));
  const cancelLater = options.clearTimeout ?? ((handle: unknown) => globalThis.clearTimeout(handle as number));
  const listeners = new Set<(progress: RunProgress) => void>();
  /** Told each time a stream is up: what was sent before it (or during a drop) is not replayed. */
  const resumedListeners = new Set<() => void>();
  /** The open (or opening) stream's abort, or null when none is. */
  let abort: AbortController | null = null;
  let retry: unknown = null;
  let failures = 0;

  const deliver = (data: string) => {
    let progress: RunProgress;
    try {
      progress = JSON.parse(data) as RunProgress;
    } catch {
      return; // the host sends JSON; anything else is not an event of ours
    }
    for (const listener of [...listeners]) {
      try {
        listener(progress);
      } catch (error) {
        // One broken listener must not stop the others; still seen in the console.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  async function connect(controller: AbortController): Promise<void> {
    try {
      const response = await doFetch(`${options.baseUrl ?? ''}${EVENTS_PATH}`, {
        headers: { accept: 'text/event-stream', [LAUNCH_SECRET_HEADER]: options.secret },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`The event stream answered ${response.status}.`);
      failures = 0;
      for (const listener of [...resumedListeners]) {
        try {
          listener();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      const parser = createSseParser((event) => {
        if (event.event === STREAM_EVENT_NAMES.onRunProgress) deliver(event.data);
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // Refused, unreachable, dropped or aborted: the same path below.
    }
    if (abort !== controller) return; // stopped (no listener left) or replaced
    abort = null;
    const delay = Math.min(maxDelay, initialDelay * 2 ** failures);
    failures += 1;
    retry = later(() => {
      retry = null;
      if (listeners.size > 0 && abort === null) start();
    }, delay);
  }

  function start() {
    const controller = new AbortController();
    abort = controller;
    void connect(controller);
  }

  function stop() {
    if (retry !== null) cancelLater(retry);
    retry = null;
    const controller = abort;
    abort = null;
    failures = 0;
    controller?.abort();
  }

  return {
    onFindRequested: () => () => undefined,
    onRunProgress(listener) {
      // A wrapper per subscription, so the same function subscribed twice is two listeners.
      const entry = (progress: RunProgress) => listener(progress);
      listeners.add(entry);
      if (abort === null && retry === null) start();
      return () => {
        if (!listeners.delete(entry)) return;
        if (listeners.size === 0) stop();
      };
    },
    onEventsResumed(listener) {
      // Does not open a stream by itself: only progress listeners do.
      const entry = () => listener();
      resumedListeners.add(entry);
      return () => void resumedListeners.delete(entry);
    },
  };
}
