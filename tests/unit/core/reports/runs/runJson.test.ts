import { describe, expect, it } from 'vitest';
import { jsonReport, jsonWriter } from '../../../../../electron/core/reports/runs/runJson';
import type { RunReport, RunReportResult } from '../../../../../electron/core/reports/runs/runReport';

/**
 * The JSON report is written a result at a time (the command line never holds a large run's
 * report whole); joined, the pieces must be the very text JSON.stringify gives, whatever the
 * results hold. Only the text matters here, so the results carry odd values rather than full entries.
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

describe('the JSON report written a result at a time', () => {
  it.each([
    ['no results', reportWith([])],
    ['one result', reportWith(ODD_RESULTS.slice(0, 1))],
    ['several results with line breaks, quotes and empty values', reportWith(ODD_RESULTS)],
    ['results and requests never sent', reportWith(ODD_RESULTS.slice(1), [{ case: 'c', caseNumber: 1, row: 4, agent: 'x' }])],
    ['many results', reportWith(Array.from({ length: 200 }, (_, index) => ODD_RESULTS[index % 3]))],
  ])('joins to exactly the report as JSON.stringify writes it: %s', (_name, report) => {
    expect(jsonReport(report)).toBe(`${JSON.stringify(report, null, 2)}\n`);
    // As the command line writes it: each result's text as it comes, the frame at the end.
    const writer = jsonWriter();
    const pieces = report.results.map((result) => writer.add(result));
    expect(pieces.every((texts) => texts.length === 1)).toBe(true);
    const [before, after] = writer.frame({ ...report, results: [] });
    expect(`${before}${pieces.join('')}${after}`).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });
});
