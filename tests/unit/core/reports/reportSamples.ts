import type { ReportBundle } from '../../../../electron/shared/reports/reportBundle';
import type { ReportEntry } from '../../../../electron/shared/reports/reportEntry';
import type { RunReport, RunReportResult } from '../../../../electron/core/reports/runs/runReport';

/**
 * Reports written out field by field, for the tests that pin every format's bytes: every kind of
 * entry (an answered invoke with its phases and checklist, a guideline, a failure with a cut body,
 * a body saved to a file, a request never sent), and text that tries to be markup, a formula, a
 * terminal's escape sequence or a line of its own. Plain data: nothing here runs the app.
 */

const HOSTILE = "<script>alert(\"x\")</script> & 'quotes' =cmd|'/c calc'!A0";
const CONTROLS = 'tab\there, cr\r\nlf, osc\u001b]52;c;cm0=\u0007 c1\u009b2K del\u007f nel\u0085 ls\u2028 end\ufffe';
const STAGING = { id: 'p-staging', name: `Staging ${HOSTILE}`, baseUrl: 'https://staging.example.com' };

function invoke(id: number | null, text: string, answer: string): ReportEntry {
  return {
    id,
    recordedAt: '2026-11-23T07:30:00.000Z',
    kind: 'invoke',
    profile: STAGING,
    request: {
      what: 'invoke',
      targetId: `agent-1${HOSTILE}`,
      method: 'POST',
      url: 'https://staging.example.com/api/agent/agent-1/invoke/?q=<b>&x="1"',
      text,
      payload: { customer_name: 'Ada', note: CONTROLS, nested: { list: [1, 'two', null] } },
      bodyAsSent: JSON.stringify({ text }),
    },
    outcome: { ok: true, status: 200, statusText: 'OK', error: null },
    answer: { what: 'invoke', answer, duration: '850ms', token: 'tok-1' },
    contractCheck: { result: 'passed', detail: 'answer and duration are strings; token is a string' },
    tokenPresent: true,
    timing: {
      serverDuration: { raw: '850ms', ms: 850 },
      roundTripMs: 871.4,
      startedAt: '2026-11-23T07:30:00.000Z',
      phases: { dns: 1.2, connect: 3.5, tls: null, send: 0.4, wait: 850.1, download: 16.2, total: 871.4, reusedConnection: false },
    },
    response: {
      headers: { 'content-type': 'application/json', 'x-trace': HOSTILE },
      body: JSON.stringify({ answer }),
      bytes: 1234567,
      bodyTruncated: false,
    },
  };
}

const CHECKED: ReportEntry = {
  ...invoke(12, `Where is my parcel? ${HOSTILE}`, `It left the depot.\n${CONTROLS}`),
  checklists: {
    version: 1,
    lists: [
      {
        guideline: { id: 'escalation', name: `Escalation ${HOSTILE}`, versionHash: 'a'.repeat(64), fetchedAt: '2026-11-22T10:00:00.000Z' },
        savedAt: '2026-11-23T07:35:00.000Z',
        counts: { pass: 1, fail: 1, na: 1, unmarked: 1 },
        items: [
          { section: 'Tone', text: 'Greets the customer', depth: 0, mark: 'pass', comment: '' },
          { section: 'Tone', text: `Never says ${HOSTILE}`, depth: 1, mark: 'fail', comment: `It did: ${CONTROLS}` },
          { section: '', text: 'Offers a refund', depth: 0, mark: 'n/a', comment: 'not asked' },
          { section: 'Escalation', text: 'Hands over after two asks', depth: 2, mark: null, comment: '' },
        ],
      },
    ],
  },
};

const GUIDELINE: ReportEntry = {
  id: 13,
  recordedAt: '2026-11-23T07:31:00.000Z',
  kind: 'guideline',
  profile: STAGING,
  request: {
    what: 'guideline',
    targetId: 'escalation',
    method: 'GET',
    url: 'https://staging.example.com/api/guideline/escalation/',
    text: null,
    payload: null,
    bodyAsSent: null,
  },
  outcome: { ok: true, status: 200, statusText: 'OK', error: null },
  answer: {
    what: 'guideline',
    name: `Escalation ${HOSTILE}`,
    description: 'When to escalate.',
    content: `# Escalate\n- When a customer asks twice, hand over.\n${CONTROLS}`,
  },
  contractCheck: { result: 'passed', detail: 'name, description and content are strings' },
  tokenPresent: false,
  timing: { serverDuration: null, roundTripMs: 42, startedAt: '2026-11-23T07:31:00.000Z', phases: null },
  response: { headers: { 'content-type': 'application/json' }, body: '{"name":"Escalation"}', bytes: 22, bodyTruncated: false },
};

