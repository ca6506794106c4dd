import type { EntryChecklist } from '../api';
import { reportChecklists } from './reportChecklist';
import { reportEntry, type ReportEntry, type ReportSource } from './reportEntry';

/**
 * The QA report's data, one format for machines (the JSON bundle) and people (the HTML page,
 * rendered from this same object). Documented in docs/formats/report-format.md; a change that a reader
 * of version 1 would misread raises `version`.
 */

/** The bundle's `format`: what a tool checks before reading one. */
const REPORT_FORMAT = 'agent-explorer-report';
/** The bundle's `version` (see docs/formats/report-format.md). */
const REPORT_VERSION = 1;

/** A report: who made it and when, the note, and its entries. */
export interface ReportBundle {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  /** When the report was made, ISO 8601. */
  createdAt: string;
  app: { name: string; version: string };
  /** The free text the person wrote (may be empty). Untrusted: shown as text. */
  note: string;
  entries: ReportEntry[];
}

/** What a report is made from: the exchanges, the person's note, the app's version and the time. */
export interface ReportInput {
  sources: readonly ReportSource[];
  note: string;
  appVersion: string;
  createdAt: Date;
  /** The checklists kept with each source, by position; absent or empty: none. */
  checklists?: readonly (readonly EntryChecklist[])[];
}

/** The bundle for these exchanges, in the order given (the order the person selected them). */
export function buildReportBundle({ sources, note, appVersion, createdAt, checklists }: ReportInput): ReportBundle {
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    createdAt: createdAt.toISOString(),
    app: { name: 'Agent Explorer', version: appVersion },
    note,
    entries: sources.map((source, index) => withChecklists(reportEntry(source), checklists?.[index])),
  };
}

/** The entry with its `checklists` part when it has any checklist, else as it is. */
export function withChecklists(entry: ReportEntry, checklists: readonly EntryChecklist[] | undefined): ReportEntry {
  const part = reportChecklists(checklists);
  return part === undefined ? entry : { ...entry, checklists: part };
}

/**
 * The bundle as a JSON file: two-space indents and a final newline, keys in the order the types
 * declare them (every object is built field by field, headers sorted), so the same entries give
 * the same bytes and two reports diff line by line.
 */
export function reportJson(bundle: ReportBundle): string {
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

/**
 * A file name that says what it is and when: `agent-explorer-report-entry-12-2026-11-23T07-40-00Z.html`
 * for one entry, `…-report-3-entries-….html` for several. Only safe characters, on any system.
 */
export function reportFileName(bundle: ReportBundle, extension: 'html' | 'json'): string {
  const stamp = bundle.createdAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const only = bundle.entries.length === 1 ? bundle.entries[0] : undefined;
  const what = only ? (only.id === null ? 'entry' : `entry-${only.id}`) : `${bundle.entries.length}-entries`;
  return `agent-explorer-report-${what}-${stamp}.${extension}`;
}
