import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../../../../renderer/host/sseParser';

/** The page's own text/event-stream parser (browser mode reads /events with fetch, not EventSource). */
function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('createSseParser', () => {
  it('hands out an event at the blank line that ends it, with its name and data', () => {
    expect(parse('event: run-progress\ndata: {"runId":"a"}\n\n')).toEqual([{ event: 'run-progress', data: '{"runId":"a"}' }]);
  });

  it('puts together an event split across chunks anywhere, a CR LF line end included', () => {
    const stream = 'event: run-progress\r\ndata: {"runId":"a","completed":1}\r\n\r\nevent: run-progress\r\ndata: {"runId":"b"}\r\n\r\n';
    const whole = parse(stream);
    expect(whole).toHaveLength(2);
    for (let cut = 1; cut < stream.length; cut += 1) {
      expect(parse(stream.slice(0, cut), stream.slice(cut)), `cut at ${cut}`).toEqual(whole);
    }
    expect(parse(...stream.split(''))).toEqual(whole);
  });

  it('joins several data lines with a line feed', () => {
    expect(parse('data: first\ndata: second\ndata:third\n\n')).toEqual([{ event: 'message', data: 'first\nsecond\nthird' }]);
  });

  it('skips comment lines (the heartbeat), and an event with no data', () => {
    expect(parse(': connected\n\n: heartbeat\n\nevent: run-progress\n\n', 'event: run-progress\n: between\ndata: 1\n\n')).toEqual([
      { event: 'run-progress', data: '1' },
    ]);
  });

  it('takes CR alone as a line end, and keeps only one leading space of a value', () => {
    expect(parse('event:run-progress\rdata:  two spaces\r\r')).toEqual([{ event: 'run-progress', data: ' two spaces' }]);
  });

  it('drops an event the stream ended before finishing, and a leading byte-order mark', () => {
    expect(parse('\uFEFFdata: done\n\ndata: cut off')).toEqual([{ event: 'message', data: 'done' }]);
  });

  it('resets the event name after each event', () => {
    expect(parse('event: run-progress\ndata: 1\n\ndata: 2\n\n').map((event) => event.event)).toEqual(['run-progress', 'message']);
  });
});
