import type { HistorySearchHit, HistorySummary } from '../../../electron/shared/contract';

/** One row of the History list: a day heading, or an entry (with its passage when searching). */
export type HistoryRow =
  | { type: 'day'; key: string; label: string }
  | { type: 'entry'; key: string; entry: HistorySummary; passage?: HistorySearchHit['passage'] };

/** The local calendar day of an ISO time, as a stable key. */
function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "Monday, 23 November 2026", in the user's locale. */
export function dayLabel(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** Entries (newest first) with a heading row before the first entry of each day. */
export function groupByDay(hits: ReadonlyArray<{ entry: HistorySummary; passage?: HistorySearchHit['passage'] }>): HistoryRow[] {
  const rows: HistoryRow[] = [];
  let day: string | null = null;
  for (const hit of hits) {
    const key = dayKey(hit.entry.recordedAt);
    if (key !== day) {
      day = key;
      rows.push({ type: 'day', key: `day-${key}`, label: dayLabel(hit.entry.recordedAt) });
    }
    rows.push({ type: 'entry', key: `entry-${hit.entry.id}`, entry: hit.entry, ...(hit.passage ? { passage: hit.passage } : {}) });
  }
  return rows;
}

/** What the row says of the outcome: the HTTP status, else the error code. */
export function outcomeOf(entry: HistorySummary): string {
  if (entry.status !== null) return String(entry.status);
  return entry.errorCode ?? '—';
}
