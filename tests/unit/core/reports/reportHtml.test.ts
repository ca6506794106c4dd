// @vitest-environment jsdom
import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../electron/shared/api';
import { buildReportBundle, type ReportBundle, reportFileName, reportJson } from '../../../../electron/shared/reports/reportBundle';
import { reportEntry } from '../../../../electron/shared/reports/reportEntry';
import { renderReportHtml } from '../../../../electron/core/reports/reportHtml';
import { REPORT_CSP } from '../../../../electron/core/reports/reportPage';
import { entryMarkdown, markdownCode, markdownFence } from '../../../../electron/shared/reports/reportMarkdown';
import { exchange, okInvoke } from '../../../support/fakeApi';
import { failedEntry, guidelineEntry, invokeEntry, STAGING } from '../../../support/historyEntries';

/**
 * The QA report format: what a reader of the HTML sees, that untrusted text stays
 * text there and in the Markdown, and that the JSON bundle is stable and versioned.
 */

let nextId = 1;
function entry(made: ReturnType<typeof invokeEntry>): HistoryEntry {
  const { exchange: recorded, profile, recordedAt } = made;
  const tokenPresent = recorded.what === 'invoke' && recorded.result.ok && Boolean(recorded.result.value.response.token);
  const kind = recorded.result.ok
    ? recorded.what === 'saved'
      ? recorded.request.kind
      : recorded.what
    : recorded.result.error.code === 'cancelled'
      ? 'cancelled'
      : 'failed';
  return { ...recorded, id: nextId++, recordedAt, kind, profile, tokenPresent, pinned: false };
}

const CREATED = new Date('2026-11-23T07:40:00.123Z');
const bundleOf = (entries: HistoryEntry[], note = '') =>
  buildReportBundle({ sources: entries, note, appVersion: '1.2.3', createdAt: CREATED });

/** The report as a browser shows it: parsed as a document (no script runs in DOMParser's). */
function page(bundle: ReportBundle): Document {
  return new DOMParser().parseFromString(renderReportHtml(bundle), 'text/html');
}
/** The page's words as read, with a space between elements (a label and its value are apart on screen). */
function text(doc: Document): string {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const words: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) words.push(node.textContent ?? '');
  return words.join(' ').replace(/\s+/g, ' ');
}

const HOSTILE = '<script>alert("pwned")</script><img src=x onerror="alert(1)"> & \'quotes\'';

