import { findJsonProblem, positionAt } from '../../../../renderer/lib/jsonLocation';
import { checkPayload } from '../../../../renderer/lib/payload';

describe('findJsonProblem', () => {
  it.each([
    ['{"a": 1,}', 1, 9, "trailing comma before '}'"],
    ['[1, 2,]', 1, 7, "trailing comma before ']'"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' but found '\"'"],
    ['{\n  "a": 1,\n  "b" 2\n}', 3, 7, "expected ':' after the property name but found '2'"],
    ['', 1, 1, 'expected a value but found the end of the input'],
    ['   \n  ', 2, 3, 'expected a value but found the end of the input'],
    ['{"a": tru}', 1, 7, "unexpected word 'tru'"],
    ['{"a": undefined}', 1, 7, "unexpected word 'undefined'"],
    ['{"a": "x\ny"}', 1, 9, 'U+000A must be escaped inside a string'],
    ['{"a": "\\q"}', 1, 8, "invalid escape '\\q'"],
    ['{"a": "\\u12G4"}', 1, 8, "'\\u' must be followed by four hex digits"],
    ['{"a": "open', 1, 7, 'this string is never closed'],
    ['[1, 2', 1, 6, "unexpected end of input: ']' is missing"],
    ['{"a": {"b": 1}', 1, 15, "unexpected end of input: '}' is missing"],
    ["{'a': 1}", 1, 2, 'property names need double quotes'],
    ['{a: 1}', 1, 2, "expected a property name in double quotes but found 'a'"],
    ['\r\n\r\n  }', 3, 3, "expected a value but found '}'"],
    ['{"e": "😀" x}', 1, 11, "expected ',' or '}' but found 'x'"],
    ['01', 1, 1, 'numbers must not have leading zeros'],
    ['-', 1, 2, "expected a digit after '-'"],
    ['1.', 1, 3, "expected a digit after '.'"],
    ['1e+', 1, 4, 'expected a digit in the exponent'],
    ['.5', 1, 1, "expected a value but found '.'"],
    ['{"a": 1} x', 1, 10, "unexpected 'x' after the end of the JSON value"],
    ['\uFEFF{}', 1, 1, 'expected a value but found U+FEFF'],
  ])('%j fails at line %i, column %i', (text, line, column, reason) => {
    const problem = findJsonProblem(text);
    expect(problem).not.toBeNull();
    expect({ line: problem?.line, column: problem?.column }).toEqual({ line, column });
    expect(problem?.reason).toContain(reason);
  });

  it.each([
    '{}',
    '  {"a": [1, -0.5e+10, true, false, null, "\\u00e9\\n\\"x\\""], "b": {"c": {}}}  ',
    '"just a string"',
    '0',
    '[]',
    '\t\r\n{ "k" : [ ] }\n',
  ])('accepts %j', (text) => {
    expect(findJsonProblem(text)).toBeNull();
  });

  it('handles very deep nesting without overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(findJsonProblem(deep)).toBeNull();
    expect(findJsonProblem('['.repeat(100_000))?.reason).toContain("']' is missing");
  });

  it('agrees with JSON.parse on what is JSON', () => {
    const samples = [
      '{"a":1}',
      '{"a":1,}',
      '[1,,2]',
      'nul',
      'null',
      '"\t"',
      '"\\t"',
      '1e5',
      '1E-5',
      '-01',
      '-0',
      '[-]',
      '{"a" "b"}',
      '{"a":}',
      '{,}',
      '[1 2]',
      '"\\/"',
      '"\\u0041"',
      '{"__proto__": 1}',
      ' ',
      'true false',
    ];
    for (const text of samples) {
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      expect({ text, valid: findJsonProblem(text) === null }).toEqual({ text, valid: parses });
    }
  });
});

describe('positionAt', () => {
  it('counts \\n, \\r\\n and \\r as one line break each', () => {
    expect(positionAt('a\nb\r\nc\rd', 7)).toEqual({ line: 4, column: 1 });
    expect(positionAt('a\nb\r\nc\rd', 8)).toEqual({ line: 4, column: 2 });
    expect(positionAt('abc', 2)).toEqual({ line: 1, column: 3 });
  });
});

describe('checkPayload', () => {
  it('returns the object for a JSON object', () => {
    expect(checkPayload('{"customer_name": "Ada"}')).toEqual({ ok: true, payload: { customer_name: 'Ada' } });
  });

  it('says where invalid JSON breaks', () => {
    const check = checkPayload('{\n  "a": 1,\n}');
    expect(check.ok).toBe(false);
    expect(!check.ok && check.message).toBe("Invalid JSON at line 3, column 1: trailing comma before '}' is not allowed");
  });

  it.each(['[]', '"text"', '42', 'null', 'true'])('refuses %s as not an object', (text) => {
    const check = checkPayload(text);
    expect(check).toMatchObject({ ok: false, kind: 'not_object', message: 'Payload must be a JSON object' });
  });
});
