import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../../electron/core/reports/runs/reporters';
import { exportRun } from '../../../../../electron/core/reports/runs/runExport';
import { buildRunReport } from '../../../../../electron/core/reports/runs/runReport';
import { storedResults, type StoredRunResult } from '../../../../../electron/core/runs/runStore';
import type { RunRecord } from '../../../../../electron/shared/api';
import type { ExpectationOutcome } from '../../../../../electron/core/runs/expectations';
import type { RunResult } from '../../../../../electron/core/runs/runner';
import { cancelledInvoke, okInvoke } from '../../../../support/scriptedPlatform';
import { memoryDatabase } from '../../../../support/memoryDatabase';

/**
 * A kept run exported from the database a page at a time is the very file the whole run made at
 * once gives (the reporters' one code path, reportWriter.ts), over more results than one page.
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

describe('exporting a kept run', () => {
  it('writes each format from the database, a page at a time, as the whole run at once did', async () => {
    const store = memoryDatabase().runs;
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
    const record = (await store.get('run-x'))!;
    let reads = 0;
    const read = () => {
      reads += 1;
      return storedResults(store, 'run-x', 100);
    };
    for (const format of ['junit', 'json', 'csv', 'html'] as const) {
      // The whole run at once, as the export was made before: every result in memory.
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
      const whole = renderReport(
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
          { suiteName: RECORD.suiteName, profile: RECORD.profile, startedAt: new Date(RECORD.startedAt), appVersion: '1.2.3' },
        ),
      );
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
});
