import { describe, expect, it } from 'vitest';
import { createJsonResultsText, jsonReport, jsonReportPieces, RESULTS_PER_PIECE } from '../../../../../electron/core/reports/runs/runJson';
import type { RunReport, RunReportResult } from '../../../../../electron/core/reports/runs/runReport';

/**
 * The JSON report is written in pieces (the command line never holds a large run's report
 * whole); joined, the pieces must be the very text JSON.stringify gives, whatever the results
 * hold. Only the text matters here, so the results carry odd values rather than full entries.
 */

function reportWith(results: unknown[], notRun: RunReport['notRun'] = []): RunReport {
  return {
    format: 'agent-explorer-run',
    version: 1,
    // A suite name that spells the results' slot: escaped in JSON, it must not be taken for it.
    suite: 'tricky\n  "results": [],',
    startedAt: '2026-11-23T17:00:00.000Z',
    durationMs: 12.5,
    app: { name: 'Agent Explorer', version: '0.1.0' },
    profile: { id: 'sandbox', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1' },
    summary: {
      total: results.length + notRun.length,
      passed: results.length,
      failed: 0,
      cancelled: 0,
      notRun: notRun.length,
      stopped: notRun.length > 0,
    },
    results: results as RunReportResult[],
    notRun,
  };
}

const ODD_RESULTS = [
  { case: 'a', row: 1, expectations: [], entry: { answer: 'line one\nline two\r\n\ttabbed', nested: { empty: {}, list: [[], [1, [2]]] } } },
  {
    case: 'quotes "and" \\ slashes',
    row: null,
    expectations: [{ kind: 'status', passed: true }],
    entry: { answer: 'ключ ✓ \u2028 \u0000 end' },
  },
  { case: 'c', row: 3, expectations: [], entry: {} },
];

describe('the JSON report written in pieces', () => {
  it.each([
    ['no results', reportWith([])],
    ['one result', reportWith(ODD_RESULTS.slice(0, 1))],
    ['several results with line breaks, quotes and empty values', reportWith(ODD_RESULTS)],
    ['results and requests never sent', reportWith(ODD_RESULTS.slice(1), [{ case: 'c', caseNumber: 1, row: 4, agent: 'x' }])],
    [
      'more results than one piece holds, the last piece part full',
      reportWith(Array.from({ length: 2 * RESULTS_PER_PIECE + 5 }, (_, index) => ODD_RESULTS[index % 3])),
    ],
    ['exactly one piece of results', reportWith(Array.from({ length: RESULTS_PER_PIECE }, (_, index) => ODD_RESULTS[index % 3]))],
  ])('joins to exactly the report as JSON.stringify writes it: %s', (_name, report) => {
    expect(jsonReport(report)).toBe(`${JSON.stringify(report, null, 2)}\n`);
    const pieces = [...jsonReportPieces({ ...report, results: [] }, report.results)];
    expect(pieces).toHaveLength(Math.ceil(report.results.length / RESULTS_PER_PIECE) + 2);
    expect(pieces.join('')).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });

  it('joins to the same text when the results come out of order while the run goes on, places left empty included', () => {
    const count = 2 * RESULTS_PER_PIECE + 9;
    const report = reportWith(Array.from({ length: count }, (_, index) => ({ place: index, odd: ODD_RESULTS[index % 3] })));
    // Requests side by side finish in any order; a cancelled run leaves places whose request was never sent.
    const order = Array.from({ length: count }, (_, index) => index).sort((a, b) => ((a * 37) % 11) - ((b * 37) % 11) || b - a);
    const leftEmpty = new Set([3, RESULTS_PER_PIECE + 1]);
    const text = createJsonResultsText();
    for (const index of order) if (!leftEmpty.has(index)) text.add(index, report.results[index]!);
    const kept = { ...report, results: report.results.filter((_, index) => !leftEmpty.has(index)) };
    const joined = (pieces: Iterable<string | Uint8Array>) =>
      Buffer.concat([...pieces].map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece))).toString('utf8');
    expect(joined(text.pieces({ ...kept, results: [] }))).toBe(`${JSON.stringify(kept, null, 2)}\n`);
    expect(joined(createJsonResultsText().pieces(reportWith([])))).toBe(`${JSON.stringify(reportWith([]), null, 2)}\n`);
  });
});
