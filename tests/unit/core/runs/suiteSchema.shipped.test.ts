import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { checkSuiteShape } from '../../../../electron/core/runs/suiteValidate';
import { suiteJsonSchema } from '../../../../electron/core/runs/suiteSchema';
import { patternProblem } from '../../../../electron/shared/answerPattern';
import { SUITE_SCHEMA_URL } from '../../../../electron/shared/runs/suiteTypes';

/**
 * The JSON Schema editors use is built from the validator's own rules (suiteSchema.ts), and the
 * two must say the same about a suite. (Ajv is here only as a test tool: it comes with ESLint,
 * and the app does not ship it.)
 */
const schema = JSON.parse(readFileSync(new URL('../../../../schemas/suite.schema.json', import.meta.url), 'utf8')) as object;
const ajv = new Ajv({ allErrors: true, strict: false });
// The pattern format is RE2's, checked by the one engine the runner uses (JSON Schema's own
// "regex" format is ECMA-262, which accepts lookarounds RE2 refuses).
ajv.addFormat('re2', (text: string) => patternProblem(text) === null);
const validate = ajv.compile(schema);

const A = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
const GOOD: unknown[] = [
  { cases: [{ agent: A }] },
  // As the app saves a suite: the schema's published address first.
  { $schema: SUITE_SCHEMA_URL, name: 'orders', cases: [{ agent: A }] },
  {
    $schema: '../schemas/suite.schema.json',
    name: 'orders',
    data: 'rows.CSV',
    cases: [{ name: 'x', agent: A, text: '{{text}}', payload: { a: { b: [1] } } }],
  },
  { agents: [A, 'b'], cases: [{}, { text: '' }] },
  { defaults: { agent: A, expect: { status: 404, contract: false } }, cases: [{ expect: { token: 'absent' } }] },
  {
    data: 'r.jsonl',
    cases: [
      {
        agent: A,
        expect: {
          answerContains: ['a', 'b'],
          answerNotContains: 'c',
          answerMatches: '^Hi (?:\\w+)',
          payloadReflected: true,
          token: 'present',
          maxServerMs: 1.5,
          maxRoundTripMs: 100,
          judge: { agent: A, guideline: A.toUpperCase(), passWhen: 'OK', rules: [1, 3] },
        },
      },
    ],
  },
];
const BAD: unknown[] = [
  [],
  {},
  { cases: [] },
  { cases: [{}] },
  { cases: [{ agent: '' }] },
  { cases: [{ agent: '  ' }] },
  { cases: [{ agent: A }], extra: 1 },
  { data: 'rows.txt', cases: [{ agent: A }] },
  { agents: [], cases: [{}] },
  { agents: [A, A], cases: [{}] },
  { agents: [3], cases: [{}] },
  { defaults: { name: 'x' }, agents: [A], cases: [{}] },
  { defaults: [], cases: [{ agent: A }] },
  { cases: [{ agent: A, extra: 1 }] },
  { cases: [{ agent: A, name: 3 }] },
  { cases: [{ agent: A, text: null }] },
  { cases: [{ agent: A, payload: [] }] },
  { cases: [{ agent: A, payload: null }] },
  { cases: [{ agent: A, expect: [] }] },
  { cases: [{ agent: A, expect: { what: 1 } }] },
  { cases: [{ agent: A, expect: { status: 200.5 } }] },
  { cases: [{ agent: A, expect: { status: 99 } }] },
  { cases: [{ agent: A, expect: { contract: 'true' } }] },
  { cases: [{ agent: A, expect: { answerContains: [] } }] },
  { cases: [{ agent: A, expect: { answerContains: [''] } }] },
  { cases: [{ agent: A, expect: { answerNotContains: 5 } }] },
  { cases: [{ agent: A, expect: { answerMatches: '(' } }] },
  { cases: [{ agent: A, expect: { answerMatches: '' } }] },
  { cases: [{ agent: A, expect: { answerMatches: 'a(?=b)' } }] },
  { cases: [{ agent: A, expect: { payloadReflected: 'yes' } }] },
  { cases: [{ agent: A, expect: { token: 'maybe' } }] },
  { cases: [{ agent: A, expect: { maxServerMs: 0 } }] },
  { cases: [{ agent: A, expect: { maxRoundTripMs: -1 } }] },
  { name: 1, cases: [{ agent: A }] },
  { cases: [{ agent: A, expect: { judge: { agent: A } } }] },
  { cases: [{ agent: A, expect: { judge: { agent: 'judge', guideline: A } } }] },
  { cases: [{ agent: A, expect: { judge: { agent: A, guideline: A, rules: [0] } } }] },
  { cases: [{ agent: A, expect: { judge: { agent: A, guideline: A, rules: [1, 1] } } }] },
  { cases: [{ agent: A, expect: { judge: { agent: A, guideline: A, passWhen: ' ' } } }] },
  { cases: [{ agent: A, expect: { judge: { agent: A, guideline: A, strict: true } } }] },
];

describe('the shipped JSON Schema and the validator agree', () => {
  it.each(GOOD.map((suite) => [JSON.stringify(suite), suite]))('both accept %s', (_label, suite) => {
    expect(validate(suite), JSON.stringify(validate.errors)).toBe(true);
    expect(checkSuiteShape(suite, 's.json')).toEqual([]);
  });

  it.each(BAD.map((suite) => [JSON.stringify(suite), suite]))('both refuse %s', (_label, suite) => {
    expect(validate(suite)).toBe(false);
    expect(checkSuiteShape(suite, 's.json')).not.toEqual([]);
  });
});

describe('the shipped JSON Schema is the one the rules build', () => {
  it('is published at the address the app writes in the suites it saves', () => {
    expect(schema).toHaveProperty('$id', SUITE_SCHEMA_URL);
  });

  // `npx vitest run -u` on this file writes it again after a rule or a description changes.
  it('schemas/suite.schema.json holds what suiteJsonSchema() gives', async () => {
    await expect(`${JSON.stringify(suiteJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../../../schemas/suite.schema.json');
  });
});
