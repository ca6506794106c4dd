import { REPORT_STYLE } from './reportStyle';

/**
 * The one page every HTML report is: a QA report of history entries and a run's report alike.
 * It stands alone and stays inert: no script, no external resource, no link out. Every text from
 * the platform, a profile, a suite or a note is escaped here, and a Content-Security-Policy that
 * allows nothing but the inline style makes any markup that slipped through inert even so
 * (defence in depth: the escaping is the guard, and the tests check it with the policy out of the
 * way too).
 */

/** The page's policy: nothing loads, nothing runs, no form posts, no base URL. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Control characters a page does not show: dropped, so a report printed or viewed as source on a
// terminal cannot act on it (an escape sequence, a C1 control). Tab and line feed stay; a
// carriage return becomes the line feed an HTML parser would read it as.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const HIDDEN_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Text made safe for an HTML text node or a quoted attribute, and for a terminal showing the page's source. */
export function escapeHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(HIDDEN_CONTROLS, '')
    .replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const e = escapeHtml;

/** One label and its value in a facts list (`<dl class="facts">`); the value is HTML already. */
export function fact(label: string, valueHtml: string): string {
  return `<dt>${e(label)}</dt><dd>${valueHtml}</dd>`;
}

interface ReportPage {
  app: { name: string; version: string };
  /** What the page is, above its heading: "QA report", "run report". */
  kind: string;
  /** The window's title, as text. */
  title: string;
  /** The page's heading, as text. */
  heading: string;
  /** The facts under the heading, as `fact()` HTML. */
  facts: string;
  /** The page's body, as HTML. */
  main: string;
  /** The file's format, named in the footer: "report format agent-explorer-report, version 1". */
  format: { noun: string; name: string; version: number };
  /** Rules added after the report's stylesheet. */
  style?: string;
  /** Whether the head names the app in a generator meta (the QA report does, a run's page never did). */
  generator?: boolean;
}

/** The whole document around a report's body: the head (policy, style), the heading and its facts, the footer. */
export function renderReportPage(page: ReportPage): string {
  const [before, after] = reportPageFrame(page);
  return `${before}${page.main}${after}`;
}

/**
 * The document's text before its body and after it: a report written as results come puts its
 * body between them, once the heading's totals are known.
 */
export function reportPageFrame(page: Omit<ReportPage, 'main'>): [string, string] {
  const made = `${page.app.name} ${page.app.version}`;
  const generator = page.generator ? `<meta name="generator" content="${e(made)}">\n` : '';
  return [
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${e(REPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
${generator}<title>${e(page.title)}</title>
<style>${REPORT_STYLE}${page.style ?? ''}</style>
</head>
<body>
<header class="report-head">
<p class="eyebrow">${e(page.app.name)} · ${e(page.kind)}</p>
<h1>${e(page.heading)}</h1>
<dl class="facts">${page.facts}</dl>
</header>
<main>
`,
    `
</main>
<footer>Made with ${e(made)} (${e(page.format.noun)} format ${e(page.format.name)}, version ${page.format.version}). The API key is never part of a report; answers are shown as received, as text.</footer>
</body>
</html>
`,
  ];
}
