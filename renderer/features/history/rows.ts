import type { HistorySearchHit, HistorySummary } from '../../../electron/shared/api';

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

/**
 * What an entry asked: an invoke or a guideline fetch. A save to a file ('saved') was one of the
 * two sent again: its kind says which when it succeeded, else its method (POST invokes, GET
 * fetches a guideline); null when it failed before anything was sent.
 */
function askedKind(entry: HistorySummary): 'invoke' | 'guideline' | null {
  if (entry.what !== 'saved') return entry.what;
  if (entry.kind === 'invoke' || entry.kind === 'guideline') return entry.kind;
  return entry.method === 'POST' ? 'invoke' : entry.method === 'GET' ? 'guideline' : null;
}

/** A save to a file as the request it sent again, for what names an entry by its agent or guideline. */
export function asAsked(entry: HistorySummary): HistorySummary {
  const asked = entry.what === 'saved' ? askedKind(entry) : null;
  return asked === null ? entry : { ...entry, what: asked };
}

/** A save to a file's kind in the list: "invoke saved to file", "guideline saved to file", "invoke save failed". */
export function savedKindLabel(entry: HistorySummary): string {
  const asked = askedKind(entry) ?? 'request';
  return entry.kind === asked ? `${asked} saved to file` : `${asked} save ${entry.kind}`;
}
