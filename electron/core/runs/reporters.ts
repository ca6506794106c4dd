import { printable } from '../../shared/printable';
import { escapeHtml } from '../reports/reportHtml';
import { failedExpectations, resultLabel, type RunReport, type RunReportResult } from './runReport';
import { renderRunHtml } from '../reports/reportRun';

/**
 * A run's report in each export format: JUnit XML (CI dashboards), JSON (tools), CSV
 * (spreadsheets) and HTML (people, through the QA report module). Pure functions of the report.
 *
 * Every one of them may end up on a terminal (the command line prints to standard output
 * without --out, and a file may be shown with cat), so none holds a raw control character but
 * its own line breaks and tabs: the lines for people pass each value through `printable`, and
 * each file format encodes or drops the rest in its own way (below).
 */

export type ReporterName = 'pretty' | 'junit' | 'json' | 'csv' | 'html';
export const REPORTERS: readonly ReporterName[] = ['pretty', 'junit', 'json', 'csv', 'html'];

/**
 * "orders: 1000 run, 998 passed, 2 failed in 1.23 s", with the requests cancelled in flight
 * (counted apart from the failed: nothing about them failed) and those not run, when any.
 */
export function summaryLine(report: RunReport): string {
  const { total, passed, failed, cancelled, notRun, stopped } = report.summary;
  const ran = total - notRun;
  const inFlight = cancelled > 0 ? `, ${cancelled} cancelled in flight` : '';
  const extra = notRun > 0 ? `, ${notRun} not run${stopped ? ' (stopped)' : ''}` : '';
  return `${printable(report.suite)}: ${ran} run, ${passed} passed, ${failed - cancelled} failed${inFlight}${extra} in ${(report.durationMs / 1000).toFixed(2)} s`;
}

/**
 * One plain line per result: "PASS name [row 3] @ agent  200  12.3 ms", failures with why, one
 * indented line each. The suite's names and the server's words are printable text: a line
 * break inside a name does not start a line.
 */
export function resultLine(result: RunReportResult): string {
  const status = result.entry.outcome.status ?? result.entry.outcome.error?.code ?? '-';
  const ms = result.entry.timing.roundTripMs;
  const head = `${result.passed ? 'PASS' : 'FAIL'} ${printable(resultLabel(result))}  ${printable(String(status))}  ${ms === null ? '-' : `${ms.toFixed(1)} ms`}`;
  return result.passed ? head : `${head}\n${failedExpectations(result.expectations).map((line) => `     ${printable(line)}`).join('\n')}`;
}

// XML 1.0 cannot carry most control characters, even escaped: they are dropped (escapeHtml
// drops the C1 controls too, and turns a carriage return into the line feed a parser reads).
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
function xml(text: string): string {
  return escapeHtml(text.replace(XML_INVALID, ''));
}
/**
 * An attribute's value: its line breaks and tabs as character references, so no attribute
 * spans lines (a case name cannot add a line to the file) and a parser reads the value back
 * whole (a raw one would be read as a space).
 */
function attr(text: string): string {
  return xml(text).replace(/[\n\t]/g, (char) => (char === '\n' ? '&#10;' : '&#9;'));
}
const seconds = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);

/**
 * JUnit XML in the shape CI tools read (testsuites › testsuite › testcase, with failure, error
 * and skipped): a failed expectation is a failure; no response at all (network, time-out,
 * cancelled) is an error; a request never sent is skipped.
 */
