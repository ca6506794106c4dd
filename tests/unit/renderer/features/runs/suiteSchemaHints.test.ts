import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { suiteFieldsAt, suiteKeyCompletions, suiteLintSource } from '../../../../../renderer/features/runs/suiteSchemaHints';

/** The suite Source editor's hints from the suite's JSON Schema, on a bare editor state (no DOM). */
function stateOf(text: string) {
  const state = EditorState.create({ doc: text, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 5000);
  return state;
}

/** Each mark as the text it covers and its message. */
function marks(text: string) {
  return suiteLintSource({ state: stateOf(text) }).map((mark) => ({ at: text.slice(mark.from, mark.to), message: mark.message }));
}

/** The labels offered at the caret, written as `|` in the text. */
function offered(textWithCaret: string, explicit = false) {
  const pos = textWithCaret.indexOf('|');
  const text = textWithCaret.replace('|', '');
  return suiteKeyCompletions(new CompletionContext(stateOf(text), pos, explicit))?.options.map((option) => option.label) ?? null;
}

describe('the suite schema’s lint marks', () => {
  it('marks nothing on a suite the schema accepts', () => {
    expect(marks('{"$schema": "x", "name": "smoke", "cases": [{"agent": "a", "expect": {"status": 200}}]}')).toEqual([]);
  });

  it('marks a misspelt field at its name, saying which fields go there', () => {
    const found = marks('{"cases": [{"agent": "a", "txt": "hi"}]}');
    expect(found).toEqual([{ at: '"txt"', message: expect.stringMatching(/^"txt" is not a field here\. Fields: .*\btext\b/) }]);
    expect(marks('{"cases": [{"agent": "a", "expect": {"bogus": 1}}]}')).toEqual([
      { at: '"bogus"', message: expect.stringMatching(/^"bogus" is not a field here\. Fields: status, /) },
    ]);
  });

  it('marks a value of the wrong type where it is, and a missing field at the object that lacks it', () => {
    expect(marks('{"name": 3, "cases": [{"agent": "a"}]}')).toEqual([{ at: '3', message: 'Expected string, found number.' }]);
    expect(marks('{"cases": [{"text": "hi"}]}')).toEqual([{ at: '{', message: 'Missing "agent".' }]);
    expect(marks('{"name": "x"}')).toEqual([{ at: '{', message: 'Missing "cases".' }]);
  });

  it('gives the JSON error first, worded as the payload editor words it', () => {
    expect(marks('{"cases": [')).toEqual([{ at: '', message: expect.stringMatching(/^Invalid JSON at line 1, column 12/) }]);
  });
});

describe('the suite schema’s key completion', () => {
  it('offers the fields of the object the caret is in, at any depth, leaving out those present', () => {
    expect(offered('{"na|')).toEqual(['name']);
    expect(offered('{"cases": [{"agent": "a", "te|"}]}')).toEqual(['text']);
    expect(offered('{"cases": [{"expect": {"st|')).toEqual(['status']);
    expect(offered('{"name": "x", |}', true)).not.toContain('name');
    expect(offered('{"name": "x", |}', true)).toContain('cases');
  });

  it('describes each field with the schema’s words', () => {
    expect(suiteFieldsAt([]).find((field) => field.key === 'name')?.detail).toMatch(/name, shown in reports/);
    expect(suiteFieldsAt(['cases', 0, 'expect']).find((field) => field.key === 'status')?.detail).not.toBe('');
  });

  it('offers nothing inside a value', () => {
    expect(offered('{"name": "na|')).toBeNull();
  });
});
