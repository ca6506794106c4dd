import { formatReportMs, formatReportTime } from '../../../shared/reports/reportFormat';
import { renderEntryHtml } from '../reportHtml';
import { escapeHtml as e, fact, reportPageFrame } from '../reportPage';
import { RUN_STYLE } from '../reportStyle';
import type { ReportWriter } from './reportWriter';
import { failedExpectations, type RunReportResult } from './runReport';
import { agentLabel } from '../../../shared/agentLabel';

/**
 * A run as one self-contained HTML page, the QA report's page (reportPage.ts: same policy, same
 * style, same escaping): a summary, a table of every result with the expectations that failed,
 * and then each exchange as the report's entry section, its expectations above it.
 */

/** Each chosen rule's verdict and why, under the judge's expectation; '' without a judge. */
function judgeRules(judge: RunReportResult['judge']): string {
  if (!judge || judge.rules.length === 0) return '';
  const items = judge.rules.map(
    (rule) => `<li>${rule.pass ? '<span class="pass">✓</span>' : '<span class="fail">✗</span>'} rule ${rule.rule}: ${e(rule.why)}</li>`,
  );
  const guideline = judge.guideline
    ? ` (${e(judge.guideline.name)}, version <code>${e(judge.guideline.versionHash.slice(0, 12))}</code>)`
    : '';
  return `<li>judge's rules${guideline}<ul>${items.join('')}</ul></li>`;
}

/**
 * Two sections (reportWriter.ts): the table's rows, and the exchanges below the table. The
 * heading and the facts, which hold the totals, are made once the run is over.
 */
export function runHtmlWriter(): ReportWriter {
  let written = 0;
  return {
    sections: 2,
    add(result) {
      written += 1;
      const number = written;
      const why = failedExpectations(result.expectations);
      const round = result.entry.timing.roundTripMs;
      const row = `<tr><td><a href="#result-${number}">${number}</a></td><td>${e(result.case)}</td><td class="num">${result.row ?? '—'}</td><td>${result.agentName ? `${e(result.agentName)} ` : ''}<code>${e(result.agent)}</code></td><td>${result.passed ? '<span class="pass">✓ pass</span>' : `<span class="fail">✗ fail</span> ${e(why.join('; '))}`}${result.judge && result.passed ? ` judge: ${e(result.judge.verdict)}` : ''}</td><td class="num">${e(String(result.entry.outcome.status ?? result.entry.outcome.error?.code ?? '—'))}</td><td class="num">${round === null ? '—' : e(formatReportMs(round))}</td></tr>`;
      const items = result.expectations.map(
        (outcome) =>
          `<li>${outcome.passed ? '<span class="pass">✓</span>' : '<span class="fail">✗</span>'} ${e(outcome.kind)}: expected ${e(outcome.expected)}; got ${e(outcome.actual)}</li>`,
      );
      const head = `<section aria-label="${e(`Result ${number}`)}"><h3>Result ${number}: ${e(result.case)}${result.row === null ? '' : ` (row ${result.row})`}${result.agentName ? ` @ ${e(agentLabel(result.agent, result.agentName))}` : ''} ${result.passed ? '<span class="pass">✓ pass</span>' : '<span class="fail">✗ fail</span>'}</h3><ul class="expectations">${items.join('')}${judgeRules(result.judge)}</ul></section>`;
      // The exchanges are separated by line breaks: one before each but the first.
      return [row, `${number > 1 ? '\n' : ''}${head}${renderEntryHtml(result.entry, `result-${number}`)}`];
    },
    frame(report) {
      const { total, passed, failed, notRun } = report.summary;
      const [before, after] = reportPageFrame({
        app: report.app,
        kind: 'run report',
        title: `Run report: ${report.suite}`,
        heading: `${report.suite}: ${passed} of ${total - notRun} passed`,
        facts: [
          fact('Started', e(formatReportTime(report.startedAt))),
          fact('Profile', `${e(report.profile.name)} <code>${e(report.profile.baseUrl)}</code>`),
          fact('Passed', String(passed)),
          fact('Failed', String(failed)),
          fact('Not run', String(notRun)),
          fact('Duration', e(formatReportMs(report.durationMs))),
        ].join(''),
        format: { noun: 'run', name: report.format, version: report.version },
        style: RUN_STYLE,
      });
      return [
        `${before}<section class="summary" aria-label="Results"><h2>Results</h2><table><thead><tr><th>#</th><th>Case</th><th class="num">Row</th><th>Agent</th><th>Result</th><th class="num">Status</th><th class="num">Round trip</th></tr></thead><tbody>`,
        '</tbody></table></section>\n',
        after,
      ];
    },
  };
}