export function junitReport(report: RunReport): string {
  const isError = (result: RunReportResult) => !result.passed && result.entry.outcome.status === null;
  const errors = report.results.filter(isError).length;
  const failures = report.results.filter((result) => !result.passed && !isError(result)).length;
  const { total, notRun } = report.summary;
  const counts = `tests="${total}" failures="${failures}" errors="${errors}" skipped="${notRun}" time="${seconds(report.durationMs)}"`;
  const cases = report.results.map((result) => {
    const open = `    <testcase name="${attr(resultLabel(result))}" classname="${attr(`${report.suite}.${result.case}`)}" time="${seconds(result.entry.timing.roundTripMs)}"`;
    if (result.passed) return `${open}/>`;
    const reasons = failedExpectations(result.expectations);
    const error = result.entry.outcome.error;
    if (isError(result)) {
      return `${open}>\n      <error message="${attr(error?.message ?? 'no response')}" type="${attr(error?.code ?? 'error')}">${xml(reasons.join('\n'))}</error>\n    </testcase>`;
    }
    const kinds = result.expectations.filter((outcome) => !outcome.passed).map((outcome) => outcome.kind);
    const body = [...reasons, ...(result.entry.answer?.what === 'invoke' ? ['', `answer: ${result.entry.answer.answer}`] : error ? ['', `error: ${error.message}`] : [])];
    return `${open}>\n      <failure message="${attr(reasons[0] ?? 'failed')}" type="${attr(kinds.join(','))}">${xml(body.join('\n'))}</failure>\n    </testcase>`;
  });
  const skipped = report.notRun.map(
    (item) => `    <testcase name="${attr(resultLabel(item))}" classname="${attr(`${report.suite}.${item.case}`)}" time="0">\n      <skipped message="not sent: the run was stopped first"/>\n    </testcase>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(report.suite)}" ${counts}>`,
    `  <testsuite name="${attr(report.suite)}" ${counts} timestamp="${attr(report.startedAt.replace(/\.\d+Z$/, ''))}" hostname="${attr(new URL(report.profile.baseUrl).host)}">`,
    ...cases,
    ...skipped,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The run as JSON (docs/formats/report-format.md, "Runs"): two-space indents and a final newline. */
export function jsonReport(report: RunReport): string {
  return [...jsonReportPieces({ ...report, results: [] }, report.results)].join('');
}

// JSON.stringify escapes the C0 controls in strings but leaves DEL and the C1 controls raw; a
// terminal may act on those, so they are escaped too (they can only occur inside strings, and
// JSON.parse reads the same value back).
const JSON_RAW_CONTROLS = /[\u007f-\u009f]/g;
function json(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(JSON_RAW_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Where the results go in the JSON of a report whose results are empty: its only line at this depth with this text. */
const RESULTS_SLOT = '\n  "results": [],';

/** How many results are turned into text together: a piece of the report is about 200 KB. */
export const RESULTS_PER_PIECE = 64;
/** A batch of results stringified as `{"results": [...]}` comes out at the depth the report has them. */
const BATCH_OPEN = '{\n  "results": [';
const BATCH_CLOSE = '\n  ]\n}';

/**
 * The JSON report's results turned into text as they come, in any order, a batch at a time in
 * plan order: the command line feeds each result while the run waits for answers, so at the end
 * only the last batch and the head are left to write. Joined, the pieces are exactly
 * `JSON.stringify(report, null, 2)` and a newline (with DEL and the C1 controls escaped as
 * `\u0080`, which JSON.stringify leaves raw), whatever the batches were. Each batch is
 * stringified inside an object of one `results` field, which puts its results at their depth in
 * the report (four spaces), so no line is indented again afterwards.
 */
export function createJsonResultsText(): {
  /** A result, by its place in the plan (results may come in any order, and places may be left empty). */
  add(index: number, result: RunReportResult): void;
  /**
   * The whole report, `head` being the report with `results: []`, in its place among the fields;
   * the results already as UTF-8 bytes (encoding 6 MB of text took about 80 ms after the run).
   */
  pieces(head: RunReport): Generator<string | Uint8Array>;
} {
  const waiting = new Map<number, RunReportResult>();
  const written: Uint8Array[] = [];
  let next = 0;
  let batch: RunReportResult[] = [];
  const flush = () => {
    written.push(Buffer.from(batchText(batch, written.length === 0), 'utf8'));
    batch = [];
  };
  const take = (result: RunReportResult) => {
    batch.push(result);
    if (batch.length === RESULTS_PER_PIECE) flush();
  };
  return {
    add(index, result) {
      waiting.set(index, result);
      for (let found = waiting.get(next); found !== undefined; found = waiting.get(next)) {
        waiting.delete(next);
        next += 1;
        take(found);
      }
    },
    *pieces(head) {
      // Places left empty (a cancelled run's requests that were never sent): the rest, in plan order.
      for (const index of [...waiting.keys()].sort((a, b) => a - b)) take(waiting.get(index)!);
      waiting.clear();
      if (batch.length > 0) flush();
      yield* reportAround(head, written);
    },
  };
}

/** A batch of results as the text of the report's results array; `first`: no comma before it. */
function batchText(batch: RunReportResult[], first: boolean): string {
  const text = json({ results: batch });
  return `${first ? '' : ','}${text.slice(BATCH_OPEN.length, text.length - BATCH_CLOSE.length)}`;
}

/** The report's text around its results' pieces. */
function* reportAround<Piece extends string | Uint8Array>(head: RunReport, results: Iterable<Piece>): Generator<string | Piece> {
  const skeleton = json(head);
  const slot = skeleton.indexOf(RESULTS_SLOT);
  yield `${skeleton.slice(0, slot)}\n  "results": [`;
  let any = false;
  for (const piece of results) {
    any = true;
    yield piece;
  }
  yield `${any ? '\n  ' : ''}],${skeleton.slice(slot + RESULTS_SLOT.length)}\n`;
}

/**
 * The JSON report as consecutive pieces of text, for results already in plan order, each batch
 * turned into text when its turn comes (a large report is written piece by piece).
 */
export function jsonReportPieces(head: RunReport, results: Iterable<RunReportResult>): Generator<string> {
  return reportAround(
    head,
    (function* () {
      let batch: RunReportResult[] = [];
      let first = true;
      for (const result of results) {
        batch.push(result);
        if (batch.length === RESULTS_PER_PIECE) {
          yield batchText(batch, first);
          first = false;
          batch = [];
        }
      }
      if (batch.length > 0) yield batchText(batch, first);
    })(),
  );
}

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

export const CSV_COLUMNS = ['case', 'row', 'agent', 'passed', 'failed_expectations', 'status', 'error_code', 'server_ms', 'round_trip_ms', 'answer_start'];

/** One line per result, the columns of the app's results table. */
export function csvReport(report: RunReport): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const result of report.results) {
    const { entry } = result;
    const answer = entry.answer?.what === 'invoke' ? entry.answer.answer.slice(0, 200) : null;
    lines.push(
      [
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
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The whole file for an export reporter. */
export function renderReport(name: Exclude<ReporterName, 'pretty'>, report: RunReport): string {
  switch (name) {
    case 'junit':
      return junitReport(report);
    case 'json':
      return jsonReport(report);
    case 'csv':
      return csvReport(report);
    case 'html':
      return renderRunHtml(report);
  }
}