const FAILED: ReportEntry = {
  ...invoke(14, 'Summarise the ticket', ''),
  kind: 'failed',
  outcome: {
    ok: false,
    status: 502,
    statusText: 'Bad Gateway',
    error: { code: 'http_status', message: `The server answered 502 Bad Gateway. ${HOSTILE}` },
  },
  answer: null,
  contractCheck: { result: 'not_checked', detail: 'no answer to check (http_status)' },
  tokenPresent: false,
  timing: { serverDuration: null, roundTripMs: 12.25, startedAt: '2026-11-23T07:32:00.000Z', phases: null },
  response: {
    headers: { 'content-type': 'text/plain' },
    body: `upstream timed out ${HOSTILE} ${CONTROLS}`,
    bytes: 400000,
    bodyTruncated: true,
  },
};

const SAVED: ReportEntry = {
  ...invoke(15, 'Export everything', ''),
  answer: { what: 'saved', path: `/home/ada/Downloads/answer ${HOSTILE}.json`, bytes: 10485760, limitReached: true, limitBytes: 10485760 },
  contractCheck: { result: 'not_checked', detail: 'the body went to a file, unread' },
  tokenPresent: false,
  response: { headers: { 'content-type': 'application/json' }, body: null, bytes: 10485760, bodyTruncated: false },
};

const NOT_SENT: ReportEntry = {
  ...invoke(16, 'No key yet', ''),
  kind: 'failed',
  request: { ...invoke(16, 'No key yet', '').request, url: null, bodyAsSent: null },
  outcome: {
    ok: false,
    status: null,
    statusText: null,
    error: { code: 'no_key', message: 'This profile has no API key: set one in Settings.' },
  },
  answer: null,
  contractCheck: { result: 'failed', detail: `answer is not a string ${HOSTILE}` },
  tokenPresent: false,
  timing: { serverDuration: { raw: 'soon', ms: null }, roundTripMs: null, startedAt: null, phases: null },
  response: null,
};

const APP = { name: 'Agent Explorer', version: '1.2.3' };

/** Several entries of every kind, with a note: the summary table, then each entry. */
export const MANY_ENTRIES: ReportBundle = {
  format: 'agent-explorer-report',
  version: 1,
  createdAt: '2026-11-23T07:40:00.123Z',
  app: APP,
  note: `Checked after the 3.2 deploy.\r\n${HOSTILE}\n${CONTROLS}`,
  entries: [CHECKED, GUIDELINE, FAILED, SAVED, NOT_SENT, { ...invoke(null, 'From a run', 'ok'), tokenPresent: false }],
};

/** One entry and no note: the heading is the entry's title, and there is no summary table. */
export const ONE_ENTRY: ReportBundle = { ...MANY_ENTRIES, note: '  ', entries: [GUIDELINE] };

function result(entry: ReportEntry, fields: Partial<RunReportResult>): RunReportResult {
  return {
    case: 'reflects customer',
    caseNumber: 1,
    row: null,
    agent: 'agent-1',
    passed: true,
    attempts: 1,
    expectations: [],
    entry,
    ...fields,
  };
}

/** A stopped run: a pass, a failed expectation, a request with no answer, and requests never sent. */
export const STOPPED_RUN: RunReport = {
  format: 'agent-explorer-run',
  version: 1,
  suite: `orders ${HOSTILE} ${CONTROLS}`,
  startedAt: '2026-11-23T17:00:00.123Z',
  durationMs: 1234.5,
  app: APP,
  profile: STAGING,
  summary: { total: 6, passed: 1, failed: 3, cancelled: 1, notRun: 2, stopped: true },
  results: [
    result(
      { ...invoke(null, 'Hi', 'Hello Dana'), tokenPresent: false },
      { expectations: [{ kind: 'status', passed: true, expected: '200', actual: '200' }] },
    ),
    result(invoke(null, `Hi ${HOSTILE}`, `Hello\n${CONTROLS}`), {
      case: `greets ${HOSTILE}`,
      caseNumber: 2,
      row: 3,
      agent: `agent-2\u001b[2K`,
      passed: false,
      attempts: 2,
      expectations: [
        { kind: 'status', passed: true, expected: '200', actual: '200' },
        { kind: 'answerContains', passed: false, expected: `contains "Dana ${HOSTILE}"`, actual: `missing in "Hello\n${CONTROLS}"` },
      ],
    }),
    result(NOT_SENT, {
      case: 'no answer',
      caseNumber: 3,
      row: 4,
      passed: false,
      expectations: [{ kind: 'status', passed: false, expected: '200', actual: 'no status (no_key)' }],
    }),
    result(FAILED, {
      case: 'bad gateway',
      caseNumber: 3,
      row: 5,
      passed: false,
      expectations: [{ kind: 'status', passed: false, expected: '200', actual: '502' }],
    }),
  ],
  notRun: [
    { case: `later ${HOSTILE}`, caseNumber: 4, row: 6, agent: 'agent-1' },
    { case: 'last', caseNumber: 5, row: null, agent: 'agent-1' },
  ],
};

/** A run stopped before any answer came: no results at all. */
export const EMPTY_RUN: RunReport = {
  ...STOPPED_RUN,
  suite: 'empty',
  durationMs: 3,
  summary: { total: 2, passed: 0, failed: 0, cancelled: 0, notRun: 2, stopped: true },
  results: [],
};
