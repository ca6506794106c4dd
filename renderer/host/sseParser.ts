/**
 * A parser for `text/event-stream` (the WHATWG HTML standard's "Server-sent events",
 * "Interpreting an event stream"), for browser mode's pushed events. EventSource would parse it
 * for us but cannot send the session's page secret, which is a header (electron/web/session.ts
 * says why the session has one); so the page reads the stream with fetch() and parses it here.
 *
 * Text goes in as it arrives, in chunks cut anywhere (mid-line, between CR and LF); an event is
 * handed out at the blank line that ends it. Comment lines (`:` first) are skipped, several
 * `data:` lines are joined with LF, and an event cut off by the end of the stream is dropped, as
 * the standard says.
 */

export interface SseEvent {
  /** The `event:` field; `message` when the event had none. */
  event: string;
  /** The `data:` lines joined with LF. */
  data: string;
}

export interface SseParser {
  /** Feeds decoded text (decode with `TextDecoder`'s `stream: true`, so characters are not split). */
  push(text: string): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let pending = '';
  /** The last chunk ended on CR: an LF starting the next one belongs to the same line end. */
  let afterCr = false;
  let atStart = true;
  let eventType = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: eventType || 'message', data: data.join('\n') });
      eventType = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` are EventSource's reconnection state: this client reconnects on its own terms.
  };

  return {
    push(text) {
      if (atStart && text.length > 0) {
        atStart = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      let buffer = pending + text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) afterCr = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
      pending = buffer;
    },
  };
}
