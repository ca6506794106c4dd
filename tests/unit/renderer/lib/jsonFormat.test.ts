import { compactJson, formatJson } from '../../../../renderer/lib/jsonFormat';

describe('formatJson', () => {
  it('indents objects and arrays by two spaces and keeps empty ones on one line', () => {
    expect(formatJson('{"a":1,"b":[true,null,{}],"c":{"d":[]}}')).toBe(
      '{\n  "a": 1,\n  "b": [\n    true,\n    null,\n    {}\n  ],\n  "c": {\n    "d": []\n  }\n}',
    );
  });

  it('changes only whitespace: numbers keep their digits, duplicate keys stay, strings stay as written', () => {
    const text = '{ "n": 1.50, "big": 12345678901234567890, "n": 2, "s": "a, {b}: [c]\\u0041" }';
    expect(formatJson(text)).toBe('{\n  "n": 1.50,\n  "big": 12345678901234567890,\n  "n": 2,\n  "s": "a, {b}: [c]\\u0041"\n}');
  });

  it('returns null for text that is not JSON', () => {
    expect(formatJson('{"a": }')).toBeNull();
    expect(formatJson('')).toBeNull();
  });

  it('indents continuation lines for embedding', () => {
    expect(formatJson('{"a":[1]}', 2, 2)).toBe('{\n    "a": [\n      1\n    ]\n  }');
  });
});

describe('compactJson', () => {
  it('puts JSON on one line with a space after colons and commas', () => {
    expect(compactJson('{\n  "a": [1,\n 2]\n}')).toBe('{"a": [1, 2]}');
    expect(compactJson('{')).toBeNull();
  });
});
