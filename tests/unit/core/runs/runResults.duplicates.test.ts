import { describe, expect, it } from 'vitest';
import type { RunRecord, RunResultRow } from '../../../../electron/shared/api';
import type { StoredRunResult } from '../../../../electron/core/runs/runStore';
import { compareResults } from '../../../../electron/core/runs/runResults';
import { runRow } from '../../../support/runRows';

/**
 * Compare when a suite names two cases alike (nothing forbids it; New suite from History makes
 * such suites): each is matched with its own counterpart in plan order, not both with the first.
 */

const stored = (row: RunResultRow, answer: string): StoredRunResult => ({
  row,
  detail: {
    request: { agentId: row.agentId, text: '', payload: {} },
    result: { ok: true, value: { response: { answer } } } as unknown as StoredRunResult['detail']['result'],
    expectations: [],
  },
  recordedAt: '2026-11-23T09:00:00.000Z',
});
const record = { runId: 'r' } as unknown as RunRecord;

describe('compareResults with two cases of one name', () => {
  it('says the second case newly fails, and counts nothing as in one run only', () => {
    const before = [
      stored(runRow({ index: 0, caseIndex: 0, caseName: 'greeting' }), 'Hi.'),
      stored(runRow({ index: 1, caseIndex: 1, caseName: 'greeting' }), 'Hello.'),
    ];
    const after = [
      stored(runRow({ index: 0, caseIndex: 0, caseName: 'greeting' }), 'Hi.'),
      stored(
        runRow({
          index: 1,
          caseIndex: 1,
          caseName: 'greeting',
          passed: false,
          failed: ['answerContains: expected contains "Hello", got "Bye."'],
        }),
        'Bye.',
      ),
    ];
    const comparison = compareResults({ record, results: before }, { record, results: after });
    expect(comparison.onlyBefore).toBe(0);
    expect(comparison.onlyAfter).toBe(0);
    expect(comparison.newlyFailing.map((pair) => [pair.before.index, pair.after.index])).toEqual([[1, 1]]);
    expect(comparison.answerChanged.map((pair) => [pair.beforeAnswer, pair.afterAnswer])).toEqual([['Hello.', 'Bye.']]);
  });
});
