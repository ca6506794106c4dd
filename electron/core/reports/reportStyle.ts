/**
 * The report page's one stylesheet, inline (the file must stand alone: no external resources).
 * Readable on screen at any width, and on paper: each entry starts a new page, long text wraps
 * instead of running off the page, and the colours that carry meaning keep a word beside them.
 */
export const REPORT_STYLE = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --soft: #f6f8fa; --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 2rem 1.5rem 3rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
h1 { font-size: 1.6rem; margin: 0.2rem 0 0.8rem; line-height: 1.25; }
h2 { font-size: 1.25rem; margin: 0 0 0.8rem; line-height: 1.3; display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; }
h3 { font-size: 1rem; margin: 1.4rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--line); }
h4 { font-size: 0.85rem; margin: 0.9rem 0 0.3rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.86rem; }
pre { margin: 0; padding: 0.7rem 0.8rem; background: var(--soft); border: 1px solid var(--line); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
pre.answer { font-family: inherit; font-size: 1rem; background: #fff; border-left: 4px solid var(--accent); }
.eyebrow { margin: 0; color: var(--muted); font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; }
.muted { color: var(--muted); }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1.2rem; margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.report-head { border-bottom: 2px solid var(--ink); padding-bottom: 1rem; margin-bottom: 1.2rem; }
.note { margin: 0 0 1.5rem; padding: 0.8rem 1rem; border: 1px solid var(--line); border-left: 4px solid var(--warn); border-radius: 6px; background: #fffbea; }
.note h2 { font-size: 1rem; margin-bottom: 0.3rem; }
.note p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.entry { border: 1px solid var(--line); border-radius: 8px; padding: 1.2rem 1.4rem; margin: 0 0 1.5rem; }
.badge { display: inline-block; padding: 0.05rem 0.55rem; border-radius: 999px; font-size: 0.85rem; font-weight: 600; border: 1px solid currentColor; white-space: nowrap; }
.badge.ok { color: var(--ok); }
.badge.bad { color: var(--bad); }
.passed { color: var(--ok); font-weight: 600; }
.failed { color: var(--bad); font-weight: 600; }
.not-checked { color: var(--muted); font-weight: 600; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: break-word; }
td code { overflow-wrap: anywhere; }
th { color: var(--muted); font-weight: 600; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.bar-cell { width: 45%; }
.bar-track { position: relative; height: 0.8rem; background: var(--soft); border-radius: 3px; }
.bar { position: absolute; top: 0; bottom: 0; min-width: 2px; background: var(--accent); border-radius: 3px; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.summary { margin: 0 0 1.5rem; }
.nowrap { white-space: nowrap; }
.summary a { color: var(--accent); }
footer { margin-top: 2rem; color: var(--muted); font-size: 0.8rem; }
details summary { cursor: pointer; color: var(--muted); margin: 0.8rem 0 0.3rem; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .entry { border: none; padding: 0; break-before: page; }
  .entry:first-of-type { break-before: auto; }
  h3, h4 { break-after: avoid; }
  tr, .facts { break-inside: avoid; }
  pre { border-color: #999; }
  .summary a { color: inherit; text-decoration: none; }
}
`;

/** What a run's page adds: a result's pass or fail in words and colour, and its list of expectations. */
export const RUN_STYLE = `
.pass { color: var(--ok); font-weight: 600; } .fail { color: var(--bad); font-weight: 600; }
ul.expectations { margin: 0.4rem 0 0; padding-left: 1.2rem; }
`;
