import { addTopLevelKey, renameTopLevelKey } from '../../../../renderer/lib/payloadMembers';

describe('renameTopLevelKey', () => {
  it('renames only the top-level key, keeping its value and the text as typed', () => {
    const text = '{\n  "customer_nme": {"customer_nme": 1.50},\n  "x": "customer_nme"\n}';
    expect(renameTopLevelKey(text, 'customer_nme', 'customer_name')).toEqual({
      text: '{\n  "customer_name": {"customer_nme": 1.50},\n  "x": "customer_nme"\n}',
      at: 4,
    });
    expect(renameTopLevelKey('{"a\u0062": 1}', 'ab', 'a"b')?.text).toBe('{"a\\"b": 1}');
    expect(renameTopLevelKey('{"a": 1}', 'b', 'c')).toBeNull();
  });
});

describe('addTopLevelKey', () => {
  it.each([
    ['{}', '{ "customer_name": "" }'],
    ['{"a": 1}', '{"a": 1, "customer_name": ""}'],
    ['{\n    "a": {"b": [1, 2]}\n}', '{\n    "a": {"b": [1, 2]},\n    "customer_name": ""\n}'],
    ['{\n}', '{\n  "customer_name": ""\n}'],
  ])('adds the key to %j, keeping what was typed', (text, expected) => {
    const added = addTopLevelKey(text, 'customer_name');
    expect(added?.text).toBe(expected);
    // The caret goes between the new value's quotes.
    expect(added && added.text.slice(added.at - 1, added.at + 1)).toBe('""');
  });

  it('leaves text that is not a JSON object alone', () => {
    expect(addTopLevelKey('{"a": ', 'x')).toBeNull();
    expect(addTopLevelKey('[1]', 'x')).toBeNull();
  });
});
