import { describe, expect, it } from 'vitest';
import { dataRowCount } from '../../../../../renderer/features/runs/DataFileField';
import { seedFromEntries } from '../../../../../renderer/features/runs/NewSuiteFromHistory';
import {
  emptyExpect,
  emptySuite,
  fromSuiteText,
  localProblems,
  suiteFileName,
  toSuite,
} from '../../../../../renderer/features/runs/suiteModel';

const AGENT = '11111111-1111-4111-8111-111111111111';

describe('the suite editor model', () => {
  it('reads a suite file and writes the same JSON back (fields it does not show are kept)', () => {
    const suite = {
      $schema: 'https://example.test/suite.schema.json',
      name: 'orders',
      data: 'rows.csv',
      agents: [AGENT, '22222222-2222-4222-8222-222222222222'],
      // A judge expectation the form does not edit goes back as it came.
      defaults: { text: 'Hi', expect: { status: 200, token: 'present', judge: { agent: AGENT, guideline: AGENT, rules: [4] } } },
      cases: [
        {
          name: 'a',
          payload: { customer: '{{customer}}', n: 2 },
          expect: { answerContains: ['x', 'y'], answerNotContains: 'z', maxRoundTripMs: 500, contract: false, payloadReflected: true },
        },
        { name: 'b', agent: AGENT, text: '{{text}}', expect: { answerMatches: '^(?i:hello)' } },
      ],
    };
    const read = fromSuiteText(JSON.stringify(suite), 'orders.json');
    if (!read.ok) throw new Error(read.message);
    expect(toSuite(read.draft)).toEqual(suite);
    expect(suiteFileName(read.draft)).toBe('orders.json');
  });

  it('leaves empty fields out so the defaults apply, and names an unsaved suite after its name', () => {
    const draft = { ...emptySuite(), name: 'Smoke test / nightly' };
    expect(toSuite(draft)).toEqual({ name: 'Smoke test / nightly', cases: [{}] });
    expect(suiteFileName(draft)).toBe('Smoke-test-nightly.suite.json');
    expect(suiteFileName(emptySuite())).toBe('Untitled.suite.json');
  });

  it.each([
    ['orders', 'orders.suite.json'],
    ['orders.json', 'orders.suite.json'],
    ['orders.suite.json', 'orders.suite.json'],
    ['x.json.suite.json', 'x.suite.json'],
    ['Orders.JSON', 'Orders.suite.json'],
    ['.json', 'Untitled.suite.json'],
  ])('names a suite called %j %j, never doubling its ending', (name, file) => {
    expect(suiteFileName({ ...emptySuite(), name })).toBe(file);
  });

  it('keeps a half-typed number as text, for the host to name', () => {
    const draft = emptySuite();
    draft.cases[0]!.expect = { ...emptyExpect(), status: '20x' };
    expect(toSuite(draft).cases[0]).toEqual({ expect: { status: '20x' } });
  });

  it('refuses a file that is not JSON, or has no cases, saying which', () => {
    expect(fromSuiteText('{', 'a.json')).toMatchObject({ ok: false, message: expect.stringMatching(/^a\.json is not valid JSON/) });
    expect(fromSuiteText('[]', 'b.json')).toEqual({ ok: false, message: 'b.json is not a JSON object with a "cases" list.' });
    expect(fromSuiteText('{"name":"x"}', 'c.json')).toEqual({ ok: false, message: 'c.json has no "cases" list.' });
  });

  it('finds payloads that are not JSON objects, by case and field', () => {
    const draft = { ...emptySuite(), name: 'x' };
    draft.cases[0] = { ...draft.cases[0]!, name: 'first', payloadText: '[1]' };
    expect(localProblems(draft)).toEqual([
      { file: 'x.suite.json', case: { number: 1, name: 'first' }, field: 'cases[0].payload', message: 'Payload must be a JSON object' },
    ]);
  });

  it('counts data rows as the runner does: a CSV header is not a row; blank JSONL lines are not either', () => {
    expect(dataRowCount({ name: 'r.csv', text: 'a,b\n1,"two\nlines"\n3,4\n' })).toEqual({ rows: 2 });
    expect(dataRowCount({ name: 'r.jsonl', text: '{"a":1}\n\n{"a":2}\n' })).toEqual({ rows: 2 });
    expect(dataRowCount({ name: 'r.json', text: '\uFEFF[{"a":1},\n {"a":2}, {"a":3}]' })).toEqual({ rows: 3 });
    expect(dataRowCount({ name: 'r.json', text: '{"a":1}' })).toEqual({ problem: 'it is not a JSON array of objects' });
    expect(dataRowCount({ name: 'r.csv', text: 'a\n"open' })).toMatchObject({ problem: expect.stringMatching(/^line 2/) });
  });

  it('makes cases of invokes only from history entries, saying how many were left out', () => {
    const made = seedFromEntries([
      { what: 'invoke', request: { agentId: AGENT, text: 't', payload: { a: 1 } } },
      { what: 'guideline', request: { guidelineId: 'g' } },
    ] as never);
    expect(made.cases.map((item) => [item.agent, item.text, item.payloadText])).toEqual([[AGENT, 't', '{\n  "a": 1\n}']]);
    expect(made.note).toMatch(/^1 entry was left out/);
  });
});
