import { printable } from '../../../shared/printable';
import { csvReport } from './runCsv';
import { renderRunHtml } from './runHtml';
import { jsonReport } from './runJson';
import { junitReport } from './runJunit';
import { failedExpectations, resultLabel, type RunReport, type RunReportResult } from './runReport';

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
  return result.passed
    ? head
    : `${head}\n${failedExpectations(result.expectations)
        .map((line) => `     ${printable(line)}`)
        .join('\n')}`;
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
