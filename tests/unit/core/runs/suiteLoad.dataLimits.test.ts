import { describe, expect, it } from 'vitest';
import { parseDataText, planSuiteText } from '../../../../electron/core/runs/suiteLoad';
import { describeProblem } from '../../../../electron/shared/runs/suiteTypes';

/**
 * A data file's text as rows, under the limits of a run: counted while parsing, stopped at the
 * first row, column or value past one (for the app's text as for the command line's file).
 */
const problemsOf = (result: ReturnType<typeof parseDataText>) => (result.ok ? [] : result.problems.map(describeProblem));
const limits = { maxRows: 2, maxColumns: 3, maxValues: 100 };

describe('JSON Lines data files', () => {
  it('columns in order of first use, each once, however many rows repeat them', () => {
    const parsed = parseDataText('{"a":1,"b":2}\n\n{"b":3,"c":4}\r\n{"a":5}\n', 'rows.jsonl', 'rows.jsonl');
    expect(parsed.ok && parsed.value.columns).toEqual(['a', 'b', 'c']);
    expect(parsed.ok && parsed.value.rows.map((row) => row.number)).toEqual([1, 2, 3]);
  });

  it('stops at the row past the cap; the lines after it are never parsed', () => {
    expect(problemsOf(parseDataText('{"a":1}\n{"a":2}\n{"a":3}\nnot json\n', 'rows.jsonl', 'rows.jsonl', limits))).toEqual([
      'rows.jsonl: line 3: the data file has more than 2 rows: a run sends at most 2 requests',
    ]);
  });

  it('caps the columns (keys over all rows) and the values', () => {
    expect(problemsOf(parseDataText('{"a":1,"b":2}\n{"c":3,"d":4}\n', 'rows.jsonl', 'rows.jsonl', limits))).toEqual([
      'rows.jsonl: line 2: the data file has more than 3 columns',
    ]);
    expect(problemsOf(parseDataText('{"a":1,"b":2}\n{"a":3,"b":4}\n', 'rows.jsonl', 'rows.jsonl', { ...limits, maxValues: 3 }))).toEqual([
      'rows.jsonl: line 2: the data file has more than 3 values (rows × columns)',
    ]);
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [`k${index}`, index])));
    expect(problemsOf(parseDataText(wide, 'rows.jsonl', 'rows.jsonl'))).toEqual([
      'rows.jsonl: line 1: the data file has more than 1,000 columns',
    ]);
  });

  it('refuses a row nested deeper than the app takes any JSON', () => {
    expect(problemsOf(parseDataText(`{"n":${'['.repeat(65)}${']'.repeat(65)}}`, 'rows.jsonl', 'rows.jsonl'))).toEqual([
      'rows.jsonl: line 1: nests deeper than 64 levels',
    ]);
    expect(parseDataText(`{"n":${'['.repeat(64)}${']'.repeat(64)}}`, 'rows.jsonl', 'rows.jsonl').ok).toBe(true);
  });
});

describe("the app's run: the data file's rows follow the request cap", () => {
  it('a data file of more rows than the run may send is refused while it is parsed', () => {
    const planned = planSuiteText(
      { cases: [{ agent: 'a' }] },
      { suiteFile: 's.json', data: { name: 'rows.csv', text: 'n\n1\n2\n3\n"open' }, maxRequests: 2 },
    );
    expect(planned.ok ? [] : planned.problems.map(describeProblem)).toEqual([
      'rows.csv: line 4: the data file has more than 2 rows: a run sends at most 2 requests',
    ]);
  });
});
