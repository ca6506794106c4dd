import { judgedWords, markWords } from '../../shared/reports/reportChecklist';
import type { ExchangeTiming } from '../../shared/api';
import { savedToFileText } from '../../shared/api';
import type { ReportBundle } from '../../shared/reports/reportBundle';
import type { ReportEntry } from '../../shared/reports/reportEntry';
import { formatReportMs, formatReportTime, formatReportWhole, statusLabel } from '../../shared/reports/reportFormat';
import { escapeHtml as e, fact, renderReportPage } from './reportPage';

/**
 * The QA report of history entries as one HTML page (reportPage.ts: what makes it stand alone and
 * inert) that a person opens, reads and prints. Each entry is an `<article>` a run's page reuses.
 *
 * The answer is shown as text (pre-wrapped), never rendered as markdown or HTML: the report
 * is evidence of what came back, character for character.
 */

function statusBadge(entry: ReportEntry): string {
  const good = entry.outcome.ok && entry.outcome.status !== null && entry.outcome.status < 300;
  return `<span class="badge ${good ? 'ok' : 'bad'}">${e(statusLabel(entry))}</span>`;
}

/** "Invoke of agent <name> (<id>)" / "Guideline <id>": what the entry was about, by name where one is known, as plain text. */
function entryTitle(entry: ReportEntry): string {
  const { what, targetId } = entry.request;
  const target = entry.targetName ? `${entry.targetName} (${targetId})` : targetId;
  return what === 'invoke' ? `Invoke of agent ${target}` : `Guideline ${target}`;
}

function contractCheckHtml(entry: ReportEntry): string {
  const { result, detail } = entry.contractCheck;
  const [cls, word] =
    result === 'passed' ? ['passed', '✓ passed'] : result === 'failed' ? ['failed', '✗ failed'] : ['not-checked', 'not checked'];
  return `<span class="${cls}">${word}</span> — ${e(detail)}`;
}

function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function requestHtml(entry: ReportEntry): string {
  const { request } = entry;
  const parts = [`<h3>Request</h3>`, `<dl class="facts">`];
  parts.push(
    fact(
      'Call',
      request.url === null
        ? `<span class="muted">not sent</span> (${e(request.method)})`
        : `<code>${e(request.method)} ${e(request.url)}</code>`,
    ),
  );
  parts.push(fact(request.what === 'invoke' ? 'Agent' : 'Guideline', `<code>${e(request.targetId)}</code>`));
  parts.push('</dl>');
  if (request.text !== null) parts.push(`<h4>Text</h4><pre>${e(request.text) || '<span class="muted">(empty)</span>'}</pre>`);
  if (request.payload !== null) parts.push(`<h4>Payload</h4><pre>${e(prettyJson(request.payload))}</pre>`);
  return parts.join('');
}

function answerHtml(entry: ReportEntry): string {
  const { answer, outcome, response } = entry;
  if (answer?.what === 'invoke') {
    return `<h3>Answer</h3><pre class="answer">${e(answer.answer)}</pre>`;
  }
  if (answer?.what === 'saved') {
    // The body was never read: the report says where it went, not what it said.
    return `<h3>Answer</h3><p>The body was saved to a file, not read: ${e(savedToFileText(answer))}${answer.limitReached ? ` (the limit was ${formatReportWhole(answer.limitBytes)} bytes)` : ''}.</p>`;
  }
  if (answer?.what === 'guideline') {
    return [
      '<h3>Guideline</h3><dl class="facts">',
      fact('Name', e(answer.name)),
      fact('Description', e(answer.description)),
      '</dl><h4>Content (as sent, markdown source)</h4>',
      `<pre>${e(answer.content)}</pre>`,
    ].join('');
  }
  const parts = ['<h3>Error</h3><dl class="facts">'];
  if (outcome.error) parts.push(fact('Code', `<code>${e(outcome.error.code)}</code>`), fact('Message', e(outcome.error.message)));
  parts.push('</dl>');
  if (response?.body != null) {
    const cut = response.bodyTruncated ? ' (cut: only its start was kept)' : '';
    parts.push(`<h4>Response body${cut}</h4><pre>${e(response.body)}</pre>`);
  }
  return parts.join('');
}

