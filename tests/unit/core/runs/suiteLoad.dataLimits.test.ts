import { describe, expect, it } from 'vitest';
import { planSuiteText } from '../../../../electron/core/runs/suiteLoad';
import { scanData, textSource } from '../../../../electron/core/runs/dataRows';
import { DATA_LIMITS, type DataLimits } from '../../../../electron/shared/runs/runLimits';
import { describeProblem, type SuiteProblem } from '../../../../electron/shared/runs/suiteTypes';

/**
 * A data file's text as rows, under the limits of a run: counted while parsing, stopped at the
 * first row, column or value past one (for the app's text as for the command line's file).
 */
/** A data file's text read through as a run's check reads it: its columns and row numbers, or its problem. */
async function parseDataText(
  text: string,
  name: string,
  shown: string,
  limits: DataLimits = DATA_LIMITS,
): Promise<{ ok: true; value: { columns: string[]; rows: Array<{ number: number }> } } | { ok: false; problems: SuiteProblem[] }> {
  const rows: Array<{ number: number }> = [];
  const scan = await scanData(textSource(name, shown, text), limits, (row) => rows.push({ number: row.number }));
  if (!scan.ok) return { ok: false, problems: [{ file: shown, field: scan.field, message: scan.message }] };
  return { ok: true, value: { columns: scan.columns, rows } };
}
const problemsOf = async (result: ReturnType<typeof parseDataText>) => {
  const parsed = await result;
  return parsed.ok ? [] : parsed.problems.map(describeProblem);
};
const limits = { maxRows: 2, maxColumns: 3, maxValues: 100 };

describe('JSON Lines data files', () => {
  it('columns in order of first use, each once, however many rows repeat them', async () => {
    const parsed = await parseDataText('{"a":1,"b":2}\n\n{"b":3,"c":4}\r\n{"a":5}\n', 'rows.jsonl', 'rows.jsonl');
    expect(parsed.ok && parsed.value.columns).toEqual(['a', 'b', 'c']);
    expect(parsed.ok && parsed.value.rows.map((row) => row.number)).toEqual([1, 2, 3]);
  });

  it('stops at the row past the cap; the lines after it are never parsed', async () => {
    expect(await problemsOf(parseDataText('{"a":1}\n{"a":2}\n{"a":3}\nnot json\n', 'rows.jsonl', 'rows.jsonl', limits))).toEqual([
      'rows.jsonl: line 3: the data file has more than 2 rows: a run sends at most 2 requests',
    ]);
  });

  it('caps the columns (keys over all rows) and the values', async () => {
    expect(await problemsOf(parseDataText('{"a":1,"b":2}\n{"c":3,"d":4}\n', 'rows.jsonl', 'rows.jsonl', limits))).toEqual([
      'rows.jsonl: line 2: the data file has more than 3 columns',
    ]);
    expect(
      await problemsOf(parseDataText('{"a":1,"b":2}\n{"a":3,"b":4}\n', 'rows.jsonl', 'rows.jsonl', { ...limits, maxValues: 3 })),
    ).toEqual(['rows.jsonl: line 2: the data file has more than 3 values (rows × columns)']);
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [`k${index}`, index])));
    expect(await problemsOf(parseDataText(wide, 'rows.jsonl', 'rows.jsonl'))).toEqual([
      'rows.jsonl: line 1: the data file has more than 1,000 columns',
    ]);
  });

  it('refuses a row nested deeper than the app takes any JSON', async () => {
    expect(await problemsOf(parseDataText(`{"n":${'['.repeat(65)}${']'.repeat(65)}}`, 'rows.jsonl', 'rows.jsonl'))).toEqual([
      'rows.jsonl: line 1: nests deeper than 64 levels',
    ]);
    expect((await parseDataText(`{"n":${'['.repeat(64)}${']'.repeat(64)}}`, 'rows.jsonl', 'rows.jsonl')).ok).toBe(true);
  });
});

describe("the app's run: the data file's rows follow the request cap", () => {
  it('a data file of more rows than the run may send is refused while it is parsed', async () => {
    const planned = await planSuiteText(
      { cases: [{ agent: 'a' }] },
      { suiteFile: 's.json', data: { name: 'rows.csv', source: textSource('rows.csv', 'rows.csv', 'n\n1\n2\n3\n"open') }, maxRequests: 2 },
    );
    expect(planned.ok ? [] : planned.problems.map(describeProblem)).toEqual([
      'rows.csv: line 4: the data file has more than 2 rows: a run sends at most 2 requests',
    ]);
  });
});
