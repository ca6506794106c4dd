import { patternProblem } from '../../shared/answerPattern';
import type { JsonObject } from '../../shared/contract';
import { isJsonValue, MAX_JSON_DEPTH } from '../../shared/check';
import { referencesIn } from './substitute';
import type { CaseFields, Expectations, Suite, SuiteCase, SuiteProblem } from '../../shared/runs/suiteTypes';

/**
 * Checks a parsed suite file in full and reports every problem, each with its file, case and
 * field, so a person fixes them all in one go; nothing runs on a suite with any problem. The
 * shape checked here is the one schemas/suite.schema.json gives editors (a test holds the two
 * together); beyond the schema, patterns must compile (RE2 syntax, shared/answerPattern.ts) and every `{{column}}` must
 * name a column of the data file.
 */

const SUITE_KEYS = ['$schema', 'name', 'data', 'agents', 'defaults', 'cases'];
const CASE_FIELD_KEYS = ['agent', 'text', 'payload', 'expect'];
const EXPECT_KEYS = ['status', 'contract', 'answerContains', 'answerNotContains', 'answerMatches', 'payloadReflected', 'token', 'maxServerMs', 'maxRoundTripMs'];

type Where = Pick<SuiteProblem, 'case'>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : `a ${typeof value}`}`;
}

/**
 * A pattern's problem before any row is known, or null: its `{{column}}` references stood in
 * for by a letter (a row's value goes in escaped, as literal text), compiled by the one engine.
 * planChecked compiles it again with each row's values.
 */
export function templatePatternProblem(pattern: string): string | null {
  return patternProblem(pattern.replace(/\{\{\s*[^{}]*?\s*\}\}/g, 'x'));
}

/**
 * The structural check (what the JSON Schema also says), plus compiled regular expressions.
 * Returns the problems; an empty list means the value is a Suite.
 */
export function checkSuiteShape(raw: unknown, file: string): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const add = (field: string, message: string, where: Where = {}) => problems.push({ file, field, message, ...where });
  if (!isObject(raw)) {
    add('(top level)', `the suite must be a JSON object, not ${describe(raw)}`);
    return problems;
  }
  for (const key of Object.keys(raw)) if (!SUITE_KEYS.includes(key)) add(key, `unknown field (known: ${SUITE_KEYS.join(', ')})`);
  if ('$schema' in raw && typeof raw['$schema'] !== 'string') add('$schema', `must be a string, not ${describe(raw['$schema'])}`);
  if ('name' in raw && typeof raw['name'] !== 'string') add('name', `must be a string, not ${describe(raw['name'])}`);
  if ('data' in raw) {
    const data = raw['data'];
    if (typeof data !== 'string' || !/\.(csv|jsonl)$/i.test(data)) add('data', 'must be the path of a .csv or .jsonl file, relative to the suite');
  }
  if ('agents' in raw) {
    const agents = raw['agents'];
    if (!Array.isArray(agents) || agents.length === 0) add('agents', 'must be a non-empty list of agent ids');
    else {
      agents.forEach((agent, index) => {
        if (typeof agent !== 'string' || agent.trim() === '') add(`agents[${index}]`, 'must be a non-empty agent id');
        else if (agents.indexOf(agent) !== index) add(`agents[${index}]`, `the agent ${agent} is listed twice`);
      });
    }
  }
  const defaults = raw['defaults'];
  if ('defaults' in raw) {
    if (!isObject(defaults)) add('defaults', `must be an object, not ${describe(defaults)}`);
    else checkCaseFields(defaults, 'defaults', CASE_FIELD_KEYS, add, {}, 1);
  }
  const cases = raw['cases'];
  if (!('cases' in raw)) add('cases', 'is missing: a suite needs at least one case');
  else if (!Array.isArray(cases) || cases.length === 0) add('cases', 'must be a non-empty list of cases');
  else {
    const suiteHasAgent = Array.isArray(raw['agents']) || (isObject(defaults) && 'agent' in defaults);
    cases.forEach((item, index) => {
      const field = `cases[${index}]`;
      if (!isObject(item)) {
        add(field, `a case must be an object, not ${describe(item)}`, { case: { number: index + 1 } });
        return;
      }
      const where: Where = { case: { number: index + 1, ...(typeof item['name'] === 'string' ? { name: item['name'] } : {}) } };
      if ('name' in item && typeof item['name'] !== 'string') add(`${field}.name`, `must be a string, not ${describe(item['name'])}`, where);
      checkCaseFields(item, field, ['name', ...CASE_FIELD_KEYS], add, where, 2);
      if (!('agent' in item) && !suiteHasAgent) add(`${field}.agent`, 'is missing: give the case an agent, or the suite "agents" or "defaults.agent"', where);
    });
  }
  return problems;
}

/** `depth`: where `record` sits in the suite (defaults 1, a case 2), so a payload nests no deeper than the app allows a suite. */
function checkCaseFields(record: Record<string, unknown>, path: string, known: string[], add: (field: string, message: string, where?: Where) => void, where: Where, depth: number): void {
  for (const key of Object.keys(record)) if (!known.includes(key)) add(`${path}.${key}`, `unknown field (known: ${known.join(', ')})`, where);
  if ('agent' in record && (typeof record['agent'] !== 'string' || record['agent'].trim() === '')) add(`${path}.agent`, 'must be a non-empty agent id', where);
  if ('text' in record && typeof record['text'] !== 'string') add(`${path}.text`, `must be a string, not ${describe(record['text'])}`, where);
  if ('payload' in record && !isObject(record['payload'])) add(`${path}.payload`, `must be a JSON object, not ${describe(record['payload'])}`, where);
  else if ('payload' in record && !isJsonValue(record['payload'], depth + 1)) add(`${path}.payload`, `nests deeper than ${MAX_JSON_DEPTH} levels (counted from the top of the suite)`, where);
  if ('expect' in record) {
    const expect = record['expect'];
    if (!isObject(expect)) add(`${path}.expect`, `must be an object, not ${describe(expect)}`, where);
    else checkExpect(expect, `${path}.expect`, add, where);
  }
}

function checkExpect(expect: Record<string, unknown>, path: string, add: (field: string, message: string, where?: Where) => void, where: Where): void {
  for (const key of Object.keys(expect)) if (!EXPECT_KEYS.includes(key)) add(`${path}.${key}`, `unknown expectation (known: ${EXPECT_KEYS.join(', ')})`, where);
  const value = (key: string) => expect[key];
  if ('status' in expect) {
    const status = value('status');
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) add(`${path}.status`, 'must be an HTTP status, a whole number from 100 to 599', where);
  }
  for (const key of ['contract', 'payloadReflected']) {
    if (key in expect && typeof value(key) !== 'boolean') add(`${path}.${key}`, `must be true or false, not ${describe(value(key))}`, where);
  }
  for (const key of ['answerContains', 'answerNotContains']) {
    if (!(key in expect)) continue;
    const texts = value(key);
    const list = Array.isArray(texts) ? texts : [texts];
    if ((Array.isArray(texts) && texts.length === 0) || list.some((text) => typeof text !== 'string' || text === '')) {
      add(`${path}.${key}`, 'must be a non-empty text, or a non-empty list of them', where);
    }
  }
  if ('answerMatches' in expect) {
    const pattern = value('answerMatches');
    if (typeof pattern !== 'string' || pattern === '') add(`${path}.answerMatches`, 'must be a non-empty regular expression', where);
    else {
      const problem = templatePatternProblem(pattern);
      if (problem !== null) add(`${path}.answerMatches`, problem, where);
    }
  }
  if ('token' in expect && value('token') !== 'present' && value('token') !== 'absent') add(`${path}.token`, 'must be "present" or "absent"', where);
  for (const key of ['maxServerMs', 'maxRoundTripMs']) {
    if (!(key in expect)) continue;
    const ms = value(key);
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) add(`${path}.${key}`, 'must be a number of milliseconds above 0', where);
  }
}

/**
 * Every `{{column}}` of a suite that passed checkSuiteShape, checked against the data file's
 * columns (`null`: the suite has no data file, so any reference is a problem).
 */
export function checkColumnReferences(suite: Suite, file: string, columns: readonly string[] | null, dataName: string | null): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const check = (fields: CaseFields, path: string, where: Where) => {
    const references = [
      ...referencesIn(fields.agent, `${path}.agent`),
      ...referencesIn(fields.text, `${path}.text`),
      ...referencesIn(fields.payload, `${path}.payload`),
      ...(['answerContains', 'answerNotContains', 'answerMatches'] as const).flatMap((key) => referencesIn(fields.expect?.[key], `${path}.expect.${key}`)),
    ];
    for (const reference of references) {
      if (columns === null) {
        problems.push({ file, ...where, field: reference.path, message: `refers to the column {{${reference.column}}}, but the suite has no data file` });
      } else if (!columns.includes(reference.column)) {
        problems.push({ file, ...where, field: reference.path, message: `refers to the column {{${reference.column}}}, which ${dataName ?? 'the data file'} does not have (its columns: ${columns.join(', ') || 'none'})` });
      }
    }
  };
  if (suite.defaults) check(suite.defaults, 'defaults', {});
  suite.cases.forEach((item: SuiteCase, index) => check(item, `cases[${index}]`, { case: { number: index + 1, ...(item.name === undefined ? {} : { name: item.name }) } }));
  return problems;
}

/** The case's fields with the suite defaults under them: payload and expect merged key by key. */
export function withDefaults(item: SuiteCase, defaults: CaseFields | undefined): { agent?: string; text: string; payload: JsonObject; expect: Expectations } {
  const agent = item.agent ?? defaults?.agent;
  return {
    ...(agent === undefined ? {} : { agent }),
    text: item.text ?? defaults?.text ?? '',
    payload: { ...defaults?.payload, ...item.payload },
    expect: { ...defaults?.expect, ...item.expect },
  };
}