/**
 * The checklists kept with the entry: per guideline, which version was checked
 * (id, hash, fetch time), the counts, and each rule with its mark in words and its comment.
 */
function checklistsHtml(entry: ReportEntry): string {
  if (!entry.checklists) return '';
  return entry.checklists.lists
    .map((list) => {
      const { guideline, counts } = list;
      const rows = list.items.map(
        (item) =>
          `<tr><td>${e(item.section)}</td><td style="padding-left:${0.4 + item.depth * 1.2}rem">${e(item.text)}</td><td><strong>${e(markWords(item.mark, item.by))}</strong></td><td>${e(item.comment)}</td></tr>`,
      );
      return [
        `<h3>Checklist: ${e(guideline.name)}</h3><dl class="facts">`,
        fact('Guideline', `<code>${e(guideline.id)}</code>`),
        fact('Version', `<code>${e(guideline.versionHash)}</code>, fetched ${e(formatReportTime(guideline.fetchedAt))}`),
        fact(
          'Marked',
          e(
            `${counts.pass} pass, ${counts.fail} fail, ${counts.na} n/a, ${counts.unmarked} not marked${judgedWords(list.items)} (saved ${formatReportTime(list.savedAt)})`,
          ),
        ),
        '</dl>',
        `<table class="checklist"><thead><tr><th>Section</th><th>Rule</th><th>Mark</th><th>Comment</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
      ].join('');
    })
    .join('');
}

const PHASES: Array<[keyof ExchangeTiming, string]> = [
  ['dns', 'DNS'],
  ['connect', 'Connect'],
  ['tls', 'TLS'],
  ['send', 'Send'],
  ['wait', 'Wait (first byte)'],
  ['download', 'Download'],
];

/** The phases as a waterfall: each bar starts where the one before it ended. */
function phasesHtml(phases: ExchangeTiming): string {
  const total = phases.total > 0 ? phases.total : 1;
  let offset = 0;
  const rows = PHASES.map(([name, label]) => {
    const ms = phases[name] as number | null;
    if (ms === null) return `<tr><td>${label}</td><td class="num muted">—</td><td class="bar-cell"></td></tr>`;
    const left = Math.min(100, (offset / total) * 100);
    const width = Math.max(0, Math.min(100 - left, (ms / total) * 100));
    offset += ms;
    const bar = `<div class="bar-track"><div class="bar" style="left:${left.toFixed(2)}%;width:${width.toFixed(2)}%"></div></div>`;
    return `<tr><td>${label}</td><td class="num">${formatReportMs(ms)}</td><td class="bar-cell">${bar}</td></tr>`;
  });
  rows.push(
    `<tr><th>Total</th><th class="num">${formatReportMs(phases.total)}</th><td class="muted">${phases.reusedConnection ? 'connection reused (keep-alive)' : 'new connection'}</td></tr>`,
  );
  return `<table><thead><tr><th>Phase</th><th class="num">Time</th><th>Waterfall</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function timingHtml(entry: ReportEntry): string {
  const { serverDuration, roundTripMs, startedAt, phases } = entry.timing;
  const parts = ['<h3>Timing</h3><dl class="facts">'];
  if (serverDuration) {
    const ms = serverDuration.ms === null ? '<span class="muted">format not understood</span>' : e(formatReportMs(serverDuration.ms));
    parts.push(fact('Server duration', `<code>${e(serverDuration.raw)}</code> = ${ms}`));
  }
  parts.push(fact('Round trip', roundTripMs === null ? '<span class="muted">none (nothing sent)</span>' : e(formatReportMs(roundTripMs))));
  if (startedAt) parts.push(fact('Started', e(formatReportTime(startedAt))));
  parts.push('</dl>');
  if (phases) parts.push(`<h4>Phases</h4>${phasesHtml(phases)}`);
  return parts.join('');
}

function headersHtml(entry: ReportEntry): string {
  const { response } = entry;
  if (!response) return '';
  const rows = Object.entries(response.headers).map(
    ([name, value]) => `<tr><td><code>${e(name)}</code></td><td><code>${e(value)}</code></td></tr>`,
  );
  const size = `${formatReportWhole(response.bytes)} bytes${response.bodyTruncated ? ', body cut (only its start was kept)' : ''}`;
  const raw =
    entry.answer && response.body !== null ? `<details><summary>Raw response body</summary><pre>${e(response.body)}</pre></details>` : '';
  return `<h3>Response headers</h3><p class="muted">${e(size)}</p><table><tbody>${rows.join('')}</tbody></table>${raw}`;
}

/**
 * One entry as an `<article>`: its own section of a report, reusable as is for a run of many
 * cases. `anchor` is its id within the page.
 */
export function renderEntryHtml(entry: ReportEntry, anchor: string): string {
  const facts = [
    fact('Recorded', e(formatReportTime(entry.recordedAt))),
    fact('Profile', `${e(entry.profile.name)} <code>${e(entry.profile.baseUrl)}</code>`),
    fact('Kind', e(entry.kind)),
    fact('Status', statusBadge(entry)),
    fact('Contract check', contractCheckHtml(entry)),
    ...(entry.request.what === 'invoke' ? [fact('Token', entry.tokenPresent ? 'present' : 'absent')] : []),
  ];
  const id = entry.id === null ? '' : `<span class="muted">#${entry.id}</span> `;
  return [
    `<article class="entry" id="${e(anchor)}">`,
    `<h2>${id}${e(entryTitle(entry))} ${statusBadge(entry)}</h2>`,
    `<dl class="facts">${facts.join('')}</dl>`,
    requestHtml(entry),
    answerHtml(entry),
    checklistsHtml(entry),
    timingHtml(entry),
    headersHtml(entry),
    '</article>',
  ].join('\n');
}

function summaryHtml(bundle: ReportBundle): string {
  if (bundle.entries.length < 2) return '';
  const rows = bundle.entries.map((entry, index) => {
    const round = entry.timing.roundTripMs === null ? '—' : formatReportMs(entry.timing.roundTripMs);
    // The same label as the entry's heading: its history id (its place in the report for a CLI run).
    const label = entry.id === null ? String(index + 1) : `#${entry.id}`;
    return `<tr><td><a href="#entry-${index + 1}">${label}</a></td><td class="nowrap">${e(formatReportTime(entry.recordedAt))}</td><td>${e(entryTitle(entry))}</td><td>${statusBadge(entry)}</td><td class="num">${e(round)}</td></tr>`;
  });
  return `<section class="summary" aria-label="Entries"><h2>Entries</h2><table><thead><tr><th>Entry</th><th>Recorded</th><th>What</th><th>Status</th><th class="num">Round trip</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** The whole report page (see the file's comment). */
export function renderReportHtml(bundle: ReportBundle): string {
  const count = bundle.entries.length;
  const only = count === 1 ? bundle.entries[0] : undefined;
  const heading = only ? entryTitle(only) : `${count} exchanges`;
  const note = bundle.note.trim() === '' ? '<p class="muted">No note.</p>' : `<p>${e(bundle.note)}</p>`;
  return renderReportPage({
    app: bundle.app,
    kind: 'QA report',
    title: `QA report: ${heading}`,
    heading,
    facts: `${fact('Created', e(formatReportTime(bundle.createdAt)))}${fact('App version', e(bundle.app.version))}${fact('Entries', String(count))}`,
    main: [
      `<section class="note" aria-label="Note"><h2>Note</h2>${note}</section>`,
      summaryHtml(bundle),
      bundle.entries.map((entry, index) => renderEntryHtml(entry, `entry-${index + 1}`)).join('\n'),
    ].join('\n'),
    format: { noun: 'report', name: bundle.format, version: bundle.version },
    generator: true,
  });
}
