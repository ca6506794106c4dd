import { wholeReport, type ReportWriter } from './reportWriter';
import { failedExpectations, type RunReport } from './runReport';

/** A run as CSV for spreadsheets: one line per result, text cells that cannot start a formula. */

// In a text cell: line breaks kept as \n (a quoted cell may hold them), tabs kept, other controls dropped.
// eslint-disable-next-line no-control-regex
const CSV_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/**
 * Where a spreadsheet could start a formula: the cell's start, or just after a `,` `;` (the
 * separator in many locales, where a spreadsheet splits this file's cells again), a tab or a
 * line break inside it, when = + - @ follows (after any spaces or quotes).
 */
const FORMULA_START = /(^|[,;\t\n])(?=[\s"]*[=+\-@])/g;

/**
 * A CSV cell. Numbers, booleans and empty cells as they are; text always quoted, with a `'`
 * put before each place a formula could start, so a spreadsheet shows text, not a formula,
 * whichever separator it splits on: `x;=cmd|'…'!A0` is written `"x;'=cmd|'…'!A0"`.
 */
function cell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = value.replace(/\r\n?/g, '\n').replace(CSV_CONTROLS, '').replace(FORMULA_START, "$1'");
  return `"${text.replace(/"/g, '""')}"`;
}

export const CSV_COLUMNS = [
  'case',
  'row',
  'agent',
  'passed',
  'failed_expectations',
  'status',
  'error_code',
  'server_ms',
  'round_trip_ms',
  'answer_start',
  'judge',
  'judge_failed_rules',
];

/** One line per result, the columns of the app's results table (the judge's verdict and failed rules empty without a judge). */
export function csvReport(report: RunReport): string {
  return wholeReport(csvWriter, report);
}

/** The header, then each result's line as it comes (reportWriter.ts); lines end with CRLF, as RFC 4180 has it. */
export function csvWriter(): ReportWriter {
  return {
    sections: 1,
    add(result) {
      const { entry } = result;
      const answer = entry.answer?.what === 'invoke' ? entry.answer.answer.slice(0, 200) : null;
      const line = [
        result.case,
        result.row,
        result.agent,
        result.passed,
        failedExpectations(result.expectations).join('; '),
        entry.outcome.status,
        entry.outcome.error?.code ?? null,
        entry.timing.serverDuration?.ms ?? null,
        entry.timing.roundTripMs,
        answer,
        result.judge?.verdict ?? null,
        result.judge ? result.judge.failedRules.join(' ') : null,
      ]
        .map(cell)
        .join(',');
      return [`${line}\r\n`];
    },
    frame: () => [`${CSV_COLUMNS.join(',')}\r\n`, ''],
  };
}
