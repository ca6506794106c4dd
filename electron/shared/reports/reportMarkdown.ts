import { savedToFileText } from '../api';
import type { ReportEntry } from './reportEntry';
import { judgedWords, markWords } from './reportChecklist';
import { formatReportMs, formatReportTime, statusLabel } from './reportFormat';

/**
 * One exchange as Markdown for a ticket (GitHub, GitLab, Jira's markdown, …). Plain functions
 * with no Node or DOM in them: the renderer's Copy as Markdown calls them on the entry it shows.
 *
 * Untrusted text never becomes markup: a value on a line of its own goes in a code span and a
 * block in a fence, each made of more backticks than the longest run inside it (CommonMark:
 * a fence or span closes only on a run of exactly its length, or longer for a fence), so an
 * answer holding a fence of its own cannot close ours and turn the rest into live markdown.
 */

/**
 * Markdown's code character, by its code point: the app's own strings carry no backtick (a test
 * scans them, tests/unit/renderer/uiStrings.test.ts), and here it is syntax, not text.
 */
const BACKTICK = String.fromCharCode(0x60);

/** The longest run of backticks in `text` (0 when there is none). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** A fenced code block holding `text` exactly; `info` is the language ("json", "text"). */
export function markdownFence(text: string, info = 'text'): string {
  const fence = BACKTICK.repeat(Math.max(3, longestBacktickRun(text) + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${info}\n${body}${fence}`;
}

/**
 * An inline code span holding `text` on one line (line breaks become spaces: a span cannot
 * hold them). Padded with a space where the text starts or ends with a backtick, as CommonMark
 * requires; an empty text is shown as a span of one space.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ');
  const ticks = BACKTICK.repeat(longestBacktickRun(flat) + 1);
  const pad = flat === '' || flat.startsWith(BACKTICK) || flat.endsWith(BACKTICK) ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

function timingLine(entry: ReportEntry): string {
  const { serverDuration, roundTripMs, phases } = entry.timing;
  const parts: string[] = [];
  if (serverDuration)
    parts.push(
      `server ${markdownCode(serverDuration.raw)} = ${serverDuration.ms === null ? 'format not understood' : formatReportMs(serverDuration.ms)}`,
    );
  parts.push(`round trip ${roundTripMs === null ? 'none (nothing sent)' : formatReportMs(roundTripMs)}`);
  if (phases) {
    const named: Array<[string, number | null]> = [
      ['DNS', phases.dns],
      ['connect', phases.connect],
      ['TLS', phases.tls],
      ['send', phases.send],
      ['wait', phases.wait],
      ['download', phases.download],
    ];
    const shown = named.filter((pair): pair is [string, number] => pair[1] !== null).map(([name, ms]) => `${name} ${formatReportMs(ms)}`);
    parts.push(`phases: ${shown.join(', ')}${phases.reusedConnection ? ' (connection reused)' : ''}`);
  }
  return parts.join('; ');
}

function answerBlock(entry: ReportEntry): string[] {
  const { answer, outcome, response } = entry;
  if (answer?.what === 'invoke') return ['**Answer**', '', markdownFence(answer.answer)];
  if (answer?.what === 'saved') {
    const limit = answer.limitReached ? ` (the limit was ${answer.limitBytes} bytes)` : '';
    return [`**Answer** saved to a file, not read: ${markdownCode(savedToFileText(answer))}${limit}`];
  }
  if (answer?.what === 'guideline') {
    return [
      `**Guideline** ${markdownCode(answer.name)}: ${markdownCode(answer.description)}`,
      '',
      markdownFence(answer.content, 'markdown'),
    ];
  }
  const lines = [`**Error** ${outcome.error ? `${markdownCode(outcome.error.code)}: ${markdownCode(outcome.error.message)}` : ''}`];
  if (response?.body != null)
    lines.push('', `**Response body**${response.bodyTruncated ? ' (cut: only its start was kept)' : ''}`, '', markdownFence(response.body));
  return lines;
}

/** The checklists kept with the entry, one task-style list per guideline. */
function checklistBlock(entry: ReportEntry): string[] {
  if (!entry.checklists) return [];
  return entry.checklists.lists.flatMap((list) => {
    const { guideline, counts } = list;
    return [
      `**Checklist** ${markdownCode(guideline.name)} (guideline ${markdownCode(guideline.id)}, ` +
        `version ${markdownCode(guideline.versionHash.slice(0, 12))}, fetched ${formatReportTime(guideline.fetchedAt)}): ` +
        `${counts.pass} pass, ${counts.fail} fail, ${counts.na} n/a, ${counts.unmarked} not marked${judgedWords(list.items)}`,
      '',
      ...list.items.map((item) => {
        const where = item.section === '' ? '' : ` (${markdownCode(item.section)})`;
        const comment = item.comment === '' ? '' : `: ${markdownCode(item.comment)}`;
        return `${'  '.repeat(item.depth)}- **${markWords(item.mark, item.by)}** ${markdownCode(item.text)}${where}${comment}`;
      }),
      '',
    ];
  });
}

/** The entry as a Markdown section for a ticket: request, status, timing and the answer. */
export function entryMarkdown(entry: ReportEntry, appVersion: string): string {
  const { request } = entry;
  const check = entry.contractCheck;
  const lines = [
    `### ${request.what === 'invoke' ? 'Invoke of agent' : 'Guideline'} ${markdownCode(request.targetId)}: ${markdownCode(statusLabel(entry))}`,
    '',
    `- **Request:** ${request.url === null ? `not sent (${request.method})` : markdownCode(`${request.method} ${request.url}`)}`,
    `- **Profile:** ${markdownCode(entry.profile.name)} at ${markdownCode(entry.profile.baseUrl)}`,
    `- **Recorded:** ${formatReportTime(entry.recordedAt)}${entry.id === null ? '' : ` (history entry ${entry.id})`}`,
    `- **Status:** ${markdownCode(statusLabel(entry))}`,
    `- **Contract check:** ${check.result.replace('_', ' ')}: ${markdownCode(check.detail)}`,
    ...(request.what === 'invoke' ? [`- **Token:** ${entry.tokenPresent ? 'present' : 'absent'}`] : []),
    `- **Timing:** ${timingLine(entry)}`,
    '',
  ];
  if (request.text !== null) lines.push('**Text**', '', markdownFence(request.text), '');
  if (request.payload !== null) lines.push('**Payload**', '', markdownFence(JSON.stringify(request.payload, null, 2), 'json'), '');
  lines.push(...answerBlock(entry), '', ...checklistBlock(entry), `_Agent Explorer ${appVersion}_`);
  return `${lines.join('\n')}\n`;
}
