import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSuite } from '../../../../electron/core/runs/suiteLoad';
import { describeProblem } from '../../../../electron/shared/runs/suiteTypes';
import { compilePattern } from '../../../../electron/shared/answerPattern';
import { casesOf } from '../../../support/planCases';

const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';
let dir: string;
beforeEach(async () => (dir = await mkdtemp(path.join(os.tmpdir(), 'suite-'))));
afterEach(async () => rm(dir, { recursive: true, force: true }));

async function problemsOf(suite: unknown, files: Record<string, string> = {}): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  const file = path.join(dir, 'orders.suite.json');
  await writeFile(file, typeof suite === 'string' ? suite : JSON.stringify(suite));
  const loaded = await loadSuite(file);
  return loaded.ok ? [] : loaded.problems.map(describeProblem);
}

describe('a suite is checked in full before anything runs', () => {
  it.each<[string, unknown, string]>([
    ['not an object', [], 'orders.suite.json: (top level): the suite must be a JSON object, not a list'],
    ['an unknown top-level field', { case: [], cases: [{ agent: AGENT }] }, 'orders.suite.json: case: unknown field'],
    ['no cases', { name: 'x' }, 'orders.suite.json: cases: is missing'],
    ['empty cases', { cases: [] }, 'orders.suite.json: cases: must be a non-empty list'],
    [
      'a bad data path',
      { data: 'rows.xlsx', cases: [{ agent: AGENT }] },
      'orders.suite.json: data: must be the path of a .csv, .jsonl or .json file',
    ],
    ['empty agents', { agents: [], cases: [{}] }, 'orders.suite.json: agents: must be a non-empty list'],
    ['a duplicate agent', { agents: [AGENT, AGENT], cases: [{}] }, `orders.suite.json: agents[1]: the agent ${AGENT} is listed twice`],
    ['a case with no agent anywhere', { cases: [{ name: 'first' }] }, 'orders.suite.json: case 1 "first": cases[0].agent: is missing'],
    [
      'a case that is not an object',
      { agents: [AGENT], cases: ['x'] },
      'orders.suite.json: case 1: cases[0]: a case must be an object, not a string',
    ],
    [
      'an unknown case field',
      { cases: [{ name: 'a', agent: AGENT, txt: 'hi' }] },
      'orders.suite.json: case 1 "a": cases[0].txt: unknown field',
    ],
    [
      'text not a string',
      { cases: [{ agent: AGENT, text: 3 }] },
      'orders.suite.json: case 1: cases[0].text: must be a string, not a number',
    ],
    [
      'payload an array',
      { cases: [{ agent: AGENT, payload: [] }] },
      'orders.suite.json: case 1: cases[0].payload: must be a JSON object, not a list',
    ],
    ['an unknown expectation', { cases: [{ agent: AGENT, expect: { answer: 'x' } }] }, 'cases[0].expect.answer: unknown expectation'],
    ['a bad status', { cases: [{ agent: AGENT, expect: { status: 700 } }] }, 'cases[0].expect.status: must be an HTTP status'],
    [
      'contract not boolean',
      { cases: [{ agent: AGENT, expect: { contract: 'yes' } }] },
      'cases[0].expect.contract: must be true or false, not a string',
    ],
    [
      'payloadReflected not boolean',
      { cases: [{ agent: AGENT, expect: { payloadReflected: 1 } }] },
      'cases[0].expect.payloadReflected: must be true or false',
    ],
    [
      'an empty answerContains',
      { cases: [{ agent: AGENT, expect: { answerContains: '' } }] },
      'cases[0].expect.answerContains: must be a non-empty text',
    ],
    [
      'answerNotContains with a number',
      { cases: [{ agent: AGENT, expect: { answerNotContains: ['a', 2] } }] },
      'cases[0].expect.answerNotContains: must be a non-empty text',
    ],
    [
      'an invalid regular expression',
      { cases: [{ name: 're', agent: AGENT, expect: { answerMatches: 'Order (\\d+' } }] },
      'orders.suite.json: case 1 "re": cases[0].expect.answerMatches: is not a valid regular expression',
    ],
    [
      'a lookahead, which RE2 syntax has not',
      { cases: [{ agent: AGENT, expect: { answerMatches: 'Order(?= shipped)' } }] },
      'cases[0].expect.answerMatches: is not a valid regular expression in RE2 syntax (lookahead, lookbehind and backreferences are not supported): invalid or unsupported Perl syntax: `(?=`',
    ],
    [
      'a backreference',
      { cases: [{ agent: AGENT, expect: { answerMatches: '(a)\\1' } }] },
      'cases[0].expect.answerMatches: is not a valid regular expression in RE2 syntax',
    ],
    [
      'a pattern too large to match quickly',
      { cases: [{ agent: AGENT, expect: { answerMatches: '[a-z]{999}'.repeat(12) } }] },
      'cases[0].expect.answerMatches: is too large',
    ],
    [
      'a bad token expectation',
      { cases: [{ agent: AGENT, expect: { token: 'yes' } }] },
      'cases[0].expect.token: must be "present" or "absent"',
    ],
    [
      'a bad maxServerMs',
      { cases: [{ agent: AGENT, expect: { maxServerMs: 0 } }] },
      'cases[0].expect.maxServerMs: must be a number of milliseconds above 0',
    ],
    [
      'a bad maxRoundTripMs',
      { cases: [{ agent: AGENT, expect: { maxRoundTripMs: '5' } }] },
      'cases[0].expect.maxRoundTripMs: must be a number',
    ],
    [
      'a bad default',
      { defaults: { name: 'x', text: 1 }, cases: [{ agent: AGENT }] },
      'orders.suite.json: defaults.text: must be a string',
    ],
    [
      'a column with no data file',
      { cases: [{ agent: AGENT, text: '{{text}}' }] },
      'orders.suite.json: case 1: cases[0].text: refers to the column {{text}}, but the suite has no data file',
    ],
    ['not JSON', '{ "cases": [ }', 'orders.suite.json: (file): not valid JSON (Unexpected token'],
  ])('%s', async (_what, suite, message) => {
    const problems = await problemsOf(suite);
    expect(
      problems.some((problem) => problem.includes(message)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('reports every problem at once, each with its case and field', async () => {
    const problems = await problemsOf({ cases: [{ name: 'a', agent: AGENT, expect: { status: 'x', token: 1 } }, { name: 'b' }] });
    expect(problems).toEqual([
      expect.stringContaining('case 1 "a": cases[0].expect.status'),
      expect.stringContaining('case 1 "a": cases[0].expect.token'),
      expect.stringContaining('case 2 "b": cases[1].agent'),
    ]);
  });

  it('names an unknown column and the columns the data file has', async () => {
    const problems = await problemsOf(
      {
        data: 'rows.csv',
        cases: [{ name: 'c', agent: AGENT, payload: { customer_name: '{{customr}}' }, expect: { answerContains: '{{customer}}' } }],
      },
      { 'rows.csv': 'text,customer\nhi,Dana\n' },
    );
    expect(problems).toEqual([
      'orders.suite.json: case 1 "c": cases[0].payload.customer_name: refers to the column {{customr}}, which rows.csv does not have (its columns: text, customer)',
    ]);
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'a missing data file',
      {},
      'orders.suite.json: data: the data file "rows.csv" was not read: it does not exist beside the suite; to use a file of your own, name it with --data',
    ],
    ['a malformed CSV line', { 'rows.csv': 'text\n"open\n' }, 'rows.csv: line 2: a quoted field is not closed'],
    ['a header with no rows', { 'rows.csv': 'text\n' }, 'rows.csv: (file): the data file has a header but no rows'],
  ])('%s in the data file', async (_what, files, message) => {
    expect(await problemsOf({ data: 'rows.csv', cases: [{ agent: AGENT, text: '{{text}}' }] }, files)).toEqual([message]);
  });

  it('names the JSONL line that is not a row', async () => {
    const problems = await problemsOf({ data: 'rows.jsonl', cases: [{ agent: AGENT }] }, { 'rows.jsonl': '{"a":1}\n[1]\n' });
    expect(problems).toEqual(['rows.jsonl: line 2: each line must be a JSON object (one row)']);
  });
});

describe('a good suite expands to one request per case, row and agent', () => {
  it('substitutes each row in text, payload and expectations, with defaults under each case', async () => {
    await writeFile(path.join(dir, 'rows.csv'), 'text,customer\n"Hello, {{x}}",Dana\nHi,"O""Brien"\n');
    const file = path.join(dir, 's.json');
    await writeFile(
      file,
      JSON.stringify({
        data: 'rows.csv',
        agents: ['a1', 'a2'],
        defaults: { payload: { company: 'Northwind', customer_name: 'nobody' }, expect: { token: 'present' } },
        cases: [
          {
            name: 'reflects',
            text: '{{text}}',
            payload: { customer_name: '{{customer}}', topic: '{topic}' },
            expect: { answerContains: '{{customer}}' },
          },
        ],
      }),
    );
    const loaded = await loadSuite(file);
    if (!loaded.ok) throw new Error(loaded.problems.map(describeProblem).join('\n'));
    const plan = await casesOf(loaded.value.plan);
    expect(plan.map((item) => [item.row, item.agentId, item.text, item.payload['customer_name'], item.expect])).toEqual([
      [1, 'a1', 'Hello, {{x}}', 'Dana', { token: 'present', answerContains: 'Dana' }],
      [1, 'a2', 'Hello, {{x}}', 'Dana', { token: 'present', answerContains: 'Dana' }],
      [2, 'a1', 'Hi', 'O"Brien', { token: 'present', answerContains: 'O"Brien' }],
      [2, 'a2', 'Hi', 'O"Brien', { token: 'present', answerContains: 'O"Brien' }],
    ]);
    expect(plan[0]!.payload).toEqual({ company: 'Northwind', customer_name: 'Dana', topic: '{topic}' });
  });

  it('puts a row value into answerMatches literally', async () => {
    await writeFile(path.join(dir, 'rows.jsonl'), '{"order": "NW-1.5"}\n');
    const file = path.join(dir, 's.json');
    await writeFile(
      file,
      JSON.stringify({ data: 'rows.jsonl', cases: [{ agent: 'a', expect: { answerMatches: '^Order {{order}} is' } }] }),
    );
    const loaded = await loadSuite(file);
    const plan = loaded.ok ? await casesOf(loaded.value.plan) : [];
    const pattern = compilePattern(plan[0]?.expect.answerMatches ?? '');
    expect(pattern.ok && [pattern.value.test('Order NW-1.5 is here'), pattern.value.test('Order NW-105 is here')]).toEqual([true, false]);
  });

  it('refuses a pattern that a row makes invalid, naming the case, the row and the field, before anything is sent', async () => {
    const problems = await problemsOf(
      { data: 'rows.csv', cases: [{ name: 'count', agent: AGENT, expect: { answerMatches: '^a{1,{{n}}}$' } }] },
      { 'rows.csv': 'n\n3\n0\n2\n' },
    );
    expect(problems).toEqual([
      'orders.suite.json: case 1 "count": cases[0].expect.answerMatches: with row 2 of rows.csv it is not a valid regular expression in RE2 syntax (lookahead, lookbehind and backreferences are not supported): invalid repeat count: `{1,0}`',
    ]);
  });

  it('refuses a row value that makes the pattern too large', async () => {
    const problems = await problemsOf(
      { data: 'rows.jsonl', cases: [{ agent: AGENT, expect: { answerMatches: '^(?:{{v}}){999}$' } }] },
      { 'rows.jsonl': `{"v": "ab"}\n{"v": "${'x'.repeat(30)}"}\n` },
    );
    expect(problems).toEqual([
      expect.stringMatching(/^orders\.suite\.json: case 1: cases\[0\]\.expect\.answerMatches: with row 2 of rows\.jsonl it is too large/),
    ]);
  });

  it('takes --data instead of the suite’s own file', async () => {
    await writeFile(path.join(dir, 'other.jsonl'), '{"n": 7}\n');
    const file = path.join(dir, 's.json');
    await writeFile(file, JSON.stringify({ data: 'missing.csv', cases: [{ agent: 'a', payload: { n: '{{n}}' } }] }));
    const loaded = await loadSuite(file, { dataFile: path.join(dir, 'other.jsonl') });
    expect(loaded.ok && (await casesOf(loaded.value.plan)).map((item) => item.payload)).toEqual([{ n: 7 }]);
  });
});

describe('a judge expectation is checked like the rest', () => {
  const JUDGE = '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60';
  const GUIDELINE = 'c6d1a8e3-4f72-4b95-8e0a-3d9b7f1c5e24';

  it('says each problem where it is: a bad id, rules that are not rule numbers, a field it does not know', async () => {
    const problems = await problemsOf({
      cases: [
        { name: 'a', agent: AGENT, expect: { judge: { agent: 'judge-1', guideline: GUIDELINE, rules: [0, 2, 2.5, 2] } } },
        { name: 'b', agent: AGENT, expect: { judge: { agent: JUDGE, guideline: 42, pass: 'OK' } } },
        { name: 'c', agent: AGENT, expect: { judge: { agent: JUDGE } } },
        { name: 'd', agent: AGENT, expect: { judge: 'strict' } },
      ],
    });
    expect(problems).toEqual([
      'orders.suite.json: case 1 "a": cases[0].expect.judge.agent: must be the judge agent\'s id, a UUID such as 7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47',
      'orders.suite.json: case 1 "a": cases[0].expect.judge.rules[0]: must be a rule number, a whole number from 1 to 1000',
      'orders.suite.json: case 1 "a": cases[0].expect.judge.rules[2]: must be a rule number, a whole number from 1 to 1000',
      'orders.suite.json: case 1 "a": cases[0].expect.judge.rules[3]: rule 2 is listed twice',
      'orders.suite.json: case 2 "b": cases[1].expect.judge.pass: unknown field (known: agent, guideline, passWhen, rules)',
      'orders.suite.json: case 2 "b": cases[1].expect.judge.guideline: must be the guideline\'s id, a UUID such as 7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47, not a number',
      'orders.suite.json: case 3 "c": cases[2].expect.judge.guideline: is missing: name the guideline to judge against',
      'orders.suite.json: case 4 "d": cases[3].expect.judge: must be an object with the guideline\'s id, not a string',
    ]);
  });

  it('needs a judge agent from the case, the defaults or the run (--judge-agent)', async () => {
    const suite = {
      defaults: { expect: { judge: { guideline: GUIDELINE } } },
      cases: [
        { name: 'own judge', agent: AGENT, expect: { judge: { agent: JUDGE, guideline: GUIDELINE } } },
        { name: 'none', agent: AGENT },
      ],
    };
    expect(await problemsOf(suite)).toEqual([
      'orders.suite.json: case 2 "none": cases[1].expect.judge.agent: is missing: name the judge agent here, or give the run a default judge (--judge-agent ID)',
    ]);
    const loaded = await loadSuite(path.join(dir, 'orders.suite.json'), { judgeAgent: JUDGE });
    expect(loaded.ok && (await casesOf(loaded.value.plan)).map((item) => item.expect.judge)).toEqual([
      { agent: JUDGE, guideline: GUIDELINE },
      { guideline: GUIDELINE },
    ]);
  });
});
