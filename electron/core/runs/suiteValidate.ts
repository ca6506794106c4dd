import { patternProblem } from '../../shared/answerPattern';
import { isIntegerIn, isJsonValue, isNonBlankText, isPlainObject, isUuid, MAX_JSON_DEPTH, type Fields } from '../../shared/check';
import type { JsonObject } from '../../shared/api';
import { referencesIn } from './substitute';
import type { CaseFields, Expectations, Suite, SuiteCase, SuiteProblem } from '../../shared/runs/suiteTypes';

/**
 * The suite file's shape, written once: each field's rule holds its part of the JSON Schema
 * editors use (with the description they show) beside the check the runner makes, and
 * suiteSchema.ts builds schemas/suite.schema.json from these tables (a test holds the file to
 * what they give). checkSuiteShape reports every problem, each with its file, case and field, so
 * a person fixes them all in one go; nothing runs on a suite with any problem. Beyond the
 * schema, patterns must compile (RE2 syntax, shared/answerPattern.ts) and every `{{column}}`
 * must name a column of the data file.
 */

type Where = Pick<SuiteProblem, 'case'>;
/** Adds a problem with the field being checked; `at` follows its name (an item of a list: "[2]", a field of it: ".status"). */
type Report = (message: string, at?: string) => void;

interface FieldRule {
  /** The field in the JSON Schema, with the description editors show. */
  schema: JsonObject;
  /** Reports what is wrong with a value; `depth` is where the field's object sits in the suite. */
  check: (value: unknown, report: Report, depth: number) => void;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : `a ${typeof value}`}`;
}

const text = (description: string): FieldRule => ({
  schema: { type: 'string', description },
  check: (value, report) => {
    if (typeof value !== 'string') report(`must be a string, not ${describe(value)}`);
  },
});

const flag = (description: string): FieldRule => ({
  schema: { type: 'boolean', description },
  check: (value, report) => {
    if (typeof value !== 'boolean') report(`must be true or false, not ${describe(value)}`);
  },
});

/** The JSON Schema of each field of a table of rules (suiteSchema.ts builds the file from these). */
export function schemasOf(rules: Record<string, { schema: JsonObject }>): JsonObject {
  return Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, rule.schema]));
}

const isAgentId = (value: unknown): value is string => isNonBlankText(value, Infinity);
const AGENT_ID: JsonObject = { type: 'string', pattern: '\\S' };

/** A non-empty text, or a non-empty list of them (the schema's "texts" definition). */
const texts = (description: string): FieldRule => ({
  schema: { $ref: '#/definitions/texts', description },
  check: (value, report) => {
    const list = Array.isArray(value) ? value : [value];
    if ((Array.isArray(value) && value.length === 0) || list.some((one) => typeof one !== 'string' || one === '')) {
      report('must be a non-empty text, or a non-empty list of them');
    }
  },
});

export const TEXTS_SCHEMA: JsonObject = {
  oneOf: [
    { type: 'string', minLength: 1 },
    { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
  ],
};

const milliseconds = (description: string): FieldRule => ({
  schema: { type: 'number', exclusiveMinimum: 0, description },
  check: (value, report) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) report('must be a number of milliseconds above 0');
  },
});

const TOKENS = ['present', 'absent'];
const STATUS = { minimum: 100, maximum: 599 };

/** A guideline's rules are numbered 1 to this at most (the checklist reads at most 1,000). */
const MAX_RULE = 1000;
const UUID_SCHEMA: JsonObject = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};
const uuidProblem = (what: string, value: unknown) =>
  `must be the ${what}'s id, a UUID such as 7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47${typeof value === 'string' ? '' : `, not ${describe(value)}`}`;

