import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { payloadKeyCompletions, payloadLintSource } from '../../../../renderer/features/invoke/payload/codeEditorExtensions';
import { containerAt, keySpotAt, keySuggestions } from '../../../../renderer/lib/payloadCompletion';

const KNOWN = [
  { key: 'customer_name', detail: 'placeholder' },
  { key: 'company', detail: 'placeholder' },
  { key: 'topic', detail: 'learned' },
];

/** Splits "text with a | caret" into the text and the caret offset. */
function at(marked: string): [string, number] {
  const pos = marked.indexOf('|');
  return [marked.slice(0, pos) + marked.slice(pos + 1), pos];
}

describe('keySpotAt', () => {
  it('finds a top-level key being typed, quoted or bare', () => {
    expect(keySpotAt(...at('{"cu|'))).toEqual({ from: 1, to: 4, typed: 'cu', quoted: true, colonFollows: false });
    expect(keySpotAt(...at('{"a": 1,\n  co|'))).toMatchObject({ typed: 'co', quoted: false });
    expect(keySpotAt(...at('{ | }'))).toEqual({ from: 2, to: 2, typed: '', quoted: false, colonFollows: false });
  });

  it('replaces the rest of the name and knows when a colon already follows', () => {
    expect(keySpotAt(...at('{"cu|stomer": 1}'))).toEqual({ from: 1, to: 11, typed: 'cu', quoted: true, colonFollows: true });
  });

  it('offers nothing in values, nested objects, or after a finished name', () => {
    expect(keySpotAt(...at('{"a": "cu|'))).toBeNull();
    expect(keySpotAt(...at('{"a": {"cu|'))).toBeNull();
    expect(keySpotAt(...at('{"a"|'))).toBeNull();
    expect(keySpotAt(...at('["cu|'))).toBeNull();
  });

  it('finds a key being typed in a nested object when asked for any depth', () => {
    expect(keySpotAt(...at('{"a": {"cu|'), true)).toMatchObject({ typed: 'cu', quoted: true });
    expect(keySpotAt(...at('[{"a": 1, cu|'), true)).toMatchObject({ typed: 'cu', quoted: false });
    expect(keySpotAt(...at('{"a": "cu|'), true)).toBeNull();
  });
});

describe('containerAt', () => {
  it('gives the path of the object or array the caret is in, and that object’s keys in the whole text', () => {
    expect(containerAt(...at('{"cases": [{"agent": "a"}, {"expect": {"st|": 1, "answerContains": []}}]}'))).toEqual({
      path: ['cases', 1, 'expect'],
      keys: new Set(['st', 'answerContains']),
    });
    expect(containerAt(...at('{"a": [1, 2, |'))).toEqual({ path: ['a'], keys: new Set() });
    expect(containerAt(...at('{|}'))).toEqual({ path: [], keys: new Set() });
    expect(containerAt(...at('| {}'))).toBeNull();
  });
});

describe('keySuggestions', () => {
  it('offers known keys not yet in the payload, matching what was typed, with quote and colon', () => {
    const [text, pos] = at('{"company": 1, "c|');
    const spot = keySpotAt(text, pos)!;
    expect(keySuggestions(text, spot, KNOWN)).toEqual([{ label: 'customer_name', apply: '"customer_name": ', detail: 'placeholder' }]);
    const [named, end] = at('{"na|": "x"}');
    expect(keySuggestions(named, keySpotAt(named, end)!, KNOWN).map((option) => option.apply)).toEqual(['"customer_name"']);
  });
});

describe('the editor completion source', () => {
  function complete(marked: string, explicit = false): CompletionResult | null {
    const [doc, pos] = at(marked);
    const source = payloadKeyCompletions(() => KNOWN);
    return source(new CompletionContext(EditorState.create({ doc }), pos, explicit)) as CompletionResult | null;
  }

  it('returns the agent’s known keys inside the object', () => {
    expect(complete('{\n  "|\n}')?.options.map((option) => [option.label, option.detail])).toEqual([
      ['customer_name', 'placeholder'],
      ['company', 'placeholder'],
      ['topic', 'learned'],
    ]);
    expect(complete('{"t|')?.options.map((option) => option.apply)).toEqual(['"topic": ']);
  });

  it('waits for a quote or a letter unless asked', () => {
    expect(complete('{ |')).toBeNull();
    expect(complete('{ |', true)?.options).toHaveLength(3);
  });
});

describe('the editor lint source', () => {
  it('marks the JSON error with the app’s own message, and {…} in values as warnings', () => {
    const diagnostics = payloadLintSource({ state: EditorState.create({ doc: '{"a": "Hi {name}",\n "b" 2}' }) });
    expect(diagnostics).toEqual([
      {
        from: 24,
        to: 25,
        severity: 'error',
        message: "Invalid JSON at line 2, column 6: expected ':' after the property name but found '2'",
      },
      { from: 10, to: 16, severity: 'warning', message: 'The server may treat {name} as a placeholder.' },
    ]);
  });

  it("leaves a suite case's {{column}} unwarned (its own data reference), and still warns about {name} beside it", () => {
    const state = EditorState.create({ doc: '{"a": "{{customer}}", "b": "Hi {name}"}' });
    expect(payloadLintSource({ state }, { dataReferences: true })).toEqual([
      { from: 31, to: 37, severity: 'warning', message: 'The server may treat {name} as a placeholder.' },
    ]);
    // In a request's payload it is text the server may substitute again.
    expect(payloadLintSource({ state }).map((mark) => mark.message)).toEqual([
      'The server may treat {customer} as a placeholder.',
      'The server may treat {name} as a placeholder.',
    ]);
  });
});
