import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { createRunProgressHub } from '../../../../electron/core/runs/runProgress';
import { LAUNCH_SECRET_HEADER, type RunProgress } from '../../../../electron/shared/api';
import { startWebHost } from '../../../../electron/web/host';
import { createStreamEvents } from '../../../../renderer/host/streamEvents';
import { FakeApi } from '../../../support/fakeApi';

/**
 * Browser mode's HostEvents (renderer/host/streamEvents.ts): one shared stream for every
 * listener, opened with the first and closed with the last, reconnecting with a doubling wait.
 * First against a scripted fetch, then against the real host.
 */

const progress = (runId: string, completed: number): RunProgress => ({
  runId,
  state: 'running',
  total: 5,
  completed,
  passed: completed,
  failed: 0,
  cancelled: 0,
  elapsedMs: 1,
  rows: [],
  waitingMs: null,
});
const frame = (value: RunProgress) => `event: run-progress\ndata: ${JSON.stringify(value)}\n\n`;

/** A fetch whose every call is a stream the test writes into, ends, or refuses. */
function scriptedFetch() {
  const opened: Array<{ init: RequestInit; url: string; write: (text: string) => void; end: () => void; aborted: () => boolean }> = [];
  const refuse = { next: 0 };
  const doFetch = vi.fn(async (url: string, init: RequestInit) => {
    if (refuse.next > 0) {
      refuse.next -= 1;
      return new Response('{}', { status: 403 });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    const signal = init.signal!;
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    opened.push({
      url,
      init,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      aborted: () => signal.aborted,
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { doFetch: doFetch as unknown as typeof fetch, opened, refuse };
}

/** setTimeout the test runs by hand, recording each wait. */
function manualTimers() {
  const waits: number[] = [];
  const queue: Array<{ run: () => void; cancelled: boolean }> = [];
  return {
    waits,
    pending: () => queue.filter((timer) => !timer.cancelled).length,
    setTimeout: (run: () => void, ms: number) => {
      waits.push(ms);
      const timer = { run, cancelled: false };
      queue.push(timer);
      return timer;
    },
    clearTimeout: (handle: unknown) => void ((handle as { cancelled: boolean }).cancelled = true),
    fire: () => {
      const timer = queue.shift();
      if (timer && !timer.cancelled) timer.run();
    },
  };
}

describe('createStreamEvents', () => {
  it('opens one stream for all listeners, with the page secret, and gives each listener every run-progress event', async () => {
    const { doFetch, opened } = scriptedFetch();
    const events = createStreamEvents({ secret: 's3cret', fetch: doFetch });
    const first: RunProgress[] = [];
    const second: RunProgress[] = [];
    events.onRunProgress((value) => first.push(value));
    events.onRunProgress((value) => second.push(value));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]!.url).toBe('/events');
    expect(opened[0]!.init.headers).toMatchObject({ [LAUNCH_SECRET_HEADER]: 's3cret' });
    expect(opened[0]!.init.credentials).toBe('same-origin');
    const text = `: connected\n\n${frame(progress('r', 1))}event: something-else\ndata: {}\n\n${frame(progress('r', 2))}`;
    opened[0]!.write(text.slice(0, 37));
    opened[0]!.write(text.slice(37));
    await vi.waitFor(() => expect(second).toHaveLength(2));
    expect(first).toEqual([progress('r', 1), progress('r', 2)]);
    expect(opened).toHaveLength(1);
  });

  it('keeps going for the others when one listener throws', async () => {
    const { doFetch, opened } = scriptedFetch();
    const events = createStreamEvents({ secret: 's', fetch: doFetch });
    const seen: string[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    events.onRunProgress(() => {
      throw new Error('broken view');
    });
    events.onRunProgress((value) => seen.push(value.runId));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.write(frame(progress('r', 1)));
    await vi.waitFor(() => expect(seen).toEqual(['r']));
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    process.off('uncaughtException', onError);
  });

  it('closes the stream when the last listener leaves, and opens a new one for the next', async () => {
    const { doFetch, opened } = scriptedFetch();
    const events = createStreamEvents({ secret: 's', fetch: doFetch });
    const stopA = events.onRunProgress(() => undefined);
    const stopB = events.onRunProgress(() => undefined);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    stopA();
    expect(opened[0]!.aborted()).toBe(false);
    stopB();
    stopB(); // twice is harmless
    expect(opened[0]!.aborted()).toBe(true);
    events.onRunProgress(() => undefined);
    await vi.waitFor(() => expect(opened).toHaveLength(2));
  });

  it('reconnects after a drop or a refusal, waiting longer each time, and from the first wait again once connected', async () => {
    const { doFetch, opened, refuse } = scriptedFetch();
    const timers = manualTimers();
    const events = createStreamEvents({ secret: 's', fetch: doFetch, initialDelayMs: 1000, maxDelayMs: 4000, ...timers });
    const seen: number[] = [];
    events.onRunProgress((value) => seen.push(value.completed));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    refuse.next = 3;
    opened[0]!.end(); // the host went away
    await vi.waitFor(() => expect(timers.waits).toEqual([1000]));
    timers.fire(); // refused
    await vi.waitFor(() => expect(timers.waits).toEqual([1000, 2000]));
    timers.fire(); // refused
    await vi.waitFor(() => expect(timers.waits).toEqual([1000, 2000, 4000]));
    timers.fire(); // refused
    await vi.waitFor(() => expect(timers.waits).toEqual([1000, 2000, 4000, 4000]));
    timers.fire(); // accepted
    await vi.waitFor(() => expect(opened).toHaveLength(2));
    opened[1]!.write(frame(progress('r', 3)));
    await vi.waitFor(() => expect(seen).toEqual([3]));
    opened[1]!.end();
    await vi.waitFor(() => expect(timers.waits.at(-1)).toBe(1000));
  });

  it('stops trying when no listener is left', async () => {
    const { doFetch, opened } = scriptedFetch();
    const timers = manualTimers();
    const events = createStreamEvents({ secret: 's', fetch: doFetch, ...timers });
    const stop = events.onRunProgress(() => undefined);
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    opened[0]!.end();
    await vi.waitFor(() => expect(timers.pending()).toBe(1));
    stop();
    expect(timers.pending()).toBe(0);
  });

  it('never fires onFindRequested (the browser has its own find)', () => {
    const { doFetch } = scriptedFetch();
    const unsubscribe = createStreamEvents({ secret: 's', fetch: doFetch }).onFindRequested(() => undefined);
    expect(doFetch).not.toHaveBeenCalled();
    unsubscribe();
  });
});

describe('against the browser-mode host', () => {
  it('delivers what the host emits, and the host lets go when the page does', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-stream-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html>');
    const hub = createRunProgressHub();
    let subscribed = 0;
    const host = await startWebHost({
      api: new FakeApi(),
      staticDir,
      runProgress: {
        subscribe: (listener) => {
          subscribed += 1;
          const off = hub.subscribe(listener);
          return () => {
            subscribed -= 1;
            off();
          };
        },
      },
    });
    try {
      const token = /#token=([A-Za-z0-9_-]+)$/.exec(host.url)![1]!;
      const session = await fetch(`${host.origin}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
      const { pageSecret } = ((await session.json()) as { value: { pageSecret: string } }).value;
      // Node's fetch keeps no cookies: add the one a browser would send.
      const withCookie: typeof fetch = (url, init) =>
        fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
      const events = createStreamEvents({ secret: pageSecret, baseUrl: host.origin, fetch: withCookie });
      const seen: RunProgress[] = [];
      const stop = events.onRunProgress((value) => seen.push(value));
      await vi.waitFor(() => expect(subscribed).toBe(1));
      hub.emit(progress('live', 2));
      await vi.waitFor(() => expect(seen).toEqual([progress('live', 2)]));
      stop();
      await vi.waitFor(() => expect(subscribed).toBe(0));
    } finally {
      await host.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});

/**
 * Browser mode's event stream tells the page each time it is up (onEventsResumed), so a run's
 * view reads again what a drop made it miss: the host replays no event.
 */
describe('createStreamEvents onEventsResumed', () => {
  it('tells its listeners when the stream opens and again after each reconnect, and stops when they leave', async () => {
    const { doFetch, opened } = scriptedFetch();
    const waits: Array<() => void> = [];
    const events = createStreamEvents({ secret: 's', fetch: doFetch, setTimeout: (run) => waits.push(run), clearTimeout: () => undefined });
    let resumed = 0;
    const leave = events.onEventsResumed!(() => (resumed += 1));
    events.onRunProgress(() => undefined);
    await vi.waitFor(() => expect(resumed).toBe(1));

    opened[0]!.end(); // the stream drops
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    expect(resumed).toBe(1);
    waits.shift()!();
    await vi.waitFor(() => expect(resumed).toBe(2));

    leave();
    opened[1]!.end();
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    waits.shift()!();
    await vi.waitFor(() => expect(opened).toHaveLength(3));
    expect(resumed).toBe(2);
  });
});