/** The judge expectation's own fields. */
const JUDGE_FIELDS: Record<string, FieldRule> = {
  agent: {
    schema: { ...UUID_SCHEMA, description: "The judge agent's id; the run's default judge (--judge-agent) when absent." },
    check: (value, report) => {
      if (!isUuid(value)) report(uuidProblem('judge agent', value));
    },
  },
  guideline: {
    schema: { ...UUID_SCHEMA, description: "The guideline's id: fetched once per run, its version kept with each result." },
    check: (value, report) => {
      if (!isUuid(value)) report(uuidProblem('guideline', value));
    },
  },
  passWhen: {
    schema: { type: 'string', pattern: '\\S', description: 'The word that means pass when the judge answers in words (default PASS).' },
    check: (value, report) => {
      if (!isNonBlankText(value, 100)) report('must be a word of at most 100 characters, such as PASS');
    },
  },
  rules: {
    schema: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: MAX_RULE },
      description: 'The rule numbers that count (1 for the first rule, as the History checklist numbers them); every rule when absent.',
    },
    check: (value, report) => {
      if (!Array.isArray(value) || value.length === 0) return report('must be a non-empty list of rule numbers, such as [1, 3]');
      value.forEach((rule, index) => {
        if (!isIntegerIn(rule, 1, MAX_RULE)) report(`must be a rule number, a whole number from 1 to ${MAX_RULE}`, `[${index}]`);
        else if (value.indexOf(rule) !== index) report(`rule ${rule} is listed twice`, `[${index}]`);
      });
    },
  },
};

/** Each expectation, in the order the schema lists them. */
export const EXPECT_FIELDS: Record<string, FieldRule> = {
  status: {
    schema: { type: 'integer', ...STATUS, description: 'The HTTP status (default 200).' },
    check: (value, report) => {
      if (!isIntegerIn(value, STATUS.minimum, STATUS.maximum))
        report(`must be an HTTP status, a whole number from ${STATUS.minimum} to ${STATUS.maximum}`);
    },
  },
  contract: flag('The contract check passes (default true when the expected status is 2xx).'),
  answerContains: texts('Each text appears in the answer.'),
  answerNotContains: texts('No text of these appears in the answer.'),
  answerMatches: {
    schema: {
      type: 'string',
      minLength: 1,
      format: 're2',
      description:
        'A regular expression in RE2 syntax (https://github.com/google/re2/wiki/Syntax) that the answer ' +
        'matches somewhere: no lookahead, lookbehind or backreferences; (?i:...) for a case-insensitive part. ' +
        "A {{column}} in it takes the row's value, matched literally. At most 10,000 compiled steps.",
    },
    check: (value, report) => {
      if (typeof value !== 'string' || value === '') return report('must be a non-empty regular expression');
      const problem = templatePatternProblem(value);
      if (problem !== null) report(problem);
    },
  },
  payloadReflected: flag('Every top-level payload value appears in the answer.'),
  token: {
    schema: { enum: TOKENS },
    check: (value, report) => {
      if (!TOKENS.includes(value as string)) report(`must be ${TOKENS.map((token) => `"${token}"`).join(' or ')}`);
    },
  },
  maxServerMs: milliseconds("The server's own duration, at most (ms)."),
  maxRoundTripMs: milliseconds('The measured round trip, at most (ms).'),
  judge: {
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['guideline'],
      description:
        "A judge agent of the platform checks the answer against a guideline's rules; passes when every chosen rule passes. " +
        'The judge is sent answer, text, guideline, rules (numbered lines) and name in its payload.',
      properties: schemasOf(JUDGE_FIELDS),
    },
    check: (value, report) => {
      if (!isPlainObject(value)) return report(`must be an object with the guideline's id, not ${describe(value)}`);
      if (!('guideline' in value)) report('is missing: name the guideline to judge against', '.guideline');
      checkFields(value, JUDGE_FIELDS, 'unknown field', report, 0);
    },
  },
};

/** The fields a case takes, and the defaults give every case. */
export const CASE_FIELDS: Record<string, FieldRule> = {
  agent: {
    schema: { ...AGENT_ID, description: 'The agent id (agent_uuid).' },
    check: (value, report) => {
      if (!isAgentId(value)) report('must be a non-empty agent id');
    },
  },
  text: text('The input text; empty when absent.'),
  payload: {
    schema: { type: 'object', description: "Values for the agent prompt's {placeholders}." },
    // `depth + 1`: the payload sits one below its case (or the defaults); it nests no deeper than the app allows a suite.
    check: (value, report, depth) => {
      if (!isPlainObject(value)) report(`must be a JSON object, not ${describe(value)}`);
      else if (!isJsonValue(value, depth + 1)) report(`nests deeper than ${MAX_JSON_DEPTH} levels (counted from the top of the suite)`);
    },
  },
  expect: {
    schema: { $ref: '#/definitions/expect' },
    check: (value, report) => {
      if (!isPlainObject(value)) report(`must be an object, not ${describe(value)}`);
      else checkFields(value, EXPECT_FIELDS, 'unknown expectation', report, 0);
    },
  },
};

