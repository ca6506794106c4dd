import { describe, expect, it, vi } from 'vitest';
import { createStreamEvents } from '../../../renderer/host/streamEvents';

/**
 * Browser mode's event stream tells the page each time it is up (onEventsResumed), so a run's
 * view reads again what a drop made it miss: the host replays no event.
 */

function endableFetch() {
  const opened: Array<() => void> = [];
  const doFetch = vi.fn(async (_url: string, init: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init.signal!.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    opened.push(() => controller.close());
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { doFetch: doFetch as unknown as typeof fetch, opened };
}

describe('createStreamEvents onEventsResumed', () => {
  it('tells its listeners when the stream opens and again after each reconnect, and stops when they leave', async () => {
    const { doFetch, opened } = endableFetch();
    const waits: Array<() => void> = [];
    const events = createStreamEvents({ secret: 's', fetch: doFetch, setTimeout: (run) => waits.push(run), clearTimeout: () => undefined });
    let resumed = 0;
    const leave = events.onEventsResumed!(() => (resumed += 1));
    events.onRunProgress(() => undefined);
    await vi.waitFor(() => expect(resumed).toBe(1));

    opened[0]!(); // the stream drops
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    expect(resumed).toBe(1);
    waits.shift()!();
    await vi.waitFor(() => expect(resumed).toBe(2));

    leave();
    opened[1]!();
    await vi.waitFor(() => expect(waits).toHaveLength(1));
    waits.shift()!();
    await vi.waitFor(() => expect(opened).toHaveLength(3));
    expect(resumed).toBe(2);
  });
});
