import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunProgressSource } from '../core/runs/runProgress';
import { STREAM_EVENT_NAMES } from '../shared/hostEventStream';

/**
 * The Server-Sent Events side of browser mode: run progress as `event: run-progress` frames,
 * each `data:` one line of JSON. Only events from the moment a stream opens are sent (nothing
 * is kept for later: the page reads a run's state with getRun when it needs it). The host has
 * already checked the request (session, Origin, Host) before a stream is opened here.
 *
 * - A comment line every `heartbeatMs` (15 s by default) keeps the connection visibly alive and
 *   finds a dropped one (the write fails and the stream is cleaned up). At each heartbeat the
 *   session is asked again, so a stream ends when its session does.
 * - A page that stops reading is not buffered for without end: past `MAX_BACKLOG_BYTES` unsent,
 *   its stream is closed (the page reconnects and reads the run again).
 * - At most `MAX_STREAMS` at once (a tab needs one), so a stuck client cannot pile them up.
 */

const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
const MAX_STREAMS = 32;

export interface EventStreamOptions {
  source: RunProgressSource;
  heartbeatMs: number;
  /** Whether the request that opened a stream still has its session. */
  stillAuthorized: (request: IncomingMessage) => boolean;
  /** Security headers every answer of the host carries. */
  headers: Record<string, string>;
}

export interface EventStreams {
  /** Answers an already-checked GET with a stream; false (nothing written) when too many are open. */
  open(request: IncomingMessage, response: ServerResponse): boolean;
  /** Ends every open stream (the host is stopping). */
  closeAll(): void;
  /** How many are open (for tests). */
  readonly size: number;
}

/** One SSE frame: the JSON goes on one `data:` line (JSON.stringify escapes CR and LF). */
function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createEventStreams(options: EventStreamOptions): EventStreams {
  const open = new Set<ServerResponse>();
  return {
    open(request, response) {
      if (open.size >= MAX_STREAMS) return false;
      open.add(response);
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        ...options.headers,
      });
      // The first bytes now: the page's fetch() resolves on them, so it knows the stream is up.
      response.write(': connected\n\n');
      const send = (text: string) => {
        // Between a drop and its 'close' event a write may still come: it is skipped, never thrown.
        if (response.destroyed || response.writableEnded) return;
        if (response.writableLength > MAX_BACKLOG_BYTES) return void response.destroy();
        response.write(text);
      };
      const unsubscribe = options.source.subscribe((progress) => send(sseFrame(STREAM_EVENT_NAMES.onRunProgress, progress)));
      const heartbeat = setInterval(() => {
        if (!options.stillAuthorized(request)) return void response.end();
        send(': heartbeat\n\n');
      }, options.heartbeatMs);
      heartbeat.unref();
      response.on('error', () => undefined); // a reset connection: 'close' follows and cleans up
      response.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      });
      return true;
    },
    closeAll() {
      for (const response of open) response.end();
    },
    get size() {
      return open.size;
    },
  };
}