/** A case's own name, beside the case fields. */
export const CASE_NAME = text('Shown in reports.');

/** The suite's own fields, before its defaults and cases. */
export const SUITE_FIELDS: Record<string, FieldRule> = {
  $schema: text('This schema, so editors complete and check the file.'),
  name: text("The suite's name, shown in reports."),
  data: {
    schema: {
      type: 'string',
      pattern: '\\.([cC][sS][vV]|[jJ][sS][oO][nN][lL]?)$',
      description:
        'A .csv (first line: column names), .jsonl (one JSON object a line) or .json (an array of objects) file, relative to this suite: every case runs once per row.',
    },
    check: (value, report) => {
      if (typeof value !== 'string' || !/\.(csv|jsonl|json)$/i.test(value))
        report('must be the path of a .csv, .jsonl or .json file, relative to the suite');
    },
  },
  agents: {
    schema: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: AGENT_ID,
      description: 'Agent ids every case without its own agent runs against.',
    },
    check: (value, report) => {
      if (!Array.isArray(value) || value.length === 0) return report('must be a non-empty list of agent ids');
      value.forEach((agent, index) => {
        if (!isAgentId(agent)) report('must be a non-empty agent id', `[${index}]`);
        else if (value.indexOf(agent) !== index) report(`the agent ${agent} is listed twice`, `[${index}]`);
      });
    },
  },
};

const SUITE_KEYS = [...Object.keys(SUITE_FIELDS), 'defaults', 'cases'];

/** An unknown field of `record` first, then each of `rules` it has, in the rules' order. */
function checkFields(
  record: Fields,
  rules: Record<string, FieldRule>,
  unknownWord: string,
  report: Report,
  depth: number,
  known = Object.keys(rules),
): void {
  for (const key of Object.keys(record)) if (!known.includes(key)) report(`${unknownWord} (known: ${known.join(', ')})`, `.${key}`);
  for (const [key, rule] of Object.entries(rules)) {
    if (key in record) rule.check(record[key], (message, at = '') => report(message, `.${key}${at}`), depth);
  }
}

/**
 * A pattern's problem before any row is known, or null: its `{{column}}` references stood in
 * for by a letter (a row's value goes in escaped, as literal text), compiled by the one engine.
 * planChecked compiles it again with each row's values.
 */
function templatePatternProblem(pattern: string): string | null {
  return patternProblem(pattern.replace(/\{\{\s*[^{}]*?\s*\}\}/g, 'x'));
}

export interface ShapeOptions {
  /** The run's default judge agent (`--judge-agent`), for judge expectations that name none. */
  judgeAgent?: string;
}

/** A judge expectation (the case's own, else the defaults') that names no judge agent. */
function lacksJudgeAgent(item: Fields, defaults: unknown): boolean {
  const judgeOf = (fields: unknown) => {
    const expect = isPlainObject(fields) ? fields['expect'] : undefined;
    return isPlainObject(expect) ? expect['judge'] : undefined;
  };
  const judge = judgeOf(item) ?? judgeOf(defaults);
  return isPlainObject(judge) && !('agent' in judge);
}

/**
 * The structural check (what the JSON Schema also says), plus compiled regular expressions.
 * Returns the problems; an empty list means the value is a Suite.
 */
