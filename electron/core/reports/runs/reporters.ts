import { printable } from '../../../shared/printable';
import { streamedReport, wholeReport, type ReportWriter, type ReportWriterFactory } from './reportWriter';
import { csvWriter } from './runCsv';
import { runHtmlWriter } from './runHtml';
import { jsonWriter } from './runJson';
import { junitWriter } from './runJunit';
import { failedExpectations, failedRuleLines, resultLabel, type RunReport, type RunReportResult } from './runReport';

/**
 * A run's reporters: the lines for people (pretty, here) and a file in each export format: JUnit
 * XML for CI dashboards (runJunit.ts), JSON for tools (runJson.ts), CSV for spreadsheets
 * (runCsv.ts) and HTML for people (runHtml.ts, the QA report's page). Pure functions of the report.
 *
 * Every one of them may end up on a terminal (the command line prints to standard output
 * without --out, and a file may be shown with cat), so none holds a raw control character but
 * its own line breaks and tabs: the lines for people pass each value through `printable`, and
 * each file format encodes or drops the rest in its own way.
 */

export type ReporterName = 'pretty' | 'junit' | 'json' | 'csv' | 'html';
export const REPORTERS: readonly ReporterName[] = ['pretty', 'junit', 'json', 'csv', 'html'];
/** The reporters that also take a file of their own in one run (`--reporter-junit FILE` and so on). */
export const FILE_REPORTERS = ['junit', 'json', 'html', 'csv'] as const;
export type FileReporterName = (typeof FILE_REPORTERS)[number];

/**
 * "orders: 1000 run, 998 passed, 2 failed in 1.23 s", with the requests cancelled in flight
 * (counted apart from the failed: nothing about them failed) and those not run, when any.
 */
export function summaryLine(report: RunReport): string {
  const { total, passed, failed, cancelled, notRun, stopped } = report.summary;
  const ran = total - notRun;
  const inFlight = cancelled > 0 ? `, ${cancelled} cancelled in flight` : '';
  const extra = notRun > 0 ? `, ${notRun} not run${stopped ? ' (stopped)' : ''}` : '';
  return (
    `${printable(report.suite)}: ${ran} run, ${passed} passed, ${failed - cancelled} ` +
    `failed${inFlight}${extra} in ${(report.durationMs / 1000).toFixed(2)} s`
  );
}

/**
 * One plain line per result: "PASS name [row 3] @ agent  200  12.3 ms", with the judge's verdict
 * when the case has a judge ("judge: all 5 rules passed"); failures with why, one indented line
 * each, and each failed rule's reason under them. The suite's names and the server's words are
 * printable text: a line break inside a name does not start a line.
 */
export function resultLine(result: RunReportResult): string {
  const status = result.entry.outcome.status ?? result.entry.outcome.error?.code ?? '-';
  const ms = result.entry.timing.roundTripMs;
  const time = ms === null ? '-' : `${ms.toFixed(1)} ms`;
  const verdict = result.judge ? `  judge: ${printable(result.judge.verdict)}` : '';
  const head = `${result.passed ? 'PASS' : 'FAIL'} ${printable(resultLabel(result))}  ${printable(String(status))}  ${time}${verdict}`;
  return result.passed
    ? head
    : `${head}\n${[...failedExpectations(result.expectations), ...failedRuleLines(result.judge)]
        .map((line) => `     ${printable(line)}`)
        .join('\n')}`;
}

/** The lines for people as a file (`--reporter pretty --out FILE`): a result line each; the summary goes to the terminal. */
function prettyWriter(): ReportWriter {
  return { sections: 1, add: (result) => [`${resultLine(result)}\n`], frame: () => ['', ''] };
}

const WRITERS: Record<ReporterName, ReportWriterFactory> = {
  pretty: prettyWriter,
  junit: junitWriter,
  json: jsonWriter,
  csv: csvWriter,
  html: runHtmlWriter,
};

/** A reporter's writer, to write its file as results come (reportWriter.ts). */
export function reportWriter(name: ReporterName, suite: string): ReportWriter {
  return WRITERS[name](suite);
}

/** An export reporter's file a piece at a time, from results read again for each pass (reportWriter.ts). */
export function streamReport(
  name: Exclude<ReporterName, 'pretty'>,
  head: RunReport,
  results: () => AsyncIterable<RunReportResult>,
): AsyncGenerator<string> {
  return streamedReport(WRITERS[name], head, results);
}

/** The whole file for an export reporter. */
export function renderReport(name: Exclude<ReporterName, 'pretty'>, report: RunReport): string {
  return wholeReport(WRITERS[name], report);
}