describe('the HTML report', () => {
  it('shows the request, answer, status, timing, contract check, token, profile, version, date and note', () => {
    const answered = entry(
      invokeEntry({ text: 'Where is my parcel?', payload: { customer_name: 'Ada' }, answer: 'It left the depot.', token: 'tok-1' }),
    );
    const doc = page(bundleOf([answered], 'Checked after the 3.2 deploy.'));
    const seen = text(doc);
    expect(doc.title).toBe('QA report: Invoke of agent agent-1');
    for (const expected of [
      'Invoke of agent agent-1',
      '200 OK',
      'POST http://127.0.0.1:4010/api/agent/11111111-1111-4111-8111-111111111111/invoke/',
      'Where is my parcel?',
      '"customer_name": "Ada"',
      'It left the depot.',
      'Server duration 850ms = 850 ms',
      'Round trip 871 ms',
      'Wait (first byte) 10.8 ms',
      'Contract check ✓ passed — answer and duration are strings; token is a string',
      'Token present',
      'Profile Staging https://staging.example.com',
      'App version 1.2.3',
      'Created 2026-11-23 07:40:00 UTC',
      'Checked after the 3.2 deploy.',
      'content-type',
    ]) {
      expect(seen).toContain(expected);
    }
  });

  it('keeps a <script> in the answer, text, payload, note and profile name as text, and has no script, link out or resource', () => {
    const hostileProfile = { ...STAGING, name: HOSTILE, baseUrl: 'https://x.example/"><script>alert(2)</script>' };
    const hostile = entry(invokeEntry({ text: HOSTILE, payload: { [HOSTILE]: HOSTILE }, answer: HOSTILE, profile: hostileProfile }));
    const html = renderReportHtml(bundleOf([hostile], HOSTILE));
    expect(html).not.toMatch(/<script|<img|onerror="|<iframe/i);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script, img, iframe, object, embed, link, form, base').length).toBe(0);
    // What a reader sees is the text exactly as it came, in the answer and the note.
    expect(doc.querySelector('pre.answer')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('section.note p')?.textContent).toBe(HOSTILE);
    expect(text(doc)).toContain(`${HOSTILE} https://x.example/"><script>alert(2)</script>`);
    // No attribute anywhere runs code or loads anything; the only links stay in the page.
    for (const element of doc.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name, element.outerHTML.slice(0, 80)).not.toMatch(/^on|^src$/);
    }
    for (const link of doc.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^#entry-\d+$/);
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]');
    expect(csp?.getAttribute('content')).toBe(REPORT_CSP);
    expect(REPORT_CSP).toContain("default-src 'none'");
    expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
  });

  it("shows a guideline's content with HTML in it as its markdown source, escaped", () => {
    const made = guidelineEntry('g-1');
    if (made.exchange.what !== 'guideline' || !made.exchange.result.ok) throw new Error('fixture');
    made.exchange.result.value.guideline.content = '# Steps\n</pre><iframe src="https://evil.example"></iframe><b>bold</b>';
    const doc = page(bundleOf([entry(made)]));
    expect(doc.querySelectorAll('iframe, b').length).toBe(0);
    const shown = [...doc.querySelectorAll('pre')].map((pre) => pre.textContent);
    expect(shown).toContain('# Steps\n</pre><iframe src="https://evil.example"></iframe><b>bold</b>');
    expect(text(doc)).toContain('Name Escalation policy');
  });

  it('shows a failure with its code, message and the cut body, and the contract check not run', () => {
    const doc = page(bundleOf([entry(failedEntry())]));
    const seen = text(doc);
    expect(seen).toContain('502 Bad Gateway');
    expect(seen).toContain('Code http_status Message The server answered 502 Bad Gateway.');
    expect(seen).toContain('Response body (cut: only its start was kept)');
    expect(seen).toContain('Contract check not checked — no answer to check (http_status)');
  });

  it('lists several entries in the order given, each linked, and says when there is no note', () => {
    const first = entry(invokeEntry({ answer: 'first' }));
    const second = entry(guidelineEntry());
    const doc = page(bundleOf([second, first]));
    expect(doc.querySelector('h1')?.textContent).toBe('2 exchanges');
    expect([...doc.querySelectorAll('section.summary tbody tr')].map((row) => row.textContent)).toEqual([
      expect.stringContaining('Guideline escalation'),
      expect.stringContaining('Invoke of agent agent-1'),
    ]);
    expect([...doc.querySelectorAll('article.entry')].map((article) => article.id)).toEqual(['entry-1', 'entry-2']);
    expect(doc.querySelector('section.note')?.textContent).toContain('No note.');
  });
});

