import { describe, expect, it } from 'vitest';
import { csvRows, parseCsv } from '../../../electron/core/runs/csv';

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
    expect(parseCsv('\uFEFFa,b\n1,')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', 'b'] }, { line: 2, fields: ['1', ''] }] });
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
    expect(csvRows('text,customer\n"Hi, there",Dana\n')).toEqual({ ok: true, columns: ['text', 'customer'], rows: [{ line: 2, values: { text: 'Hi, there', customer: 'Dana' } }] });
  });
});
