/**
 * Browser mode's pushed events: the host streams them as Server-Sent Events on
 * `EVENTS_PATH`, behind the same session, Origin and Host checks as every contract call
 * (electron/web/host.ts). The page reads the stream with fetch() (the session's page secret is a
 * header, which EventSource cannot send) and parses it itself (renderer/host/sseParser.ts).
 * Imported by both sides, so the path and the event names cannot drift apart.
 */

/** The stream's path on the browser-mode host (GET, with the session). */
export const EVENTS_PATH = '/events';

/** The SSE `event:` name of each HostEvents event carried by the stream; its `data:` is the JSON argument. */
export const STREAM_EVENT_NAMES = {
  onRunProgress: 'run-progress',
} as const;