export function checkSuiteShape(raw: unknown, file: string, options: ShapeOptions = {}): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const add = (field: string, message: string, where: Where = {}) => problems.push({ file, field, message, ...where });
  /** Reports on the fields under `path` ('' at the top, where a field's name has no leading dot). */
  const under =
    (path: string, where: Where = {}): Report =>
    (message, at = '') =>
      add(path === '' ? at.replace(/^\./, '') : `${path}${at}`, message, where);
  if (!isPlainObject(raw)) {
    add('(top level)', `the suite must be a JSON object, not ${describe(raw)}`);
    return problems;
  }
  checkFields(raw, SUITE_FIELDS, 'unknown field', under(''), 0, SUITE_KEYS);
  const defaults = raw['defaults'];
  if ('defaults' in raw) {
    if (!isPlainObject(defaults)) add('defaults', `must be an object, not ${describe(defaults)}`);
    else checkFields(defaults, CASE_FIELDS, 'unknown field', under('defaults'), 1);
  }
  const cases = raw['cases'];
  if (!('cases' in raw)) add('cases', 'is missing: a suite needs at least one case');
  else if (!Array.isArray(cases) || cases.length === 0) add('cases', 'must be a non-empty list of cases');
  else {
    // The one rule across fields (the schema's "if"/"then"): every case has an agent from somewhere.
    const suiteHasAgent = Array.isArray(raw['agents']) || (isPlainObject(defaults) && 'agent' in defaults);
    cases.forEach((item, index) => {
      const field = `cases[${index}]`;
      if (!isPlainObject(item)) {
        add(field, `a case must be an object, not ${describe(item)}`, { case: { number: index + 1 } });
        return;
      }
      const where: Where = { case: { number: index + 1, ...(typeof item['name'] === 'string' ? { name: item['name'] } : {}) } };
      const report = under(field, where);
      if ('name' in item) CASE_NAME.check(item['name'], (message) => report(message, '.name'), 2);
      checkFields(item, CASE_FIELDS, 'unknown field', report, 2, ['name', ...Object.keys(CASE_FIELDS)]);
      if (!('agent' in item) && !suiteHasAgent)
        report('is missing: give the case an agent, or the suite "agents" or "defaults.agent"', '.agent');
      // A judge with no agent takes the run's default; without one, there is no judge to ask.
      if (options.judgeAgent === undefined && lacksJudgeAgent(item, defaults))
        report('is missing: name the judge agent here, or give the run a default judge (--judge-agent ID)', '.expect.judge.agent');
    });
  }
  return problems;
}

/**
 * Every `{{column}}` of a suite that passed checkSuiteShape, checked against the data file's
 * columns (`null`: the suite has no data file, so any reference is a problem).
 */
export function checkColumnReferences(
  suite: Suite,
  file: string,
  columns: readonly string[] | null,
  dataName: string | null,
): SuiteProblem[] {
  const problems: SuiteProblem[] = [];
  const check = (fields: CaseFields, path: string, where: Where) => {
    const references = [
      ...referencesIn(fields.agent, `${path}.agent`),
      ...referencesIn(fields.text, `${path}.text`),
      ...referencesIn(fields.payload, `${path}.payload`),
      ...(['answerContains', 'answerNotContains', 'answerMatches'] as const).flatMap((key) =>
        referencesIn(fields.expect?.[key], `${path}.expect.${key}`),
      ),
    ];
    for (const reference of references) {
      if (columns === null) {
        problems.push({
          file,
          ...where,
          field: reference.path,
          message: `refers to the column {{${reference.column}}}, but the suite has no data file`,
        });
      } else if (!columns.includes(reference.column)) {
        problems.push({
          file,
          ...where,
          field: reference.path,
          message:
            `refers to the column {{${reference.column}}}, which ${dataName ?? 'the data file'} does not have ` +
            `(its columns: ${columns.join(', ') || 'none'})`,
        });
      }
    }
  };
  if (suite.defaults) check(suite.defaults, 'defaults', {});
  suite.cases.forEach((item: SuiteCase, index) =>
    check(item, `cases[${index}]`, { case: { number: index + 1, ...(item.name === undefined ? {} : { name: item.name }) } }),
  );
  return problems;
}

/** The case's fields with the suite defaults under them: payload and expect merged key by key. */
export function withDefaults(
  item: SuiteCase,
  defaults: CaseFields | undefined,
): { agent?: string; text: string; payload: JsonObject; expect: Expectations } {
  const agent = item.agent ?? defaults?.agent;
  return {
    ...(agent === undefined ? {} : { agent }),
    text: item.text ?? defaults?.text ?? '',
    payload: { ...defaults?.payload, ...item.payload },
    expect: { ...defaults?.expect, ...item.expect },
  };
}
