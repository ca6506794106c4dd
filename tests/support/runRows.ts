import type { RunResultRow } from '../../electron/shared/api';

/** A result row with sensible defaults, for the pure functions that read rows (summaries, comparisons, advice). */
export function runRow(overrides: Partial<RunResultRow> & Pick<RunResultRow, 'index'>): RunResultRow {
  return {
    caseIndex: 0,
    caseName: 'case 1',
    row: null,
    iteration: 1,
    agentId: '11111111-1111-4111-8111-111111111111',
    passed: true,
    failed: [],
    status: 200,
    errorCode: null,
    serverMs: 850,
    roundTripMs: 12,
    answerStart: 'Hello Ada.',
    attempts: 1,
    ...overrides,
  };
}
