import type { ExchangeTiming } from '../../shared/api';
import type { TimingMarks } from './transport';

/**
 * Turns the marks of one exchange into waterfall phases: each phase runs from the end of the
 * one before to its own mark, so the phases add up to the time until the last mark. A step
 * that did not happen is null, never zero, so "reused connection" and "no DNS for an IP
 * address" stay visible instead of looking instant.
 */
export function phasesOf(marks: TimingMarks, end: number): ExchangeTiming {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const span = (from: number, to: number | undefined) => (to === undefined ? null : round(Math.max(0, to - from)));
  let cursor = marks.start;
  const dns = span(cursor, marks.lookup);
  cursor = marks.lookup ?? cursor;
  const connect = span(cursor, marks.connect);
  cursor = marks.connect ?? cursor;
  const tls = span(cursor, marks.secureConnect);
  cursor = marks.secureConnect ?? cursor;
  const send = span(cursor, marks.sent);
  cursor = marks.sent ?? cursor;
  const wait = span(cursor, marks.firstByte);
  const download = marks.firstByte === undefined ? null : round(Math.max(0, end - marks.firstByte));
  return { dns, connect, tls, send, wait, download, total: round(end - marks.start), reusedConnection: marks.reusedConnection };
}
