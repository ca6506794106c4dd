import { escapeHtml } from '../reportPage';
import { wholeReport, type ReportWriter } from './reportWriter';
import { failedExpectations, failedRuleLines, moreNotRun, resultLabel, type RunReport } from './runReport';

/**
 * A run as JUnit XML, the shape CI dashboards read. Like every reporter's output it may be shown
 * on a terminal, so it holds no raw control character but its own line breaks (reporters.ts).
 */

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
  return wholeReport(junitWriter, report);
}

/**
 * The test cases as results come (reportWriter.ts); the totals, which come first in the file, and
 * the requests never sent, which come last, once the run is over.
 */
export function junitWriter(suite: string): ReportWriter {
  let failures = 0;
  let errors = 0;
  return {
    sections: 1,
    add(result) {
      const open = `    <testcase name="${attr(resultLabel(result))}" classname="${attr(`${suite}.${result.case}`)}" time="${seconds(result.entry.timing.roundTripMs)}"`;
      // The judge's verdict is said for every result it judged (a dashboard shows a passing test's output too).
      const verdict = result.judge ? `      <system-out>${xml(`judge: ${result.judge.verdict}`)}</system-out>\n` : '';
      if (result.passed) return [verdict ? `${open}>\n${verdict}    </testcase>\n` : `${open}/>\n`];
      const reasons = [...failedExpectations(result.expectations), ...failedRuleLines(result.judge)];
      const error = result.entry.outcome.error;
      if (result.entry.outcome.status === null) {
        errors += 1;
        return [
          `${open}>\n      <error message="${attr(error?.message ?? 'no response')}" type="${attr(error?.code ?? 'error')}">${xml(reasons.join('\n'))}</error>\n${verdict}    </testcase>\n`,
        ];
      }
      failures += 1;
      const kinds = result.expectations.filter((outcome) => !outcome.passed).map((outcome) => outcome.kind);
      const body = [
        ...reasons,
        ...(result.entry.answer?.what === 'invoke'
          ? ['', `answer: ${result.entry.answer.answer}`]
          : error
            ? ['', `error: ${error.message}`]
            : []),
      ];
      return [
        `${open}>\n      <failure message="${attr(reasons[0] ?? 'failed')}" type="${attr(kinds.join(','))}">${xml(body.join('\n'))}</failure>\n${verdict}    </testcase>\n`,
      ];
    },
    frame(head) {
      const { total, notRun } = head.summary;
      const more = moreNotRun(head);
      const counts = `tests="${total}" failures="${failures}" errors="${errors}" skipped="${notRun}" time="${seconds(head.durationMs)}"`;
      const skipped = head.notRun.map(
        (item) =>
          `    <testcase name="${attr(resultLabel(item))}" classname="${attr(`${head.suite}.${item.case}`)}" time="0">\n      <skipped message="not sent: the run was stopped first"/>\n    </testcase>\n`,
      );
      return [
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          `<testsuites name="${attr(head.suite)}" ${counts}>`,
          `  <testsuite name="${attr(head.suite)}" ${counts} timestamp="${attr(head.startedAt.replace(/\.\d+Z$/, ''))}" hostname="${attr(new URL(head.profile.baseUrl).host)}">`,
          '',
        ].join('\n'),
        // Past the first requests never sent, the rest are counted (skipped="N") and said, not listed one by one.
        `${skipped.join('')}${more ? `    <system-out>${xml(more)}</system-out>\n` : ''}  </testsuite>\n</testsuites>\n`,
      ];
    },
  };
}
