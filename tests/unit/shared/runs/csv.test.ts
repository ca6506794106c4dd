import { describe, expect, it } from 'vitest';
import { csvRows, parseCsv } from '../../../../electron/shared/runs/csv';
import { DATA_LIMITS, tooMuchData } from '../../../../electron/shared/runs/runLimits';

describe('CSV data files', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const parsed = parseCsv('a,b,c\n"x, y","say ""hi""","two\nlines"\r\nplain,,"" \n');
    expect(parsed.ok).toBe(false); // a space after a closing quote is not allowed
    const good = parseCsv('a,b,c\n"x, y","say ""hi""","two\nlines"\r\nplain,,""\n');
    expect(good).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b', 'c'] },
        { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
        { line: 4, fields: ['plain', '', ''] },
      ],
    });
  });

  it('keeps an empty last field and a last record without a newline; drops a BOM', () => {
    expect(parseCsv('\uFEFFa,b\n1,')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', ''] },
      ],
    });
  });

  it('says which line is malformed', () => {
    expect(parseCsv('a,b\n1,"open\nstill')).toEqual({ ok: false, line: 2, message: 'a quoted field is not closed' });
    expect(parseCsv('a\nx"y')).toMatchObject({ ok: false, line: 2 });
    expect(csvRows('a,b\n1,2\n3\n')).toEqual({ ok: false, line: 3, message: '1 fields where the header has 2' });
    expect(csvRows('a,a\n1,2')).toMatchObject({ ok: false, message: 'the column "a" is named twice' });
    expect(csvRows('')).toMatchObject({ ok: false, line: 1 });
  });

  it('keeps a column named "__proto__" as a column', () => {
    const parsed = csvRows('__proto__,text\nDana,hi\n');
    expect(parsed.ok && JSON.stringify(parsed.rows[0]!.values)).toBe('{"__proto__":"Dana","text":"hi"}');
  });

  it('gives rows keyed by the header', () => {
    expect(csvRows('text,customer\n"Hi, there",Dana\n')).toEqual({
      ok: true,
      columns: ['text', 'customer'],
      rows: [{ line: 2, values: { text: 'Hi, there', customer: 'Dana' } }],
    });
  });

  describe('stops at a limit while parsing, never reading past it', () => {
    const limits = { maxRows: 2, maxColumns: 3, maxValues: 100 };

    it('rows: the first row past the cap is the problem, and what follows it is never parsed', () => {
      // The quote never closed on line 5 would be the problem if the parse read on.
      expect(csvRows('a\n1\n2\n3\n"open', limits)).toEqual({
        ok: false,
        line: 4,
        message: 'the data file has more than 2 rows: a run sends at most 2 requests',
      });
      expect(csvRows('a\n1\n2\n', limits)).toMatchObject({ ok: true, rows: [{ values: { a: '1' } }, { values: { a: '2' } }] });
    });

    it('columns: a line of more fields than the cap, found before the rest of it is kept', () => {
      expect(csvRows('a,b,c,d,"open', limits)).toEqual({ ok: false, line: 1, message: 'the data file has more than 3 columns' });
      expect(csvRows('a,b,c\n1,2,3,4,5\n', limits)).toEqual({ ok: false, line: 2, message: 'the data file has more than 3 columns' });
    });

    it('values: rows × columns', () => {
      expect(csvRows('a,b,c\n1,2,3\n4,5,6\n', { maxRows: 10, maxColumns: 3, maxValues: 5 })).toEqual({
        ok: false,
        line: 3,
        message: 'the data file has more than 5 values (rows × columns)',
      });
    });

    it('by default, the limits of a run: 1,000,000 rows (one request each at least), 1,000 columns', () => {
      expect(DATA_LIMITS).toEqual({ maxRows: 1_000_000, maxColumns: 1000, maxValues: 100_000_000 });
      const wide = csvRows(Array.from({ length: 1001 }, (_, index) => `c${index}`).join(','));
      expect(wide).toMatchObject({ ok: false, message: 'the data file has more than 1,000 columns' });
      // The rows' cap is the run's request cap (a million rows are read in the rows test above at a small cap).
      expect(tooMuchData('rows', DATA_LIMITS.maxRows)).toBe(
        'the data file has more than 1,000,000 rows: a run sends at most 1,000,000 requests',
      );
    });
  });
});
