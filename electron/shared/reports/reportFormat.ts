import type { ReportEntry } from './reportEntry';
import { enUsNumberFormat } from '../numberFormat';

/**
 * How a report writes times and statuses, shared by the HTML page and the Markdown: in a file of
 * its own so the page (Copy as Markdown) can use it without the whole HTML renderer.
 */

const whole = enUsNumberFormat({ maximumFractionDigits: 0 });
const oneDecimal = enUsNumberFormat({ maximumFractionDigits: 1 });

/** "1,234": a whole number as the report writes it (fixed to en-US, whatever the locale). */
export function formatReportWhole(value: number): string {
  return whole(value);
}

/** "871 ms", "12.5 ms": as the app writes timings (fixed to en-US, whatever the locale). */
export function formatReportMs(ms: number): string {
  return `${(Math.abs(ms) < 100 ? oneDecimal : whole)(ms)} ms`;
}

/** "2026-11-20 08:00:00 UTC": the same on every reader's machine, whatever its time zone. */
export function formatReportTime(iso: string): string {
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

/** "200 OK", "404 Not Found", or the error code when no status came. */
export function statusLabel(entry: ReportEntry): string {
  const { status, statusText, error } = entry.outcome;
  if (status !== null) return `${status}${statusText ? ` ${statusText}` : ''}`;
  return error ? `no status (${error.code})` : 'no status';
}
