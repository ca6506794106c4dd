import { changeRowType, emptyRow, rowProblems, rowsFromText, textFromRows, type PayloadRow } from '../../../../renderer/lib/payloadTable';

function rowsOf(text: string): PayloadRow[] {
  const result = rowsFromText(text);
  if (!result.ok) throw new Error(result.message);
  return result.rows;
}

const strip = (rows: PayloadRow[]) => rows.map(({ key, type, value }) => ({ key, type, value }));

describe('rowsFromText', () => {
  it('reads each top-level key with its type and its value as written', () => {
    expect(strip(rowsOf('{"name": "Ada \\"A\\"", "n": 1.50, "ok": false, "none": null, "tags": ["x", 1], "o": {"a": {}}}'))).toEqual([
      { key: 'name', type: 'string', value: 'Ada "A"' },
      { key: 'n', type: 'number', value: '1.50' },
      { key: 'ok', type: 'boolean', value: 'false' },
      { key: 'none', type: 'null', value: '' },
      { key: 'tags', type: 'json', value: '["x", 1]' },
      { key: 'o', type: 'json', value: '{"a": {}}' },
    ]);
  });

  it('says why text cannot be a table, with the same message as the JSON view', () => {
    expect(rowsFromText('{"a": 1,,}')).toEqual({ ok: false, message: expect.stringMatching(/^Invalid JSON at line 1, column 9:/) });
    expect(rowsFromText('[1]')).toEqual({ ok: false, message: 'Payload must be a JSON object' });
  });
});

describe('textFromRows', () => {
  it('writes valid rows as formatted JSON, numbers exactly as typed', () => {
    const rows = [
      { ...emptyRow(), key: 'name', value: 'Ada' },
      { ...emptyRow(), key: 'n', type: 'number' as const, value: ' 1.50 ' },
      { ...emptyRow(), key: 'obj', type: 'json' as const, value: '{"a": [1]}' },
      emptyRow(),
    ];
    expect(textFromRows(rows)).toBe('{\n  "name": "Ada",\n  "n": 1.50,\n  "obj": {\n    "a": [\n      1\n    ]\n  }\n}');
    expect(textFromRows([emptyRow()])).toBe('{}');
  });

  it('refuses a number that is not one, with an inline message, instead of sending a string', () => {
    const rows = [{ ...emptyRow(), key: 'n', type: 'number' as const, value: '12a' }];
    expect(textFromRows(rows)).toBeNull();
    expect(rowProblems(rows)).toEqual([{ rowId: rows[0]!.id, cell: 'value', message: expect.stringContaining('“12a” is not a number') }]);
    for (const bad of ['', '01', '+1', '.5', 'NaN', '1e']) {
      expect(rowProblems([{ ...rows[0]!, value: bad }])).toHaveLength(1);
    }
  });

  it('flags empty and repeated keys, and invalid JSON values', () => {
    const rows = [
      { ...emptyRow(), key: '', value: 'orphan' },
      { ...emptyRow(), key: 'a', value: '1' },
      { ...emptyRow(), key: 'a', value: '2' },
      { ...emptyRow(), key: 'j', type: 'json' as const, value: '{"x": }' },
    ];
    expect(rowProblems(rows).map((problem) => problem.message)).toEqual([
      'This value needs a key.',
      'The key “a” is already used above; each key may appear once.',
      expect.stringMatching(/^Invalid JSON at column 7:/),
    ]);
  });

  it('round-trips what it reads', () => {
    const text = '{\n  "a": "x",\n  "b": -2e3,\n  "c": true,\n  "d": null\n}';
    expect(textFromRows(rowsOf(text))).toBe(text);
  });
});

describe('changeRowType', () => {
  const row = (type: PayloadRow['type'], value: string): PayloadRow => ({ id: 1, key: 'k', type, value });

  it('carries the value over where it means the same thing', () => {
    expect(changeRowType(row('string', '42'), 'number').value).toBe('42');
    expect(changeRowType(row('string', 'false'), 'boolean').value).toBe('false');
    expect(changeRowType(row('string', 'hi'), 'json').value).toBe('"hi"');
    expect(changeRowType(row('string', '{"a":1}'), 'json').value).toBe('{"a":1}');
    expect(changeRowType(row('number', '3'), 'null').value).toBe('');
    expect(changeRowType(row('null', ''), 'json').value).toBe('null');
  });
});
