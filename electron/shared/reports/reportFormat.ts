import type { ReportEntry } from './reportEntry';

/**
 * How a report writes times and statuses, shared by the HTML page and the Markdown: in a file of
 * its own so the page (Copy as Markdown) can use it without the whole HTML renderer.
 */

let formats: { whole: Intl.NumberFormat; oneDecimal: Intl.NumberFormat } | null = null;

/** Made on first use: building them loads Intl's number data, a few milliseconds of a command's start that writes no time. */
function numberFormats(): { whole: Intl.NumberFormat; oneDecimal: Intl.NumberFormat } {
  formats ??= {
    whole: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
    oneDecimal: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
  };
  return formats;
}

/** "1,234": a whole number as the report writes it (fixed to en-US, whatever the locale). */
export function formatReportWhole(value: number): string {
  return numberFormats().whole.format(value);
}

/** "871 ms", "12.5 ms": as the app writes timings (fixed to en-US, whatever the locale). */
export function formatReportMs(ms: number): string {
  const { whole, oneDecimal } = numberFormats();
  return `${(Math.abs(ms) < 100 ? oneDecimal : whole).format(ms)} ms`;
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
