import type { RunReport } from '../runs/runReport';
import { escapeHtml as e, formatReportMs, formatReportTime, renderEntryHtml, REPORT_CSP } from './reportHtml';
import { REPORT_STYLE } from './reportStyle';

/**
 * A run as one self-contained HTML page, built like the QA report (same policy, same
 * style, same escaping): a summary, a table of every result with the expectations that failed,
 * and then each exchange as the report's entry section, its expectations above it.
 */

const RUN_STYLE = `
.pass { color: var(--ok); font-weight: 600; } .fail { color: var(--bad); font-weight: 600; }
ul.expectations { margin: 0.4rem 0 0; padding-left: 1.2rem; }
`;

export function renderRunHtml(report: RunReport): string {
  const { total, passed, failed, notRun } = report.summary;
  const rows = report.results.map((result, index) => {
    const why = result.expectations.filter((outcome) => !outcome.passed).map((outcome) => `${outcome.kind}: expected ${outcome.expected}, got ${outcome.actual}`);
    const round = result.entry.timing.roundTripMs;
    return `<tr><td><a href="#result-${index + 1}">${index + 1}</a></td><td>${e(result.case)}</td><td class="num">${result.row ?? '—'}</td><td><code>${e(result.agent)}</code></td><td>${result.passed ? '<span class="pass">✓ pass</span>' : `<span class="fail">✗ fail</span> ${e(why.join('; '))}`}</td><td class="num">${e(String(result.entry.outcome.status ?? result.entry.outcome.error?.code ?? '—'))}</td><td class="num">${round === null ? '—' : e(formatReportMs(round))}</td></tr>`;
  });
  const sections = report.results.map((result, index) => {
    const items = result.expectations.map((outcome) => `<li>${outcome.passed ? '<span class="pass">✓</span>' : '<span class="fail">✗</span>'} ${e(outcome.kind)}: expected ${e(outcome.expected)}; got ${e(outcome.actual)}</li>`);
    const head = `<section aria-label="${e(`Result ${index + 1}`)}"><h3>Result ${index + 1}: ${e(result.case)}${result.row === null ? '' : ` (row ${result.row})`} ${result.passed ? '<span class="pass">✓ pass</span>' : '<span class="fail">✗ fail</span>'}</h3><ul class="expectations">${items.join('')}</ul></section>`;
    return head + renderEntryHtml(result.entry, `result-${index + 1}`);
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(`Run report: ${report.suite}`)}</title>
<style>${REPORT_STYLE}${RUN_STYLE}</style>
</head>
<body>
<header class="report-head">
<p class="eyebrow">${e(report.app.name)} · run report</p>
<h1>${e(report.suite)}: ${passed} of ${total - notRun} passed</h1>
<dl class="facts"><dt>Started</dt><dd>${e(formatReportTime(report.startedAt))}</dd><dt>Profile</dt><dd>${e(report.profile.name)} <code>${e(report.profile.baseUrl)}</code></dd><dt>Passed</dt><dd>${passed}</dd><dt>Failed</dt><dd>${failed}</dd><dt>Not run</dt><dd>${notRun}</dd><dt>Duration</dt><dd>${e(formatReportMs(report.durationMs))}</dd></dl>
</header>
<main>
<section class="summary" aria-label="Results"><h2>Results</h2><table><thead><tr><th>#</th><th>Case</th><th class="num">Row</th><th>Agent</th><th>Result</th><th class="num">Status</th><th class="num">Round trip</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>
${sections.join('\n')}
</main>
<footer>Made with ${e(`${report.app.name} ${report.app.version}`)} (run format ${e(report.format)}, version ${report.version}). The API key is never part of a report; answers are shown as received, as text.</footer>
</body>
</html>
`;
}
