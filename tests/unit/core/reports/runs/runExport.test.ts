import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderReport } from '../../../../../electron/core/reports/runs/reporters';
import { exportRun } from '../../../../../electron/core/reports/runs/runExport';
import { buildRunReport } from '../../../../../electron/core/reports/runs/runReport';
import { storedResults, type RunStore, type StoredRunResult } from '../../../../../electron/core/runs/runStore';
import {
  exportDownloadPath,
  LAUNCH_SECRET_HEADER,
  rpcPath,
  SESSION_PATH,
  type Result,
  type RunExportFile,
  type RunExportFormat,
  type RunRecord,
} from '../../../../../electron/shared/api';
import { startCore } from '../../../../../electron/core/bootstrap';
import { openMemoryDatabase } from '../../../../../electron/core/db/open';
import { startWebHost, type WebHost } from '../../../../../electron/web/host';
import type { ExpectationOutcome } from '../../../../../electron/core/runs/expectations';
import type { RunResult } from '../../../../../electron/core/runs/runner';
import { cancelledInvoke, okInvoke } from '../../../../support/scriptedPlatform';
import { memoryDatabase } from '../../../../support/memoryDatabase';

/**
 * A kept run exported from the database a page at a time is the very file the whole run made at
 * once gives (the reporters' one code path, reportWriter.ts), over more results than one page;
 * and so is the download browser mode sends of it (exportRun's ticket, GET /export).
 */

const RECORD: RunRecord = {
  runId: 'run-x',
  kind: 'suite',
  suiteName: 'orders <&> "quoted"',
  suiteFile: 'orders.json',
  profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:4010' },
  startedAt: '2026-11-23T09:00:00.000Z',
  finishedAt: '2026-11-23T09:00:05.000Z',
  state: 'cancelled',
  total: 450,
  completed: 450,
  passed: 300,
  failed: 150,
  cancelled: 50,
  notRun: 2,
  durationMs: 5000,
  settings: { concurrency: 8, ratePerSecond: null, on429: 'wait', iterations: 2 },
  agents: ['a', 'b'],
};

function stored(index: number): StoredRunResult {
  const cancelled = index % 9 === 0;
  const passed = !cancelled && index % 3 !== 0;
  const answer = `Answer ${index}, "quoted" <b>bold</b>\n=SUM(A1)`;
  return {
    row: {
      index,
      caseIndex: index % 4,
      caseName: `case ${index % 4}`,
      row: index % 5 === 0 ? null : (index % 7) + 1,
      iteration: index < 225 ? 1 : 2,
      agentId: index % 2 ? 'b' : 'a',
      passed,
      failed: passed ? [] : ['answerContains: expected contains "x", got missing "x"'],
      status: cancelled ? null : 200,
      errorCode: cancelled ? 'cancelled' : null,
      serverMs: cancelled ? null : 850,
      roundTripMs: cancelled ? null : 12.5,
      answerStart: answer.slice(0, 200),
      attempts: 1,
    },
    detail: {
      request: { agentId: index % 2 ? 'b' : 'a', text: `text ${index}`, payload: { n: index } },
      result: cancelled ? cancelledInvoke() : okInvoke(answer),
      expectations: [{ kind: 'answerContains', passed, expected: 'contains "x"', actual: passed ? 'found' : 'missing "x"' }],
    },
    recordedAt: '2026-11-23T09:00:01.000Z',
  };
}

const UNSENT = [
  { caseIndex: 1, caseName: 'case 1', row: 3, iteration: 2, agentId: 'a' },
  { caseIndex: 2, caseName: 'case 2', row: null, iteration: 2, agentId: 'b' },
];

/** RECORD's run kept in `store` with its 450 results (stored out of order) and two requests never sent. */
async function keepRun(store: RunStore): Promise<StoredRunResult[]> {
  await store.create(RECORD);
  const results = Array.from({ length: 450 }, (_, index) => stored(index));
  await store.addResults('run-x', [...results].reverse(), { completed: 450, passed: 300, failed: 150, cancelled: 50, notRun: 2 });
  await store.finish('run-x', {
    state: 'cancelled',
    finishedAt: RECORD.finishedAt!,
    durationMs: 5000,
    counts: { completed: 450, passed: 300, failed: 150, cancelled: 50, notRun: 2 },
    unsent: UNSENT,
  });
  return results;
}