describe('the JSON bundle', () => {
  it('is versioned, in a fixed key order, and the same bytes for the same entries', () => {
    const entries = [entry(invokeEntry({ answer: 'A' })), entry(failedEntry())];
    const json = reportJson(bundleOf(entries, 'note'));
    expect(reportJson(bundleOf(entries, 'note'))).toBe(json);
    expect(json.endsWith('}\n')).toBe(true);
    const parsed = JSON.parse(json) as ReportBundle;
    expect(Object.keys(parsed)).toEqual(['format', 'version', 'createdAt', 'app', 'note', 'entries']);
    expect(parsed).toMatchObject({
      format: 'agent-explorer-report',
      version: 1,
      createdAt: '2026-11-23T07:40:00.123Z',
      app: { name: 'Agent Explorer', version: '1.2.3' },
      note: 'note',
    });
    expect(Object.keys(parsed.entries[0]!)).toEqual([
      'id',
      'recordedAt',
      'kind',
      'profile',
      'request',
      'outcome',
      'answer',
      'contractCheck',
      'tokenPresent',
      'timing',
      'response',
    ]);
    expect(Object.keys(parsed.entries[0]!.timing.phases!)).toEqual([
      'dns',
      'connect',
      'tls',
      'send',
      'wait',
      'download',
      'total',
      'reusedConnection',
    ]);
    expect(parsed.entries[0]).toMatchObject({
      kind: 'invoke',
      answer: { what: 'invoke', answer: 'A', duration: '850ms', token: null },
      tokenPresent: false,
      outcome: { ok: true, status: 200, error: null },
    });
    expect(parsed.entries[1]).toMatchObject({
      kind: 'failed',
      answer: null,
      outcome: { ok: false, status: 502, error: { code: 'http_status' } },
      response: { bodyTruncated: true },
    });
  });

  it('orders response headers by name whatever order they arrived in', () => {
    const made = invokeEntry({ result: { ...okInvoke('x') } });
    if (made.exchange.what !== 'invoke' || !made.exchange.result.ok) throw new Error('fixture');
    made.exchange.result.value.exchange = exchange({ responseHeaders: { 'x-b': '2', 'content-type': 'application/json', 'x-a': '1' } });
    expect(Object.keys(reportEntry(entry(made)).response!.headers)).toEqual(['content-type', 'x-a', 'x-b']);
  });

  it('names its files by entry and time, with safe characters only', () => {
    const one = bundleOf([entry(invokeEntry())]);
    expect(reportFileName(one, 'html')).toMatch(/^agent-explorer-report-entry-\d+-2026-11-23T07-40-00Z\.html$/);
    expect(reportFileName(bundleOf([entry(invokeEntry()), entry(invokeEntry())]), 'json')).toBe(
      'agent-explorer-report-2-entries-2026-11-23T07-40-00Z.json',
    );
  });
});

describe('the Markdown of an entry', () => {
  const BREAKOUT = 'Here:\n```\n</details><script>x</script>\n```\n# Not a heading\n````\nstill inside';

  it('fences an answer that holds fences of its own, so it cannot break out', () => {
    const markdown = entryMarkdown(reportEntry(entry(invokeEntry({ answer: BREAKOUT, text: 'a `tick` ``` fence' }))), '1.2.3');
    const tree = fromMarkdown(markdown);
    const code = tree.children.filter((node) => node.type === 'code').map((node) => node.value);
    expect(code).toEqual(['a `tick` ``` fence', '{\n  "customer_name": "Ada"\n}', BREAKOUT]);
    expect(tree.children.filter((node) => node.type === 'heading')).toHaveLength(1);
    expect(tree.children.some((node) => node.type === 'html')).toBe(false);
  });

  it('says the request, status, timing, contract check, token and profile', () => {
    const markdown = entryMarkdown(reportEntry(entry(invokeEntry({ answer: 'Done.', token: 't' }))), '1.2.3');
    expect(markdown).toContain('### Invoke of agent `agent-1`: `200 OK`');
    expect(markdown).toContain('- **Request:** `POST http://127.0.0.1:4010/api/agent/11111111-1111-4111-8111-111111111111/invoke/`');
    expect(markdown).toContain('- **Profile:** `Staging` at `https://staging.example.com`');
    expect(markdown).toContain('- **Status:** `200 OK`');
    expect(markdown).toContain('- **Contract check:** passed: `answer and duration are strings; token is a string`');
    expect(markdown).toContain('- **Token:** present');
    expect(markdown).toContain(
      '- **Timing:** server `850ms` = 850 ms; round trip 871 ms; phases: DNS 0.4 ms, connect 0.6 ms, send 0.2 ms, wait 10.8 ms, download 0.5 ms',
    );
    expect(markdown).toContain('**Answer**\n\n```text\nDone.\n```');
  });

  it('keeps markup in inline values inert (each in a code span, on one line)', () => {
    const span = markdownCode('`[a](javascript:x)`\n<b>');
    const paragraph = fromMarkdown(`x ${span}`).children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.map((node) => node.type)).toEqual(['text', 'inlineCode']);
    expect(markdownFence('```')).toBe('````text\n```\n````');
  });
});
