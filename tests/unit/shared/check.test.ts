import { definedOnly, fieldsOf, invalid, isJsonValue, isPlainObject, MAX_JSON_DEPTH, unknownField } from '../../../electron/shared/check';

/** Nests `levels` lists around a number: depth `levels` for the number. */
const nested = (levels: number): unknown => Array.from({ length: levels }).reduce<unknown>((inner) => [inner], 1);

describe('the checking kit', () => {
  it('refuses with the invalid_argument code, naming the field only when there is one', () => {
    expect(invalid('"x" must be a string.')).toEqual({ ok: false, error: { code: 'invalid_argument', message: '"x" must be a string.' } });
    expect(invalid('Give the profile a name.', 'name')).toEqual({
      ok: false,
      error: { code: 'invalid_argument', message: 'Give the profile a name.', field: 'name' },
    });
  });

  it('takes only objects as JSON or structured clone makes them', () => {
    expect(isPlainObject({ a: 1 })).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
    for (const value of [null, [], 'x', 1, new Date(), new Map()]) expect(isPlainObject(value)).toBe(false);
  });

  it('takes JSON data to MAX_JSON_DEPTH levels and no deeper, counting from where the value sits', () => {
    expect(isJsonValue(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(isJsonValue(nested(MAX_JSON_DEPTH + 1))).toBe(false);
    expect(isJsonValue(nested(MAX_JSON_DEPTH - 1), 2)).toBe(false);
    expect(isJsonValue(nested(50_000))).toBe(false);
    for (const value of [undefined, Number.NaN, Infinity, () => 1, { a: undefined }, [new Date()]]) expect(isJsonValue(value)).toBe(false);
  });

  it('refuses a non-object and an unknown field (its name cut to 40 characters) in the words it is given', () => {
    expect(fieldsOf([], ['a'])).toEqual(invalid('The argument must be an object.'));
    expect(fieldsOf({ a: 1, ['b'.repeat(50)]: 2 }, ['a'])).toEqual(invalid(`"${'b'.repeat(40)}" is not a field of this request.`));
    expect(fieldsOf('x', [], { notObject: 'Expected { draft }.' })).toEqual(invalid('Expected { draft }.'));
    expect(fieldsOf({ c: 1 }, [], { unknown: (name) => `"${name}" is not a history filter.` })).toEqual(
      invalid('"c" is not a history filter.'),
    );
    expect(fieldsOf({ a: 1 }, ['a', 'b'])).toEqual({ ok: true, value: { a: 1 } });
    expect(unknownField({ a: 1 }, ['a'])).toBeUndefined();
  });

  it('leaves an optional field out when it is undefined, and keeps null', () => {
    expect(definedOnly({ a: undefined, b: null, c: 0 })).toStrictEqual({ b: null, c: 0 });
  });
});