/** The file as the export was made before: the whole run in memory at once, rendered as one text. */
function wholeFile(format: RunExportFormat, results: readonly StoredRunResult[], appVersion: string): string {
  const asRun = (result: StoredRunResult): RunResult => ({
    planned: {
      index: result.row.index,
      caseIndex: result.row.caseIndex,
      caseName: `${result.row.caseName} (iteration ${result.row.iteration})`,
      row: result.row.row,
      agentId: result.row.agentId,
      text: result.detail.request.text,
      payload: result.detail.request.payload,
      expect: {},
    },
    result: result.detail.result,
    expectations: result.detail.expectations as ExpectationOutcome[],
    passed: result.row.passed,
    attempts: 1,
  });
  return renderReport(
    format,
    buildRunReport(
      {
        total: 450,
        passed: 300,
        failed: 150,
        cancelled: 50,
        notRun: 2,
        stopped: true,
        unreachable: false,
        durationMs: 5000,
        firstError: null,
        unsent: UNSENT.map((item, position) => ({
          ...item,
          index: 450 + position,
          caseName: `${item.caseName} (iteration 2)`,
          text: '',
          payload: {},
          expect: {},
        })),
      },
      results.map(asRun),
      { suiteName: RECORD.suiteName, profile: RECORD.profile, startedAt: new Date(RECORD.startedAt), appVersion },
    ),
  );
}

const FORMATS = ['junit', 'json', 'csv', 'html'] as const;

describe('exporting a kept run', () => {
  it('writes each format from the database, a page at a time, as the whole run at once did', async () => {
    const store = memoryDatabase().runs;
    const results = await keepRun(store);
    const record = (await store.get('run-x'))!;
    let reads = 0;
    const read = () => {
      reads += 1;
      return storedResults(store, 'run-x', 100);
    };
    for (const format of FORMATS) {
      const whole = wholeFile(format, results, '1.2.3');
      const file = exportRun(record, read, await store.unsent('run-x'), format, '1.2.3');
      let text = '';
      let pieces = 0;
      for await (const piece of file.pieces) {
        text += piece;
        pieces += 1;
      }
      expect(text, format).toBe(whole);
      expect(pieces).toBeGreaterThan(450);
      expect(file.fileName).toMatch(/^orders-quoted-run-2026-11-23\.(xml|json|csv|html)$/);
    }
    // A pass to count, then one per section (HTML has two).
    expect(reads).toBe(2 + 2 + 2 + 3);
  });

  it('downloads from the browser-mode host as the very file the whole run at once made, in each format', async () => {
    const database = openMemoryDatabase();
    const results = await keepRun(database.runs);
    const core = await startCore({ host: 'browser', version: '1.2.3', database, sandboxLatency: 'none' });
    const staticDir = mkdtempSync(path.join(tmpdir(), 'ae-export-'));
    const host = await startWebHost({ api: core.api, runExports: core.runExports, staticDir });
    onTestFinished(async () => {
      await host.close();
      await core.close();
      rmSync(staticDir, { recursive: true, force: true });
    });
    const browser = await browserSession(host);
    for (const format of FORMATS) {
      const file = await browser.call('exportRun', { runId: 'run-x', format });
      const download = await browser.download(file.ticket);
      expect(download.status, format).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${file.fileName}`,
      );
      expect(download.headers.get('content-type')).toBe(`${file.mediaType}; charset=utf-8`);
      // Byte for byte: the UTF-8 of the whole text.
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(wholeFile(format, results, '1.2.3'), 'utf8')), format).toBe(true);
    }
  });
});

/** A browser's session on the host, as the page gets one: its calls, and its downloads (the cookie only). */
async function browserSession(host: WebHost) {
  const token = new URL(host.url).hash.replace('#token=', '');
  const session = await fetch(`${host.origin}${SESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.origin },
    body: JSON.stringify({ token }),
  });
  const cookie = session.headers.get('set-cookie')!.split(';')[0]!;
  const { value } = (await session.json()) as { value: { pageSecret: string } };
  return {
    async call(method: 'exportRun', argument: unknown): Promise<RunExportFile> {
      const answer = await fetch(`${host.origin}${rpcPath(method)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: host.origin, cookie, [LAUNCH_SECRET_HEADER]: value.pageSecret },
        body: JSON.stringify({ argument }),
      });
      const body = (await answer.json()) as { value: Result<RunExportFile> };
      if (!body.value.ok) throw new Error(body.value.error.message);
      return body.value.value;
    },
    download: (ticket: string) => fetch(`${host.origin}${exportDownloadPath(ticket)}`, { headers: { cookie } }),
  };
}
